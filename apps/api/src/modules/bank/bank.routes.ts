import {
  bankImportBody,
  bankQuestion,
  bankQuestionBody,
  bankQuestionList,
  bankQuestionQuery,
  bankQuestionVersions,
  drawBody,
  fromBankBody,
  patchOf,
  questionFileFormat,
  questionImportAnswer,
  questionImportPreview,
  questionList,
} from '@skolar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/plugin.ts';
import { contentDisposition } from '../../files/files.service.ts';
import { idParams, listQuery } from '../../http/pagination.ts';
import { errorResponses } from '../../http/route-kit.ts';
import * as bank from './bank.service.ts';
import * as builder from './quiz-builder.service.ts';

const tags = ['question bank'];

/** Under `/api/subjects`: a subject's question bank (decision 191). */
export const subjectBankRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/bank-questions',
    {
      config: { access: { entity: 'bank_question', action: 'list' } },
      schema: {
        operationId: 'listBankQuestions',
        tags,
        summary:
          "A page of the subject's bank (current versions; `q` searches prompts, titles and choices), with its categories and tags (those who set the subject's exams)",
        params: idParams,
        querystring: listQuery.omit({ sort: true, archived: true }).extend(bankQuestionQuery.shape),
        response: { 200: bankQuestionList, ...errorResponses },
      },
    },
    async (request) =>
      bank.list(app.ctx, requireActor(request), request.params.id, {
        ...request.query,
        archived: false,
      }),
  );
  app.get(
    '/:id/bank-questions/export',
    {
      config: { access: { entity: 'bank_question', action: 'list' } },
      schema: {
        operationId: 'exportBankQuestions',
        tags,
        summary:
          "The subject's bank (or one category and those under it) as a GIFT or Moodle XML file, each question under its category, keys and feedback included",
        params: idParams,
        querystring: z.object({
          format: questionFileFormat.default('gift'),
          category: z.string().trim().max(200).optional(),
        }),
        produces: ['text/plain', 'application/xml'],
        response: { 200: z.string().describe('GIFT or Moodle XML'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { content, fileName, type } = await bank.exportBank(
        app.ctx,
        requireActor(request),
        request.params.id,
        request.query.format,
        request.query.category,
      );
      return reply
        .header('content-type', `${type}; charset=utf-8`)
        .header('content-disposition', contentDisposition(fileName, 'attachment'))
        .header('cache-control', 'private, no-store')
        .send(content);
    },
  );
  app.post(
    '/:id/bank-questions',
    {
      config: { access: { entity: 'bank_question', action: 'create' } },
      schema: {
        operationId: 'createBankQuestion',
        tags,
        summary: "Add a question to the subject's bank, checked as an exam's question is",
        params: idParams,
        body: bankQuestionBody,
        response: { 201: bankQuestion, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await bank.create(app.ctx, requireActor(request), request.params.id, request.body)),
  );
  app.post(
    '/:id/bank-questions/import/preview',
    {
      config: { access: { entity: 'bank_question', action: 'create' } },
      schema: {
        operationId: 'previewBankImport',
        tags,
        summary:
          'Each question of a GIFT or Moodle XML text as the bank would take it, with its category, or why it is refused; nothing is written',
        params: idParams,
        body: bankImportBody,
        response: { 200: questionImportPreview, ...errorResponses },
      },
    },
    async (request) =>
      bank.previewImport(
        app.ctx,
        requireActor(request),
        request.params.id,
        request.body,
        request.locale,
      ),
  );
  app.post(
    '/:id/bank-questions/import',
    {
      config: { access: { entity: 'bank_question', action: 'create' } },
      schema: {
        operationId: 'importBankQuestions',
        tags,
        summary:
          "Import a GIFT or Moodle XML text into the subject's bank, its categories included: 422 when one is refused, unless `skip_refused`; questions the bank has are not added twice",
        params: idParams,
        body: bankImportBody,
        response: { 200: questionImportAnswer, ...errorResponses },
      },
    },
    async (request) =>
      bank.importFile(
        app.ctx,
        requireActor(request),
        request.params.id,
        request.body,
        request.locale,
      ),
  );
};

/** `/api/bank-questions/:id`: one question of a bank, its versions and its archiving. */
export const bankQuestionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/:id',
    {
      config: { access: { entity: 'bank_question', action: 'update' } },
      schema: {
        operationId: 'updateBankQuestion',
        tags,
        summary:
          'Edit a bank question: in place while no exam with attempts holds it, else as its next version (the answer is the version now current)',
        params: idParams,
        body: patchOf(bankQuestionBody),
        response: { 200: bankQuestion, ...errorResponses },
      },
    },
    async (request) => bank.update(app.ctx, requireActor(request), request.params.id, request.body),
  );
  app.get(
    '/:id/versions',
    {
      config: { access: { entity: 'bank_question', action: 'read' } },
      schema: {
        operationId: 'listBankQuestionVersions',
        tags,
        summary: 'Every version of a bank question, the newest first',
        params: idParams,
        response: { 200: bankQuestionVersions, ...errorResponses },
      },
    },
    async (request) => bank.versions(app.ctx, requireActor(request), request.params.id),
  );
  app.post(
    '/:id/archive',
    {
      config: { access: { entity: 'bank_question', action: 'archive' } },
      schema: {
        operationId: 'archiveBankQuestion',
        tags,
        summary: 'Take a question out of the bank (exams keep their copies)',
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await bank.archive(app.ctx, requireActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};

/** Under `/api/evaluations`: an exam's quiz built from its subject's bank. */
export const quizBuilderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/:id/questions/from-bank',
    {
      config: { access: { entity: 'question', action: 'create' } },
      schema: {
        operationId: 'addQuestionsFromBank',
        tags,
        summary:
          "Copy chosen questions of the bank of the exam's subject to the end of its quiz (409 once a student has started)",
        params: idParams,
        body: fromBankBody,
        response: { 200: questionList, ...errorResponses },
      },
    },
    async (request) =>
      builder.addFromBank(app.ctx, requireActor(request), request.params.id, request.body),
  );
  app.post(
    '/:id/draws',
    {
      config: { access: { entity: 'question', action: 'create' } },
      schema: {
        operationId: 'addQuestionDraw',
        tags,
        summary:
          'Add a random draw: each attempt gets `count` questions of a bank category, drawn with the attempt as the seed (409 once a student has started)',
        params: idParams,
        body: drawBody,
        response: { 200: questionList, ...errorResponses },
      },
    },
    async (request) =>
      builder.addDraw(app.ctx, requireActor(request), request.params.id, request.body),
  );
};

/** `/api/question-draws/:id`: remove a random draw and its pool. */
export const drawRoutes: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/:id',
    {
      config: { access: { entity: 'question', action: 'delete' } },
      schema: {
        operationId: 'deleteQuestionDraw',
        tags,
        summary: 'Remove a random draw and its pool (409 once a student has started)',
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await builder.removeDraw(app.ctx, requireActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
