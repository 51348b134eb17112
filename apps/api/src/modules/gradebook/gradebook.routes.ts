import {
  gradebook,
  gradebookImportBody,
  gradebookImportRefusal,
  gradebookImportReport,
  myResultsAnswer,
  myResultsQuery,
} from '@skolar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/plugin.ts';
import { sendCsv } from '../../http/download.ts';
import { idParams } from '../../http/pagination.ts';
import { errorResponses } from '../../http/route-kit.ts';
import * as book from './gradebook.service.ts';
import { myResults } from './my-results.service.ts';

/** `/api/me/results`: the student's published results with the class's figures. */
export const myResultRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/results',
    {
      config: { access: { entity: 'record', action: 'read' } },
      schema: {
        operationId: 'listMyResults',
        tags: ['results'],
        summary:
          "The signed-in student's published results, each with its evaluation and the class's average, minimum and maximum out of 20 (student)",
        querystring: myResultsQuery,
        response: { 200: myResultsAnswer, ...errorResponses },
      },
    },
    async (request) => ({
      data: await myResults(app.ctx, requireActor(request), request.query.training_id),
    }),
  );
};

const tags = ['gradebook'];

/** `/api/promotions/:id/gradebook…`: the promotion's grades for staff, as JSON or CSV, and back. */
export const gradebookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/gradebook',
    {
      config: { access: { entity: 'result', action: 'list' } },
      schema: {
        operationId: 'getGradebook',
        tags,
        summary:
          'Students × evaluations of a promotion with subject and overall averages over every grade entered (staff; a teacher, the evaluations they grade)',
        params: idParams,
        response: { 200: gradebook, ...errorResponses },
      },
    },
    async (request) => book.gradebook(app.ctx, requireActor(request), request.params.id),
  );
  app.get(
    '/:id/gradebook.csv',
    {
      config: { access: { entity: 'result', action: 'list' } },
      schema: {
        operationId: 'downloadGradebookCsv',
        tags,
        summary:
          'The gradebook as a formula-safe CSV (UTF-8 BOM, `;` in French and German, `,` in English), for a spreadsheet and back',
        params: idParams,
        // A download link cannot set Accept-Language: the page passes its language.
        querystring: z.object({ locale: z.enum(['fr', 'en', 'de']).optional() }),
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { content, fileName } = await book.gradebookCsv(
        app.ctx,
        requireActor(request),
        request.params.id,
        request.query.locale ?? request.locale,
      );
      return sendCsv(reply, content, fileName);
    },
  );
  app.post(
    '/:id/gradebook/dry-run',
    {
      config: { access: { entity: 'result', action: 'update' } },
      schema: {
        operationId: 'dryRunGradebookImport',
        tags,
        summary:
          'Check a gradebook CSV line by line against the promotion, without writing (staff)',
        params: idParams,
        body: gradebookImportBody,
        response: { 200: gradebookImportReport, ...errorResponses },
      },
    },
    async (request) =>
      book.dryRunImport(
        app.ctx,
        requireActor(request),
        request.params.id,
        request.body,
        request.locale,
      ),
  );
  app.post(
    '/:id/gradebook',
    {
      config: { access: { entity: 'result', action: 'update' } },
      schema: {
        operationId: 'importGradebook',
        tags,
        summary:
          'Import a gradebook CSV: every change in one transaction with its history row, or nothing (422 with the report, 409 when a line changed meanwhile)',
        params: idParams,
        body: gradebookImportBody,
        response: { ...errorResponses, 200: gradebookImportReport, 422: gradebookImportRefusal },
      },
    },
    async (request) =>
      book.runImport(
        app.ctx,
        requireActor(request),
        request.params.id,
        request.body,
        request.locale,
      ),
  );
};
