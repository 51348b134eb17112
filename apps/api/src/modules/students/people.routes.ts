import {
  assignmentAnswer,
  idsBody,
  idText,
  patchOf,
  person,
  personDetail,
  personRow,
  sessionsRevoked,
} from '@skolar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/plugin.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import { idParams, listAnswer, listQuery } from '../../http/pagination.ts';
import { archiveRoutes, errorResponses, pairParams } from '../../http/route-kit.ts';
import { endSessionsOf } from '../users/users.service.ts';
import * as people from './people.service.ts';

type Assignment = z.infer<typeof assignmentAnswer>;

/** What differs between the students and the teachers endpoints. */
interface PeopleRoutesSpec {
  kind: 'student' | 'teacher';
  body: z.ZodObject;
  summaries: { list: string; create: string; read: string; update: string; archive: string };
  /** The person's own association: a student's groups, a teacher's subjects. */
  relation: {
    path: 'groups' | 'subjects';
    summaries: { read: string; assign: string; dissociate: string };
    read(ctx: AppContext, actor: Actor, id: number): Promise<Assignment>;
    assign(ctx: AppContext, actor: Actor, id: number, ids: number[]): Promise<Assignment>;
    dissociate(ctx: AppContext, actor: Actor, id: number, otherId: number): Promise<void>;
  };
}

/** The endpoints of one kind of person (list, create, read, step-up edit, archive, relation). */
export function peopleRoutes(spec: PeopleRoutesSpec): FastifyPluginAsyncZod {
  const { kind, relation } = spec;
  const tags = [`${kind}s`];
  // Operation ids: listStudents, assignStudentGroups, dissociateTeacherSubjects…
  const Kind = kind === 'student' ? 'Student' : 'Teacher';
  const Relation = relation.path === 'groups' ? 'Groups' : 'Subjects';
  return async (app) => {
    app.get(
      '/',
      {
        config: { access: { entity: kind, action: 'list' } },
        schema: {
          operationId: `list${Kind}s`,
          tags,
          summary: spec.summaries.list,
          querystring: listQuery.extend({
            promotion_id: idText.optional(),
          }),
          response: { 200: listAnswer(personRow), ...errorResponses },
        },
      },
      async (request) => {
        const { promotion_id, ...query } = request.query;
        return people.list(app.ctx, requireActor(request), kind, query, promotion_id);
      },
    );
    app.post(
      '/',
      {
        config: { access: { entity: kind, action: 'create' } },
        schema: {
          operationId: `create${Kind}`,
          tags,
          summary: spec.summaries.create,
          body: spec.body,
          response: { 201: person, ...errorResponses },
        },
      },
      async (request, reply) => {
        const body = request.body as unknown as Parameters<typeof people.create>[3];
        const row = await people.create(app.ctx, requireActor(request), kind, body);
        return reply.status(201).send(row);
      },
    );
    app.get(
      '/:id',
      {
        config: { access: { entity: kind, action: 'read' } },
        schema: {
          operationId: `get${Kind}`,
          tags,
          summary: spec.summaries.read,
          params: idParams,
          response: { 200: personDetail, ...errorResponses },
        },
      },
      async (request) => people.read(app.ctx, requireActor(request), kind, request.params.id),
    );
    app.patch(
      '/:id',
      {
        config: { access: { entity: kind, action: 'update' }, stepUp: true },
        schema: {
          operationId: `update${Kind}`,
          tags,
          summary: spec.summaries.update,
          params: idParams,
          body: patchOf(spec.body),
          response: { 200: person, ...errorResponses },
        },
      },
      async (request) =>
        people.update(
          app.ctx,
          requireActor(request),
          kind,
          request.params.id,
          request.body as Parameters<typeof people.update>[4],
        ),
    );
    archiveRoutes(app, {
      entity: kind,
      name: Kind,
      tags,
      summary: (verb) => `${verb} ${spec.summaries.archive}`,
      response: person,
      setArchived: (request, id, archived) =>
        people.setArchived(app.ctx, requireActor(request), kind, id, archived),
    });
    app.post(
      '/:id/sessions/revoke',
      {
        config: { access: { entity: kind, action: 'archive' }, stepUp: true },
        schema: {
          operationId: `end${Kind}Sessions`,
          tags,
          summary: `Ends every session of ${spec.summaries.archive} without archiving them, after a step-up (X-Confirm-Token)`,
          params: idParams,
          response: { 200: sessionsRevoked, ...errorResponses },
        },
      },
      async (request) => endSessionsOf(app.ctx, requireActor(request), kind, request.params.id),
    );
    app.get(
      `/:id/${relation.path}`,
      {
        config: { access: { entity: kind, action: 'assign' } },
        schema: {
          operationId: `list${Kind}${Relation}`,
          tags,
          summary: relation.summaries.read,
          params: idParams,
          response: { 200: assignmentAnswer, ...errorResponses },
        },
      },
      async (request) => relation.read(app.ctx, requireActor(request), request.params.id),
    );
    app.put(
      `/:id/${relation.path}`,
      {
        config: { access: { entity: kind, action: 'assign' } },
        schema: {
          operationId: `assign${Kind}${Relation}`,
          tags,
          summary: relation.summaries.assign,
          params: idParams,
          body: idsBody,
          response: { 200: assignmentAnswer, ...errorResponses },
        },
      },
      async (request) =>
        relation.assign(app.ctx, requireActor(request), request.params.id, request.body.ids),
    );
    app.delete(
      `/:id/${relation.path}/:otherId`,
      {
        config: { access: { entity: kind, action: 'assign' } },
        schema: {
          operationId: `dissociate${Kind}${Relation}`,
          tags,
          summary: relation.summaries.dissociate,
          params: pairParams,
          response: { 204: z.null(), ...errorResponses },
        },
      },
      async (request, reply) => {
        await relation.dissociate(
          app.ctx,
          requireActor(request),
          request.params.id,
          request.params.otherId,
        );
        return reply.status(204).send(null);
      },
    );
  };
}
