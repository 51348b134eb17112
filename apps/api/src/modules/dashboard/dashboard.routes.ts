import { dashboardAnswer, errorBody } from '@skolar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../auth/plugin.ts';
import { dashboard } from './dashboard.service.ts';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    {
      config: { access: { signedIn: 'each role sees its own counts' } },
      schema: {
        operationId: 'getDashboard',
        tags: ['dashboard'],
        summary: "The signed-in user's dashboard: counts and next evaluations",
        response: { 200: dashboardAnswer, 401: errorBody },
      },
    },
    async (request) => dashboard(app.ctx, requireActor(request)),
  );
};
