import { patchOf, program, programBody, programDetail } from '@skolar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/plugin.ts';
import { idParams, listAnswer, listQuery } from '../../http/pagination.ts';
import { archiveRoutes, errorBody } from '../../http/route-kit.ts';
import * as programs from './programs.service.ts';

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };
const tags = ['programs'];

export const programRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: { entity: 'program', action: 'list' } },
      schema: {
        operationId: 'listPrograms',
        tags,
        summary: 'Programs (super-admin: all; admin, super-teacher: those of their institution)',
        querystring: listQuery,
        response: { 200: listAnswer(program), ...errors },
      },
    },
    async (request) => programs.list(app.ctx, requireActor(request), request.query),
  );
  app.get(
    '/:id',
    {
      config: { access: { entity: 'program', action: 'read' } },
      schema: {
        operationId: 'getProgram',
        tags,
        summary: 'A program with its promotions of the institution',
        params: idParams,
        response: { 200: programDetail, ...errors },
      },
    },
    async (request) => programs.read(app.ctx, requireActor(request), request.params.id),
  );
  app.post(
    '/',
    {
      config: { access: { entity: 'program', action: 'create' } },
      schema: {
        operationId: 'createProgram',
        tags,
        summary: 'Create a program (super-admin)',
        body: programBody,
        response: { 201: programDetail, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await programs.create(app.ctx, requireActor(request), request.body)),
  );
  app.patch(
    '/:id',
    {
      config: { access: { entity: 'program', action: 'update' }, stepUp: true },
      schema: {
        operationId: 'updateProgram',
        tags,
        summary: 'Edit a program (super-admin, with a step-up token in X-Confirm-Token)',
        params: idParams,
        body: patchOf(programBody),
        response: { 200: programDetail, ...errors },
      },
    },
    async (request) =>
      programs.update(app.ctx, requireActor(request), request.params.id, request.body),
  );
  archiveRoutes(app, {
    entity: 'program',
    name: 'Program',
    tags,
    summary: (verb) => `${verb} a program (super-admin)`,
    response: programDetail,
    setArchived: (request, id, archived) =>
      programs.setArchived(app.ctx, requireActor(request), id, archived),
  });
  app.delete(
    '/:id',
    {
      config: { access: { entity: 'program', action: 'delete' } },
      schema: {
        operationId: 'deleteProgram',
        tags,
        summary: 'Delete a program no promotion uses (super-admin; 409 otherwise)',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await programs.remove(app.ctx, requireActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
