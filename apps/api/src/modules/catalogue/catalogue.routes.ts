import {
  errorBody,
  publicInstitution,
  publicTraining,
  publicTrainingDetails,
} from '@skolar/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cachedAnswer, sendCached } from '../../http/cached-answer.ts';
import { idParams } from '../../http/pagination.ts';
import * as catalogue from './catalogue.service.ts';

/** The public catalogue (spec 'Calls': GET /event/training and /event/institution). No sign-in. */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  /** A catalogue answer, cached under the version every write to the catalogue bumps. */
  const catalogueAnswer = (request: FastifyRequest, key: string, build: () => Promise<unknown>) =>
    cachedAnswer(app.ctx.db, {
      version: 'catalogue',
      key,
      acceptEncoding: request.headers['accept-encoding'],
      build,
    });

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
        await catalogueAnswer(request, 'trainings', () => catalogue.trainings(app.ctx)),
        'public',
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
        await catalogueAnswer(request, `training-${request.params.id}`, () =>
          catalogue.training(app.ctx, request.params.id),
        ),
        'public',
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
        await catalogueAnswer(request, 'institutions', () => catalogue.institutions(app.ctx)),
        'public',
      ),
  );
};
