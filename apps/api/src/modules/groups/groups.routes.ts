import {
  assignmentAnswer,
  group,
  groupBody,
  groupDetail,
  groupRenameBody,
  idsBody,
  idText,
  patchOf,
} from '@skolar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/plugin.ts';
import { idParams, listAnswer, listQuery } from '../../http/pagination.ts';
import { archiveRoutes, errorResponses, pairParams } from '../../http/route-kit.ts';
import * as groups from './groups.service.ts';

const tags = ['groups'];

export const groupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: { entity: 'group', action: 'list' } },
      schema: {
        operationId: 'listGroups',
        tags,
        summary: 'List groups (admin, super-teacher: the institution; teacher: their promotions)',
        querystring: listQuery.extend({
          promotion_id: idText.optional(),
        }),
        response: { 200: listAnswer(group), ...errorResponses },
      },
    },
    async (request) => {
      const { promotion_id, ...query } = request.query;
      return groups.list(app.ctx, requireActor(request), query, promotion_id);
    },
  );
  app.post(
    '/',
    {
      config: { access: { entity: 'group', action: 'create' } },
      schema: {
        operationId: 'createGroup',
        tags,
        summary: 'Create a group in a promotion (admin)',
        body: groupBody,
        response: { 201: group, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await groups.create(app.ctx, requireActor(request), request.body)),
  );
  app.get(
    '/:id',
    {
      config: { access: { entity: 'group', action: 'read' } },
      schema: {
        operationId: 'getGroup',
        tags,
        summary: 'One group with its students and subjects',
        params: idParams,
        response: { 200: groupDetail, ...errorResponses },
      },
    },
    async (request) => groups.read(app.ctx, requireActor(request), request.params.id),
  );
  app.patch(
    '/:id',
    {
      config: { access: { entity: 'group', action: 'update' } },
      schema: {
        operationId: 'renameGroup',
        tags,
        summary: 'Rename a group (admin)',
        params: idParams,
        body: patchOf(groupRenameBody),
        response: { 200: group, ...errorResponses },
      },
    },
    async (request) =>
      groups.rename(app.ctx, requireActor(request), request.params.id, request.body.name),
  );
  app.delete(
    '/:id',
    {
      config: { access: { entity: 'group', action: 'delete' } },
      schema: {
        operationId: 'deleteGroup',
        tags,
        summary: 'Delete a group and its links (admin)',
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await groups.remove(app.ctx, requireActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  archiveRoutes(app, {
    entity: 'group',
    name: 'Group',
    tags,
    summary: (verb) => `${verb} a group (admin)`,
    response: group,
    setArchived: (request, id, archived) =>
      groups.setArchived(app.ctx, requireActor(request), id, archived),
  });
  const links = {
    students: {
      get: groups.studentsOf,
      put: groups.assignStudents,
      remove: groups.dissociateStudent,
    },
    subjects: {
      get: groups.subjectsOf,
      put: groups.assignSubjects,
      remove: groups.dissociateSubject,
    },
  };
  for (const [kind, ops] of Object.entries(links)) {
    app.get(
      `/:id/${kind}`,
      {
        config: { access: { entity: 'group', action: 'assign' } },
        schema: {
          operationId: kind === 'students' ? 'listGroupStudents' : 'listGroupSubjects',
          tags,
          summary: `The ${kind} of a group and the ones that may be added (admin, super-teacher)`,
          params: idParams,
          response: { 200: assignmentAnswer, ...errorResponses },
        },
      },
      async (request) => ops.get(app.ctx, requireActor(request), request.params.id),
    );
    app.put(
      `/:id/${kind}`,
      {
        config: { access: { entity: 'group', action: 'assign' } },
        schema: {
          operationId: kind === 'students' ? 'assignGroupStudents' : 'assignGroupSubjects',
          tags,
          summary: `Add ${kind} to a group (admin, super-teacher)`,
          params: idParams,
          body: idsBody,
          response: { 200: assignmentAnswer, ...errorResponses },
        },
      },
      async (request) =>
        ops.put(app.ctx, requireActor(request), request.params.id, request.body.ids),
    );
    app.delete(
      `/:id/${kind}/:otherId`,
      {
        config: { access: { entity: 'group', action: 'assign' } },
        schema: {
          operationId: kind === 'students' ? 'dissociateGroupStudent' : 'dissociateGroupSubject',
          tags,
          summary: `Dissociate one of the ${kind} from a group (admin, super-teacher)`,
          params: pairParams,
          response: { 204: z.null(), ...errorResponses },
        },
      },
      async (request, reply) => {
        await ops.remove(app.ctx, requireActor(request), request.params.id, request.params.otherId);
        return reply.status(204).send(null);
      },
    );
  }
};
