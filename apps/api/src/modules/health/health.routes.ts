import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase } from './health.queries.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: { public: 'liveness probes of load balancers' } },
      schema: {
        operationId: 'health',
        tags: ['operations'],
        summary: 'Liveness and database check',
        response: {
          200: z.object({ status: z.literal('ok') }),
          503: z.object({ status: z.literal('unavailable'), message: z.string() }),
        },
      },
    },
    async (request, reply) => {
      try {
        await pingDatabase(app.ctx.db);
        return { status: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'health check failed');
        return reply
          .status(503)
          .send({ status: 'unavailable' as const, message: 'database unavailable' });
      }
    },
  );
};
