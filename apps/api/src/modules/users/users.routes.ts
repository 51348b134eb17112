import { patchOf, sessionsRevoked, userBody, userRow } from '@skolar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/plugin.ts';
import { idParams, listAnswer } from '../../http/pagination.ts';
import { archiveRoutes, errorBody } from '../../http/route-kit.ts';
import { userListQuery } from './users.queries.ts';
import * as users from './users.service.ts';

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };
const tags = ['users'];

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: { entity: 'user', action: 'list' } },
      schema: {
        operationId: 'listUsers',
        tags,
        summary: 'Users of every role (super-admin); filters role and institution_id',
        querystring: userListQuery,
        response: { 200: listAnswer(userRow), ...errors },
      },
    },
    async (request) => users.list(app.ctx, requireActor(request), request.query),
  );
  app.get(
    '/:id',
    {
      config: { access: { entity: 'user', action: 'read' } },
      schema: {
        operationId: 'getUser',
        tags,
        summary: 'One user (super-admin)',
        params: idParams,
        response: { 200: userRow, ...errors },
      },
    },
    async (request) => users.read(app.ctx, requireActor(request), request.params.id),
  );
  app.post(
    '/',
    {
      config: { access: { entity: 'user', action: 'create' } },
      schema: {
        operationId: 'createUser',
        tags,
        summary: 'Create a user and send the invitation mail (super-admin)',
        body: userBody,
        response: { 201: userRow, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await users.create(app.ctx, requireActor(request), request.body)),
  );
  app.patch(
    '/:id',
    {
      config: { access: { entity: 'user', action: 'update' }, stepUp: true },
      schema: {
        operationId: 'updateUser',
        tags,
        summary: 'Edit a user (super-admin, with a step-up token in X-Confirm-Token)',
        params: idParams,
        body: patchOf(userBody),
        response: { 200: userRow, ...errors },
      },
    },
    async (request) =>
      users.update(app.ctx, requireActor(request), request.params.id, request.body),
  );
  archiveRoutes(app, {
    entity: 'user',
    name: 'User',
    tags,
    summary: (verb) =>
      `${verb === 'Archive' ? 'Archive (ends their sessions at once)' : 'Unarchive'} a user (super-admin)`,
    response: userRow,
    setArchived: (request, id, archived) =>
      users.setArchived(app.ctx, requireActor(request), id, archived),
  });
  app.post(
    '/:id/sessions/revoke',
    {
      config: { access: { entity: 'user', action: 'archive' }, stepUp: true },
      schema: {
        operationId: 'endUserSessions',
        tags,
        summary:
          "Ends every session of a user without archiving them (super-admin, with a step-up token in X-Confirm-Token; 409 for one's own)",
        params: idParams,
        response: { 200: sessionsRevoked, ...errors },
      },
    },
    async (request) =>
      users.endSessionsOf(app.ctx, requireActor(request), 'user', request.params.id),
  );
  app.delete(
    '/:id',
    {
      config: { access: { entity: 'user', action: 'delete' } },
      schema: {
        operationId: 'deleteUser',
        tags,
        summary: 'Delete a user nothing depends on (super-admin; 409 otherwise)',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await users.remove(app.ctx, requireActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
