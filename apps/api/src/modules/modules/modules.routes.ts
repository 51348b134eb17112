import { idsBody, idText, moduleBody, moduleRow, moduleSubjectLink, patchOf } from '@skolar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/plugin.ts';
import { idParams, listAnswer, listQuery } from '../../http/pagination.ts';
import { archiveRoutes, errorBody } from '../../http/route-kit.ts';
import * as modules from './modules.service.ts';

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };
const tags = ['modules'];
const subjectParams = z.object({
  id: idText,
  subjectId: idText,
});

export const moduleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: { entity: 'module', action: 'list' } },
      schema: {
        operationId: 'listModules',
        tags,
        summary: 'Modules (super-admin: all; admin: those of their institution)',
        querystring: listQuery,
        response: { 200: listAnswer(moduleRow), ...errors },
      },
    },
    async (request) => modules.list(app.ctx, requireActor(request), request.query),
  );
  app.get(
    '/:id',
    {
      config: { access: { entity: 'module', action: 'read' } },
      schema: {
        operationId: 'getModule',
        tags,
        summary: 'One module',
        params: idParams,
        response: { 200: moduleRow, ...errors },
      },
    },
    async (request) => modules.read(app.ctx, requireActor(request), request.params.id),
  );
  app.post(
    '/',
    {
      config: { access: { entity: 'module', action: 'create' } },
      schema: {
        operationId: 'createModule',
        tags,
        summary: 'Create a module (super-admin)',
        body: moduleBody,
        response: { 201: moduleRow, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await modules.create(app.ctx, requireActor(request), request.body)),
  );
  app.patch(
    '/:id',
    {
      config: { access: { entity: 'module', action: 'update' } },
      schema: {
        operationId: 'updateModule',
        tags,
        summary: 'Edit a module (super-admin)',
        params: idParams,
        body: patchOf(moduleBody),
        response: { 200: moduleRow, ...errors },
      },
    },
    async (request) =>
      modules.update(app.ctx, requireActor(request), request.params.id, request.body),
  );
  archiveRoutes(app, {
    entity: 'module',
    name: 'Module',
    tags,
    summary: (verb) => `${verb} a module (super-admin)`,
    response: moduleRow,
    setArchived: (request, id, archived) =>
      modules.setArchived(app.ctx, requireActor(request), id, archived),
  });
  app.delete(
    '/:id',
    {
      config: { access: { entity: 'module', action: 'delete' } },
      schema: {
        operationId: 'deleteModule',
        tags,
        summary: 'Delete a module no training uses (super-admin; 409 otherwise)',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await modules.remove(app.ctx, requireActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/:id/subjects',
    {
      config: { access: { entity: 'module', action: 'assign' } },
      schema: {
        operationId: 'listModuleSubjects',
        tags,
        summary: 'Subjects the viewer may link, each with whether the module has it',
        params: idParams,
        querystring: listQuery,
        response: { 200: listAnswer(moduleSubjectLink), ...errors },
      },
    },
    async (request) =>
      modules.listSubjects(app.ctx, requireActor(request), request.params.id, request.query),
  );
  app.put(
    '/:id/subjects',
    {
      config: { access: { entity: 'module', action: 'assign' } },
      schema: {
        operationId: 'assignModuleSubjects',
        tags,
        summary: 'Link subjects to the module; those already linked stay',
        params: idParams,
        body: idsBody,
        response: { 200: z.object({ assigned: z.number().int() }), ...errors },
      },
    },
    async (request) =>
      modules.assignSubjects(app.ctx, requireActor(request), request.params.id, request.body.ids),
  );
  app.delete(
    '/:id/subjects/:subjectId',
    {
      config: { access: { entity: 'module', action: 'assign' } },
      schema: {
        operationId: 'dissociateModuleSubject',
        tags,
        summary: 'Dissociate a subject from the module',
        params: subjectParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await modules.dissociateSubject(
        app.ctx,
        requireActor(request),
        request.params.id,
        request.params.subjectId,
      );
      return reply.status(204).send(null);
    },
  );
};
