import { idsBody, teacherBody } from '@skolar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/plugin.ts';
import { STEP_UP_HEADER } from '../../auth/step-up.ts';
import { idParams, listAnswer, listQuery } from '../../http/pagination.ts';
import { errorResponses, pairParams, requireSignedIn } from '../promotions/assign.ts';
import { assignmentAnswer, person, personDetail, personRow } from '../students/people.schemas.ts';
import * as people from '../students/people.service.ts';

const tags = ['teachers'];

export const teacherRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignedIn(app);
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'List the teachers and teacher-administrators (admin)',
        querystring: listQuery.extend({
          promotion_id: z.coerce.number().int().positive().optional(),
        }),
        response: { 200: listAnswer(personRow), ...errorResponses },
      },
    },
    async (request) => {
      const { promotion_id, ...query } = request.query;
      return people.list(app.ctx, requireActor(request), 'teacher', query, promotion_id);
    },
  );
  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Create a teacher and send the invitation (admin)',
        body: teacherBody,
        response: { 201: person, ...errorResponses },
      },
    },
    async (request, reply) => {
      const row = await people.create(app.ctx, requireActor(request), 'teacher', request.body);
      return reply.status(201).send(row);
    },
  );
  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'One teacher with their promotions and subjects (admin)',
        params: idParams,
        response: { 200: personDetail, ...errorResponses },
      },
    },
    async (request) => people.read(app.ctx, requireActor(request), 'teacher', request.params.id),
  );
  app.patch(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Edit a teacher (admin, after a step-up: X-Confirm-Token)',
        params: idParams,
        body: teacherBody,
        response: { 200: person, ...errorResponses },
      },
    },
    async (request) =>
      people.update(
        app.ctx,
        requireActor(request),
        'teacher',
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
          summary: `${action === 'archive' ? 'Archive' : 'Unarchive'} a teacher (admin)`,
          params: idParams,
          response: { 200: person, ...errorResponses },
        },
      },
      async (request) =>
        people.setArchived(
          app.ctx,
          requireActor(request),
          'teacher',
          request.params.id,
          action === 'archive',
        ),
    );
  }
  app.get(
    '/:id/subjects',
    {
      schema: {
        tags,
        summary: 'The subjects a teacher teaches and the other subjects of the institution (admin)',
        params: idParams,
        response: { 200: assignmentAnswer, ...errorResponses },
      },
    },
    async (request) => people.teacherSubjectsOf(app.ctx, requireActor(request), request.params.id),
  );
  app.put(
    '/:id/subjects',
    {
      schema: {
        tags,
        summary: 'Assign subjects to a teacher (admin)',
        params: idParams,
        body: idsBody,
        response: { 200: assignmentAnswer, ...errorResponses },
      },
    },
    async (request) =>
      people.assignTeacherSubjects(
        app.ctx,
        requireActor(request),
        request.params.id,
        request.body.ids,
      ),
  );
  app.delete(
    '/:id/subjects/:otherId',
    {
      schema: {
        tags,
        summary: 'Dissociate a subject from a teacher (admin)',
        params: pairParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await people.dissociateTeacherSubject(
        app.ctx,
        requireActor(request),
        request.params.id,
        request.params.otherId,
      );
      return reply.status(204).send(null);
    },
  );
};
