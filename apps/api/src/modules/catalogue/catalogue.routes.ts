import {
  errorBody,
  publicInstitution,
  publicTraining,
  publicTrainingDetails,
} from '@skolar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../http/pagination.ts';
import * as catalogue from './catalogue.service.ts';

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
    async () => catalogue.trainings(app.ctx),
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
    async (request) => catalogue.training(app.ctx, request.params.id),
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
    async () => catalogue.institutions(app.ctx),
  );
};
