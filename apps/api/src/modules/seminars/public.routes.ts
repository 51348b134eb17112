import { publicSeminar } from '@skolar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listPublicSeminars } from './seminars.queries.ts';

/** Public seminars beside the public trainings of the catalogue. No sign-in. */
export const publicSeminarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/seminar',
    {
      config: { access: { public: 'the public catalogue' } },
      schema: {
        operationId: 'listPublicSeminars',
        tags: ['catalogue'],
        summary: 'Public, non-archived seminars with their institution (no sign-in)',
        security: [],
        response: { 200: z.array(publicSeminar) },
      },
    },
    // The catalogue only ever reads public, non-archived rows: it needs no actor.
    async () => listPublicSeminars(app.ctx.db, app.ctx.clock.now()),
  );
};
