import {
  accommodationBody,
  attemptRoster,
  attemptRosterRow,
  attemptView,
  idText,
  patchOf,
  question,
  questionBody,
  questionFileFormat,
  questionImportAnswer,
  questionImportBody,
  questionImportPreview,
  questionList,
  quizOrderBody,
  quizStatistics,
  quizTryAnswer,
  quizTryBody,
  saveAnswersAnswer,
  saveAnswersBody,
} from '@skolar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/plugin.ts';
import { contentDisposition } from '../../files/files.service.ts';
import { idParams } from '../../http/pagination.ts';
import { errorResponses } from '../../http/route-kit.ts';
import * as attempts from './attempts.service.ts';
import * as questions from './questions.service.ts';
import * as stats from './statistics.service.ts';

const tags = ['exams'];
const studentParams = z.object({
  id: idText,
  studentId: idText,
});

/** Under `/api/evaluations`: an exam's attempts, extra time and quiz. */
export const examEvaluationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/:id/attempts',
    {
      config: { access: { entity: 'attempt', action: 'create' } },
      schema: {
        operationId: 'startAttempt',
        tags,
        summary:
          'Start the exam inside its window (201), or resume the attempt already started (200)',
        params: idParams,
        response: { 200: attemptView, 201: attemptView, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { created, view } = await attempts.start(
        app.ctx,
        requireActor(request),
        request.params.id,
      );
      return reply.status(created ? 201 : 200).send(view);
    },
  );
  app.get(
    '/:id/attempts',
    {
      config: { access: { entity: 'attempt', action: 'list' } },
      schema: {
        operationId: 'listExamAttempts',
        tags,
        summary: "Each student of the exam's promotion with their extra time and attempt",
        params: idParams,
        response: { 200: attemptRoster, ...errorResponses },
      },
    },
    async (request) => attempts.roster(app.ctx, requireActor(request), request.params.id),
  );
  app.put(
    '/:id/accommodations/:studentId',
    {
      config: { access: { entity: 'evaluation', action: 'assign' } },
      schema: {
        operationId: 'setExamExtraTime',
        tags,
        summary: 'Give one student extra time, before or during their attempt (within the window)',
        params: studentParams,
        body: accommodationBody,
        response: { 200: attemptRosterRow, ...errorResponses },
      },
    },
    async (request) =>
      attempts.setExtraTime(
        app.ctx,
        requireActor(request),
        request.params.id,
        request.params.studentId,
        request.body.extra_minutes,
      ),
  );
  app.get(
    '/:id/questions',
    {
      config: { access: { entity: 'question', action: 'list' } },
      schema: {
        operationId: 'listQuestions',
        tags,
        summary: 'The quiz of an exam in order, with its answer key (staff)',
        params: idParams,
        response: { 200: questionList, ...errorResponses },
      },
    },
    async (request) => questions.list(app.ctx, requireActor(request), request.params.id),
  );
  app.put(
    '/:id/questions/order',
    {
      config: { access: { entity: 'question', action: 'update' } },
      schema: {
        operationId: 'reorderQuestions',
        tags,
        summary:
          'Put the quiz in a new order: every question outside a draw and every draw, once each (409 once a student has started)',
        params: idParams,
        body: quizOrderBody,
        response: { 200: questionList, ...errorResponses },
      },
    },
    async (request) =>
      questions.reorder(app.ctx, requireActor(request), request.params.id, request.body),
  );
  app.post(
    '/:id/questions/try',
    {
      config: { access: { entity: 'question', action: 'list' } },
      schema: {
        operationId: 'tryQuiz',
        tags,
        summary:
          'Score answers to the quiz as a hand-in would, with the feedback they get (staff previewing as a student); nothing is stored',
        params: idParams,
        body: quizTryBody,
        response: { 200: quizTryAnswer, ...errorResponses },
      },
    },
    async (request) =>
      questions.tryQuiz(app.ctx, requireActor(request), request.params.id, request.body),
  );
  app.get(
    '/:id/statistics',
    {
      config: { access: { entity: 'question', action: 'list' } },
      schema: {
        operationId: 'quizStatistics',
        tags,
        summary:
          'The quiz’s item analysis on its closed attempts (facility, discrimination, responses; mean, median, SD, Cronbach’s alpha), for those who mark the exam',
        params: idParams,
        response: { 200: quizStatistics, ...errorResponses },
      },
    },
    async (request) => stats.statistics(app.ctx, requireActor(request), request.params.id),
  );
  app.get(
    '/:id/questions/export',
    {
      config: { access: { entity: 'question', action: 'list' } },
      schema: {
        operationId: 'exportQuestions',
        tags,
        summary:
          'The quiz as a GIFT or Moodle XML file, key and feedback included (staff who mark the exam), for Moodle or another exam',
        params: idParams,
        querystring: z.object({ format: questionFileFormat.default('gift') }),
        produces: ['text/plain', 'application/xml'],
        response: { 200: z.string().describe('GIFT or Moodle XML'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { content, fileName, type } = await questions.exportQuiz(
        app.ctx,
        requireActor(request),
        request.params.id,
        request.query.format,
      );
      return reply
        .header('content-type', `${type}; charset=utf-8`)
        .header('content-disposition', contentDisposition(fileName, 'attachment'))
        .header('cache-control', 'private, no-store')
        .send(content);
    },
  );
  app.post(
    '/:id/questions',
    {
      config: { access: { entity: 'question', action: 'create' } },
      schema: {
        operationId: 'createQuestion',
        tags,
        summary: 'Add a question at the end of the quiz (409 once a student has started)',
        params: idParams,
        body: questionBody,
        response: { 201: question, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await questions.create(app.ctx, requireActor(request), request.params.id, request.body),
        ),
  );
  app.post(
    '/:id/questions/import/preview',
    {
      config: { access: { entity: 'question', action: 'create' } },
      schema: {
        operationId: 'previewQuestionImport',
        tags,
        summary:
          'Each question of a GIFT or Moodle XML text as it would be imported (its key as it will score) or why it is refused; nothing is written',
        params: idParams,
        body: questionImportBody,
        response: { 200: questionImportPreview, ...errorResponses },
      },
    },
    async (request) =>
      questions.previewImport(
        app.ctx,
        requireActor(request),
        request.params.id,
        request.body,
        request.locale,
      ),
  );
  app.post(
    '/:id/questions/import',
    {
      config: { access: { entity: 'question', action: 'create' } },
      schema: {
        operationId: 'importQuestions',
        tags,
        summary:
          'Import the questions of a GIFT or Moodle XML text: 422 when one is refused, unless `skip_refused`; questions the exam has are not added twice',
        params: idParams,
        body: questionImportBody,
        response: { 200: questionImportAnswer, ...errorResponses },
      },
    },
    async (request) =>
      questions.importQuestions(
        app.ctx,
        requireActor(request),
        request.params.id,
        request.body,
        request.locale,
      ),
  );
};

/** `/api/questions/:id`: edit or remove one question while no student has started. */
export const questionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/:id',
    {
      config: { access: { entity: 'question', action: 'update' } },
      schema: {
        operationId: 'updateQuestion',
        tags,
        summary:
          'Edit a question (the result must fit its kind); once a student has started, only its key, points and title (409 for anything else)',
        params: idParams,
        body: patchOf(questionBody),
        response: { 200: question, ...errorResponses },
      },
    },
    async (request) =>
      questions.update(app.ctx, requireActor(request), request.params.id, request.body),
  );
  app.delete(
    '/:id',
    {
      config: { access: { entity: 'question', action: 'delete' } },
      schema: {
        operationId: 'deleteQuestion',
        tags,
        summary: 'Remove a question (409 once a student has started)',
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await questions.remove(app.ctx, requireActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};

/** `/api/attempts/:id`: the student's attempt, its autosave and its hand-in. */
export const attemptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id',
    {
      config: { access: { entity: 'attempt', action: 'read' } },
      schema: {
        operationId: 'getAttempt',
        tags,
        summary: "The attempt with its saved answers and the server's remaining time",
        params: idParams,
        response: { 200: attemptView, ...errorResponses },
      },
    },
    async (request) => attempts.read(app.ctx, requireActor(request), request.params.id),
  );
  app.put(
    '/:id/answers',
    {
      config: { access: { entity: 'attempt', action: 'update' } },
      schema: {
        operationId: 'saveAttemptAnswers',
        tags,
        summary:
          'Save answers as typed, each with its typing time (409 once the attempt is closed)',
        params: idParams,
        body: saveAnswersBody,
        response: { 200: saveAnswersAnswer, ...errorResponses },
      },
    },
    async (request) =>
      attempts.saveAnswers(app.ctx, requireActor(request), request.params.id, request.body),
  );
  app.post(
    '/:id/finish',
    {
      config: { access: { entity: 'attempt', action: 'update' } },
      schema: {
        operationId: 'finishAttempt',
        tags,
        summary: 'Hand the attempt in (scored at once); a closed attempt answers its closed view',
        params: idParams,
        response: { 200: attemptView, ...errorResponses },
      },
    },
    async (request) => attempts.finish(app.ctx, requireActor(request), request.params.id),
  );
};
