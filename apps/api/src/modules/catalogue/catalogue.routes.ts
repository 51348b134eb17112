import {
  errorBody,
  publicInstitution,
  publicTraining,
  publicTrainingDetails,
} from '@skolar/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../http/pagination.ts';
import * as catalogue from './catalogue.service.ts';
import { type CachedAnswer, cachedAnswer } from './catalogue-cache.ts';

/**
 * Sends a cached catalogue answer with its ETag, compressed when the browser accepts it: a
 * browser revalidates every time (`no-cache`) and gets a 304 while the catalogue has not changed.
 */
function sendCached(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  reply
    .header('etag', answer.etag)
    .header('cache-control', 'public, no-cache')
    .header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === answer.etag) return reply.status(304).send();
  if (answer.encoding !== 'identity') reply.header('content-encoding', answer.encoding);
  return reply.type('application/json; charset=utf-8').send(answer.body);
}

/** The public catalogue (spec 'Calls': GET /event/training and /event/institution). No sign-in. */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/training',
    {
      config: { access: { public: 'the public catalogue' } },
      schema: {
        operationId: 'listPublicTrainings',
        tags: ['catalogue'],
        summary: 'Public, non-archived trainings with their institution (no sign-in)',
        security: [],
        response: { 200: z.array(publicTraining) },
      },
    },
    async (request, reply) =>
      sendCached(
        request,
        reply,
        await cachedAnswer(app.ctx.db, 'trainings', request.headers['accept-encoding'], () =>
          catalogue.trainings(app.ctx),
        ),
      ),
  );
  app.get(
    '/training/:id',
    {
      config: { access: { public: 'the public catalogue' } },
      schema: {
        operationId: 'getPublicTraining',
        tags: ['catalogue'],
        summary: 'One public training, its modules and its institution (no sign-in)',
        security: [],
        params: idParams,
        response: { 200: publicTrainingDetails, 404: errorBody, 422: errorBody },
      },
    },
    async (request, reply) =>
      sendCached(
        request,
        reply,
        await cachedAnswer(
          app.ctx.db,
          `training-${request.params.id}`,
          request.headers['accept-encoding'],
          () => catalogue.training(app.ctx, request.params.id),
        ),
      ),
  );
  app.get(
    '/institution',
    {
      config: { access: { public: 'the public catalogue' } },
      schema: {
        operationId: 'listPublicInstitutions',
        tags: ['catalogue'],
        summary: 'Non-archived institutions: name, short name, colour, logo (no sign-in)',
        security: [],
        response: { 200: z.array(publicInstitution) },
      },
    },
    async (request, reply) =>
      sendCached(
        request,
        reply,
        await cachedAnswer(app.ctx.db, 'institutions', request.headers['accept-encoding'], () =>
          catalogue.institutions(app.ctx),
        ),
      ),
  );
};
