import { importBody, importRecord, importReport, importRun } from '@skolar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/plugin.ts';
import { STEP_UP_HEADER } from '../../auth/step-up.ts';
import { listAnswer, listQuery } from '../../http/pagination.ts';
import { errorResponses } from '../../http/route-kit.ts';
import * as imports from './imports.service.ts';

const tags = ['imports'];

export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/dry-run',
    {
      config: { access: { entity: 'import', action: 'create' } },
      schema: {
        operationId: 'dryRunImport',
        tags,
        summary: 'Check a CSV of students or teachers line by line, without writing (admin)',
        body: importBody,
        response: { 200: importReport, ...errorResponses },
      },
    },
    async (request) => imports.dryRun(app.ctx, requireActor(request), request.body, request.locale),
  );
  app.post(
    '/',
    {
      config: { access: { entity: 'import', action: 'create' } },
      schema: {
        operationId: 'runImport',
        tags,
        summary:
          'Import a valid CSV in batches and send the invitations (admin); updating existing people needs X-Confirm-Token',
        body: importBody,
        response: {
          201: importRun,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const token = request.headers[STEP_UP_HEADER];
      const run = await imports.run(
        app.ctx,
        actor,
        request.body,
        request.locale,
        typeof token === 'string' ? token : undefined,
      );
      return reply.status(201).send(run);
    },
  );
  app.get(
    '/',
    {
      config: { access: { entity: 'import', action: 'list' } },
      schema: {
        operationId: 'listImports',
        tags,
        summary: 'The import history of the institution (admin)',
        querystring: listQuery.extend({ kind: z.enum(['student', 'teacher']) }),
        response: { 200: listAnswer(importRecord), ...errorResponses },
      },
    },
    async (request) => {
      const { kind, ...query } = request.query;
      return imports.history(app.ctx, requireActor(request), kind, query);
    },
  );
};
