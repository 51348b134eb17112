import { auditEntry, auditFilters } from '@skolar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../auth/plugin.ts';
import { listAnswer, listQuery } from '../../http/pagination.ts';
import { errorBody } from '../../http/route-kit.ts';
import * as audit from './audit.service.ts';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: { entity: 'audit', action: 'list' } },
      schema: {
        operationId: 'listAudit',
        tags: ['audit'],
        summary:
          'The audit log, newest first (admin: own institution; super-admin: all); filters actor_id, action, entity, from, to, q',
        querystring: listQuery.omit({ sort: true, archived: true }).extend(auditFilters.shape),
        response: {
          200: listAnswer(auditEntry),
          401: errorBody,
          403: errorBody,
          422: errorBody,
        },
      },
    },
    async (request) => audit.list(app.ctx, requireActor(request), request.query),
  );
};
