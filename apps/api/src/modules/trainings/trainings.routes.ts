import {
  assignmentAnswer,
  idsBody,
  idText,
  newTrainingBody,
  patchOf,
  training,
  trainingBody,
  trainingDetail,
} from '@skolar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/plugin.ts';
import { idParams, listAnswer, listQuery } from '../../http/pagination.ts';
import {
  archiveRoutes,
  errorBody,
  errorResponses,
  filePart,
  pairParams,
} from '../../http/route-kit.ts';
import * as trainings from './trainings.service.ts';

const tags = ['trainings'];

export const trainingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: { entity: 'training', action: 'list' } },
      schema: {
        operationId: 'listTrainings',
        tags,
        summary: 'List trainings in scope (the super-admin: every institution, read-only)',
        querystring: listQuery.extend({
          promotion_id: idText.optional(),
        }),
        response: { 200: listAnswer(training), ...errorResponses },
      },
    },
    async (request) => {
      const { promotion_id, ...query } = request.query;
      return trainings.list(app.ctx, requireActor(request), query, promotion_id);
    },
  );
  app.post(
    '/',
    {
      config: { access: { entity: 'training', action: 'create' } },
      schema: {
        operationId: 'createTraining',
        tags,
        summary: 'Create a training in a promotion (admin)',
        body: newTrainingBody,
        response: { 201: training, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await trainings.create(app.ctx, requireActor(request), request.body)),
  );
  app.get(
    '/:id',
    {
      config: { access: { entity: 'training', action: 'read' } },
      schema: {
        operationId: 'getTraining',
        tags,
        summary: 'One training with its modules and subjects',
        params: idParams,
        response: { 200: trainingDetail, ...errorResponses },
      },
    },
    async (request) => trainings.read(app.ctx, requireActor(request), request.params.id),
  );
  app.patch(
    '/:id',
    {
      config: { access: { entity: 'training', action: 'update' } },
      schema: {
        operationId: 'updateTraining',
        tags,
        summary: 'Edit a training, including its visibility (admin)',
        params: idParams,
        body: patchOf(trainingBody),
        response: { 200: training, ...errorResponses },
      },
    },
    async (request) =>
      trainings.update(app.ctx, requireActor(request), request.params.id, request.body),
  );
  app.delete(
    '/:id',
    {
      config: { access: { entity: 'training', action: 'delete' } },
      schema: {
        operationId: 'deleteTraining',
        tags,
        summary: 'Delete a training without evaluations (admin; 409 otherwise)',
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await trainings.remove(app.ctx, requireActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/:id/cover',
    {
      config: { access: { entity: 'training', action: 'update' } },
      schema: {
        operationId: 'uploadTrainingCover',
        tags,
        summary: 'Upload the cover image of a training (admin; multipart field `cover`)',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: {
          200: training,
          ...errorResponses,
          413: errorBody,
          415: errorBody,
          429: errorBody,
        },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return trainings.setCover(app.ctx, actor, request.params.id, await filePart(request));
    },
  );
  archiveRoutes(app, {
    entity: 'training',
    name: 'Training',
    tags,
    summary: (verb) => `${verb} a training (admin)`,
    response: training,
    setArchived: (request, id, archived) =>
      trainings.setArchived(app.ctx, requireActor(request), id, archived),
  });
  app.get(
    '/:id/modules',
    {
      config: { access: { entity: 'training', action: 'assign' } },
      schema: {
        operationId: 'listTrainingModules',
        tags,
        summary: "A training's modules and the institution's others (admin, super-teacher)",
        params: idParams,
        response: { 200: assignmentAnswer, ...errorResponses },
      },
    },
    async (request) => trainings.modulesOf(app.ctx, requireActor(request), request.params.id),
  );
  app.put(
    '/:id/modules',
    {
      config: { access: { entity: 'training', action: 'assign' } },
      schema: {
        operationId: 'assignTrainingModules',
        tags,
        summary: 'Add modules to a training (admin, super-teacher)',
        params: idParams,
        body: idsBody,
        response: { 200: assignmentAnswer, ...errorResponses },
      },
    },
    async (request) =>
      trainings.assignModules(app.ctx, requireActor(request), request.params.id, request.body.ids),
  );
  app.delete(
    '/:id/modules/:otherId',
    {
      config: { access: { entity: 'training', action: 'assign' } },
      schema: {
        operationId: 'dissociateTrainingModule',
        tags,
        summary: 'Dissociate a module from a training (admin, super-teacher)',
        params: pairParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await trainings.dissociateModule(
        app.ctx,
        requireActor(request),
        request.params.id,
        request.params.otherId,
      );
      return reply.status(204).send(null);
    },
  );
};
