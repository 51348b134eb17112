import { errorBody, firstRunBody } from '@skolar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '../../i18n/messages.ts';
import { checkSetupToken, createSuperAdmin } from './first-run.ts';

/**
 * The first-run setup (decision 109): the one-time link the server logs at start while the
 * database has no super-admin. Both routes answer 404 for a bad, used or expired link and for
 * good once a super-admin exists.
 */
export const setupRoutes: FastifyPluginAsyncZod = async (app) => {
  const tokenParams = z.object({ token: z.string().min(1).max(200) });

  app.get(
    '/:token',
    {
      config: { access: { public: 'the first-run link is opened before any account exists' } },
      schema: {
        operationId: 'checkSetupLink',
        tags: ['operations'],
        summary: 'Whether a first-run setup link still works (no super-admin yet)',
        params: tokenParams,
        response: { 204: z.null(), 404: errorBody },
      },
    },
    async (request, reply) => {
      await checkSetupToken(app.ctx, request.params.token);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/:token',
    {
      config: { access: { public: 'the first-run link is used before any account exists' } },
      schema: {
        operationId: 'createFirstSuperAdmin',
        tags: ['operations'],
        summary: 'Creates the first super-admin from the first-run setup link (single use)',
        params: tokenParams,
        body: firstRunBody,
        response: { 201: z.object({ message: z.string() }), 404: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => {
      await createSuperAdmin(app.ctx.db, request.body, app.ctx.clock.now(), {
        token: request.params.token,
      });
      return reply.status(201).send({ message: translate(request.locale, 'setup.done') });
    },
  );
};
