import {
  evaluation,
  evaluationBudget,
  evaluationFields,
  evaluationStatusField,
  evaluationType,
  idText,
  myEvaluationDetail,
  myEvaluationList,
  newEvaluationBody,
  patchOf,
} from '@skolar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/plugin.ts';
import { contentDisposition } from '../../files/files.service.ts';
import { idParams, listAnswer, listQuery } from '../../http/pagination.ts';
import { archiveRoutes, errorBody, errorResponses, filePart } from '../../http/route-kit.ts';
import * as evaluations from './evaluations.service.ts';
import * as mine from './my-evaluations.service.ts';

const tags = ['evaluations'];

/** `?has_quiz=true|false` (absent: both). */
const booleanQuery = z
  .enum(['true', 'false'])
  .transform((value) => value === 'true')
  .optional();
const positiveId = idText.optional();

export const evaluationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: { entity: 'evaluation', action: 'list' } },
      schema: {
        operationId: 'listEvaluations',
        tags,
        summary: 'Evaluations in scope, by subject, training, type or online quiz',
        querystring: listQuery.extend({
          subject_id: positiveId,
          training_id: positiveId,
          type: evaluationType.optional(),
          has_quiz: booleanQuery,
        }),
        response: { 200: listAnswer(evaluation), ...errorResponses },
      },
    },
    async (request) => {
      const { subject_id, training_id, type, has_quiz, ...query } = request.query;
      return evaluations.list(app.ctx, requireActor(request), query, {
        subject_id,
        training_id,
        type,
        has_quiz,
      });
    },
  );
  app.post(
    '/',
    {
      config: { access: { entity: 'evaluation', action: 'create' } },
      schema: {
        operationId: 'createEvaluation',
        tags,
        summary:
          'Create an exam or a project of a subject in one of its trainings (percentages of the subject in the training: at most 100 in all)',
        body: newEvaluationBody,
        response: { 201: evaluation, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await evaluations.create(app.ctx, requireActor(request), request.body)),
  );
  app.get(
    '/:id',
    {
      config: { access: { entity: 'evaluation', action: 'read' } },
      schema: {
        operationId: 'getEvaluation',
        tags,
        summary: 'One evaluation with its window, document and correction links',
        params: idParams,
        response: { 200: evaluation, ...errorResponses },
      },
    },
    async (request) => evaluations.read(app.ctx, requireActor(request), request.params.id),
  );
  app.patch(
    '/:id',
    {
      config: { access: { entity: 'evaluation', action: 'update' } },
      schema: {
        operationId: 'updateEvaluation',
        tags,
        summary: 'Edit an evaluation: the fields given change, the rules hold on the result',
        params: idParams,
        body: patchOf(evaluationFields),
        response: { 200: evaluation, ...errorResponses },
      },
    },
    async (request) =>
      evaluations.update(app.ctx, requireActor(request), request.params.id, request.body),
  );
  app.delete(
    '/:id',
    {
      config: { access: { entity: 'evaluation', action: 'delete' } },
      schema: {
        operationId: 'deleteEvaluation',
        tags,
        summary: 'Delete an evaluation without attempts, hand-ins or grades (409 otherwise)',
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await evaluations.remove(app.ctx, requireActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  archiveRoutes(app, {
    entity: 'evaluation',
    name: 'Evaluation',
    tags,
    summary: (verb) =>
      verb === 'Archive'
        ? 'Archive an evaluation (it stops counting in the percentages)'
        : 'Unarchive an evaluation (422 when its percentage no longer fits)',
    response: evaluation,
    setArchived: (request, id, archived) =>
      evaluations.setArchived(app.ctx, requireActor(request), id, archived),
  });
  for (const slot of ['document', 'correction'] as const) {
    const name = slot === 'document' ? 'Document' : 'Correction';
    app.post(
      `/:id/${slot}`,
      {
        config: { access: { entity: 'evaluation', action: 'update' } },
        schema: {
          operationId: `uploadEvaluation${name}`,
          tags,
          summary: `Upload the ${slot} of an evaluation (a PDF; multipart field \`file\`)${slot === 'correction' ? '; students get it once the evaluation has closed' : ''}`,
          consumes: ['multipart/form-data'],
          params: idParams,
          response: {
            200: evaluation,
            ...errorResponses,
            413: errorBody,
            415: errorBody,
            429: errorBody,
          },
        },
      },
      async (request) => {
        const actor = requireActor(request);
        const part = await filePart(request);
        return evaluations.setFile(app.ctx, actor, request.params.id, slot, part);
      },
    );
    app.delete(
      `/:id/${slot}`,
      {
        config: { access: { entity: 'evaluation', action: 'update' } },
        schema: {
          operationId: `removeEvaluation${name}`,
          tags,
          summary: `Unlink the ${slot} of an evaluation`,
          params: idParams,
          response: { 200: evaluation, ...errorResponses },
        },
      },
      async (request) =>
        evaluations.clearFile(app.ctx, requireActor(request), request.params.id, slot),
    );
  }
};

/** `GET /api/subjects/:id/evaluation-budget`, registered under the subjects' prefix. */
export const evaluationBudgetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/evaluation-budget',
    {
      config: { access: { entity: 'evaluation', action: 'create' } },
      schema: {
        operationId: 'getSubjectEvaluationBudget',
        tags,
        summary:
          'The trainings that contain the subject, each with the percentage its evaluations use',
        params: idParams,
        querystring: z.object({ exclude: positiveId }),
        response: { 200: evaluationBudget, ...errorResponses },
      },
    },
    async (request) =>
      evaluations.budget(app.ctx, requireActor(request), request.params.id, request.query.exclude),
  );
};

/** The student's evaluations with their statuses, under `/api/me`. */
export const myEvaluationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/evaluations',
    {
      config: { access: { entity: 'progress', action: 'read' } },
      schema: {
        operationId: 'listMyEvaluations',
        tags,
        summary:
          "The student's evaluations with their statuses, soonest due first, a page at a time",
        querystring: listQuery.pick({ page: true, per_page: true }).extend({
          type: evaluationType.optional(),
          has_quiz: booleanQuery,
          status: evaluationStatusField.optional(),
        }),
        response: { 200: myEvaluationList, ...errorResponses },
      },
    },
    async (request) => mine.mine(app.ctx, requireActor(request), request.query),
  );
  app.get(
    '/evaluations/:id',
    {
      config: { access: { entity: 'progress', action: 'read' } },
      schema: {
        operationId: 'getMyEvaluation',
        tags,
        summary: 'One of the student’s evaluations with their status and hand-in receipts',
        params: idParams,
        response: { 200: myEvaluationDetail, ...errorResponses },
      },
    },
    async (request) => mine.myDetail(app.ctx, requireActor(request), request.params.id),
  );
  app.get(
    '/evaluations/:id/correction',
    {
      config: { access: { entity: 'progress', action: 'read' } },
      schema: {
        operationId: 'getMyEvaluationCorrection',
        tags,
        summary:
          'The correction of one of the student’s evaluations, once it has closed (404 before)',
        params: idParams,
        response: {
          200: z.string().describe('The PDF bytes (application/pdf)'),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { file, bytes } = await mine.myCorrection(
        app.ctx,
        requireActor(request),
        request.params.id,
      );
      return reply
        .header('content-type', file.mime)
        .header('content-length', String(bytes.length))
        .header('content-disposition', contentDisposition(file.original_name))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(bytes as unknown as string);
    },
  );
};
