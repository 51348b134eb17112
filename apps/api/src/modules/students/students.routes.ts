import { idsBody, studentBody } from '@skolar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/plugin.ts';
import { STEP_UP_HEADER } from '../../auth/step-up.ts';
import { idParams, listAnswer, listQuery } from '../../http/pagination.ts';
import { errorResponses, pairParams, requireSignedIn } from '../promotions/assign.ts';
import { assignmentAnswer, person, personDetail, personRow } from './people.schemas.ts';
import * as people from './people.service.ts';

const tags = ['students'];

export const studentRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignedIn(app);
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'List the students of the institution (admin, super-teacher)',
        querystring: listQuery.extend({
          promotion_id: z.coerce.number().int().positive().optional(),
        }),
        response: { 200: listAnswer(personRow), ...errorResponses },
      },
    },
    async (request) => {
      const { promotion_id, ...query } = request.query;
      return people.list(app.ctx, requireActor(request), 'student', query, promotion_id);
    },
  );
  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Create a student and send the invitation (admin)',
        body: studentBody,
        response: { 201: person, ...errorResponses },
      },
    },
    async (request, reply) => {
      const row = await people.create(app.ctx, requireActor(request), 'student', request.body);
      return reply.status(201).send(row);
    },
  );
  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'One student with their promotions and groups (admin, super-teacher)',
        params: idParams,
        response: { 200: personDetail, ...errorResponses },
      },
    },
    async (request) => people.read(app.ctx, requireActor(request), 'student', request.params.id),
  );
  app.patch(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Edit a student (admin, after a step-up: X-Confirm-Token)',
        params: idParams,
        body: studentBody,
        response: { 200: person, ...errorResponses },
      },
    },
    async (request) =>
      people.update(
        app.ctx,
        requireActor(request),
        'student',
        request.params.id,
        request.body,
        request.headers[STEP_UP_HEADER] as string | undefined,
      ),
  );
  for (const action of ['archive', 'unarchive'] as const) {
    app.post(
      `/:id/${action}`,
      {
        schema: {
          tags,
          summary: `${action === 'archive' ? 'Archive' : 'Unarchive'} a student (admin)`,
          params: idParams,
          response: { 200: person, ...errorResponses },
        },
      },
      async (request) =>
        people.setArchived(
          app.ctx,
          requireActor(request),
          'student',
          request.params.id,
          action === 'archive',
        ),
    );
  }
  app.get(
    '/:id/groups',
    {
      schema: {
        tags,
        summary: "A student's groups and the other groups of their promotions (super-admin, admin)",
        params: idParams,
        response: { 200: assignmentAnswer, ...errorResponses },
      },
    },
    async (request) => people.studentGroupsOf(app.ctx, requireActor(request), request.params.id),
  );
  app.put(
    '/:id/groups',
    {
      schema: {
        tags,
        summary: 'Add the student to groups of their promotions (super-admin, admin)',
        params: idParams,
        body: idsBody,
        response: { 200: assignmentAnswer, ...errorResponses },
      },
    },
    async (request) =>
      people.assignStudentGroups(
        app.ctx,
        requireActor(request),
        request.params.id,
        request.body.ids,
      ),
  );
  app.delete(
    '/:id/groups/:otherId',
    {
      schema: {
        tags,
        summary: 'Remove the student from a group (super-admin, admin)',
        params: pairParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await people.dissociateStudentGroup(
        app.ctx,
        requireActor(request),
        request.params.id,
        request.params.otherId,
      );
      return reply.status(204).send(null);
    },
  );
};
