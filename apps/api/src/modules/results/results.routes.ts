import {
  gradeGrid,
  gradeGridQuery,
  gradeHistory,
  markAnswersBody,
  publishResultsAnswer,
  publishResultsBody,
  quizPrefill,
  regradeAnswer,
  regradeBody,
  result,
  resultConflictBody,
  resultListQuery,
  resultPatchBody,
  saveResultsBody,
} from '@skolar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/plugin.ts';
import { idParams, listAnswer, listQuery } from '../../http/pagination.ts';
import { errorResponses } from '../../http/route-kit.ts';
import { regrade } from './regrade.service.ts';
import * as service from './results.service.ts';

const tags = ['results'];
const conflictResponses = { ...errorResponses, 409: resultConflictBody };

/**
 * Under `/api/evaluations/:id`: the grade grid, its batch save, the publication and the quiz's
 * regrade.
 */
export const evaluationResultRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/results',
    {
      config: { access: { entity: 'result', action: 'list' } },
      schema: {
        operationId: 'getGradeGrid',
        tags,
        summary:
          "The grade grid: each student of the evaluation's promotion (or of one group) with their result and the quiz's suggestion (staff)",
        params: idParams,
        querystring: gradeGridQuery,
        response: { 200: gradeGrid, ...errorResponses },
      },
    },
    async (request) =>
      service.grid(
        app.ctx,
        requireActor(request),
        request.params.id,
        request.query.group_id ?? null,
      ),
  );
  app.put(
    '/:id/results',
    {
      config: { access: { entity: 'result', action: 'update' } },
      schema: {
        operationId: 'saveGrades',
        tags,
        summary:
          'Save a batch of grades, all or nothing (422 per line, 409 with who changed a line meanwhile); answers the grid',
        params: idParams,
        querystring: gradeGridQuery,
        body: saveResultsBody,
        response: { 200: gradeGrid, ...conflictResponses },
      },
    },
    async (request) =>
      service.save(
        app.ctx,
        requireActor(request),
        request.params.id,
        request.body,
        request.query.group_id ?? null,
      ),
  );
  app.post(
    '/:id/publish',
    {
      config: { access: { entity: 'result', action: 'update' } },
      schema: {
        operationId: 'publishResults',
        tags,
        summary:
          'Publish the graded and absent lines not yet published (all, or the given students), mailing each student who wants it',
        params: idParams,
        body: publishResultsBody,
        response: { 200: publishResultsAnswer, ...errorResponses },
      },
    },
    async (request) =>
      service.publish(app.ctx, requireActor(request), request.params.id, request.body.student_ids),
  );
  app.post(
    '/:id/regrade',
    {
      config: { access: { entity: 'result', action: 'update' } },
      schema: {
        operationId: 'regradeQuiz',
        tags,
        summary:
          "Score the quiz's closed attempts again with its current keys, and move the grades that hold the old suggestion (dry_run: the same answer, nothing written)",
        params: idParams,
        body: regradeBody,
        response: { 200: regradeAnswer, ...errorResponses },
      },
    },
    async (request) => regrade(app.ctx, requireActor(request), request.params.id, request.body),
  );
  app.post(
    '/:id/reveal',
    {
      config: { access: { entity: 'result', action: 'update' } },
      schema: {
        operationId: 'revealStudents',
        tags,
        summary:
          "Reveal a blind-marked project's students to its markers, for good (audited; publishing a grade does it too); answers the grade grid",
        params: idParams,
        response: { 200: gradeGrid, ...errorResponses },
      },
    },
    async (request) => service.revealStudents(app.ctx, requireActor(request), request.params.id),
  );
};

/** `/api/attempts/:id/marks`: a teacher marks the written answers of a closed attempt. */
export const attemptMarkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/:id/marks',
    {
      config: { access: { entity: 'result', action: 'update' } },
      schema: {
        operationId: 'markAttemptAnswers',
        tags,
        summary:
          "Give points to the long answers of a closed attempt (0..the question's points); answers the quiz's new suggestion",
        params: idParams,
        body: markAnswersBody,
        response: { 200: quizPrefill, ...errorResponses },
      },
    },
    async (request) =>
      service.mark(app.ctx, requireActor(request), request.params.id, request.body),
  );
};

/** `/api/results`: one result, its line edit, its clearing and its history. */
export const resultRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: { entity: 'result', action: 'list' } },
      schema: {
        operationId: 'listResults',
        tags,
        summary: 'Results in scope (a student: their own published ones), paginated',
        querystring: listQuery.extend(resultListQuery.shape),
        response: { 200: listAnswer(result), ...errorResponses },
      },
    },
    async (request) => {
      const { evaluation_id, student_id, ...query } = request.query;
      return service.list(app.ctx, requireActor(request), query, { evaluation_id, student_id });
    },
  );
  app.get(
    '/:id',
    {
      config: { access: { entity: 'result', action: 'read' } },
      schema: {
        operationId: 'getResult',
        tags,
        summary:
          'One result with its student and evaluation (a student: their own, once published)',
        params: idParams,
        response: { 200: result, ...errorResponses },
      },
    },
    async (request) => service.read(app.ctx, requireActor(request), request.params.id),
  );
  app.patch(
    '/:id',
    {
      config: { access: { entity: 'result', action: 'update' } },
      schema: {
        operationId: 'updateResult',
        tags,
        summary:
          'Change one line (grade, absence, comment) from the version shown (409 if it moved)',
        params: idParams,
        body: resultPatchBody,
        response: { 200: result, ...conflictResponses },
      },
    },
    async (request) =>
      service.update(app.ctx, requireActor(request), request.params.id, request.body),
  );
  app.delete(
    '/:id',
    {
      config: { access: { entity: 'result', action: 'delete' } },
      schema: {
        operationId: 'clearResult',
        tags,
        summary: 'Clear the line back to pending (the row and its history stay)',
        params: idParams,
        response: { 204: z.null(), ...conflictResponses },
      },
    },
    async (request, reply) => {
      await service.clear(app.ctx, requireActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/:id/history',
    {
      config: { access: { entity: 'grade_change', action: 'list' } },
      schema: {
        operationId: 'getResultHistory',
        tags,
        summary: 'Every change of the result, newest first: who, when, before and after (staff)',
        params: idParams,
        response: { 200: gradeHistory, ...errorResponses },
      },
    },
    async (request) => service.history(app.ctx, requireActor(request), request.params.id),
  );
};
