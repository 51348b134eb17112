import {
  idText,
  lesson,
  lessonBody,
  lessonDetail,
  newLessonBody,
  orderBody,
  patchOf,
} from '@skolar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/plugin.ts';
import { idParams, listAnswer, listQuery } from '../../http/pagination.ts';
import { archiveRoutes, errorResponses } from '../../http/route-kit.ts';
import * as lessons from './lessons.service.ts';

const tags = ['lessons'];

export const lessonRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: { entity: 'lesson', action: 'list' } },
      schema: {
        operationId: 'listLessons',
        tags,
        summary: 'Lessons in scope; of one subject, in its order, with `subject_id`',
        querystring: listQuery.extend({
          subject_id: idText.optional(),
        }),
        response: { 200: listAnswer(lesson), ...errorResponses },
      },
    },
    async (request) => {
      const { subject_id, ...query } = request.query;
      return lessons.list(app.ctx, requireActor(request), query, subject_id);
    },
  );
  app.post(
    '/',
    {
      config: { access: { entity: 'lesson', action: 'create' } },
      schema: {
        operationId: 'createLesson',
        tags,
        summary: 'Create a lesson, last of a subject the actor teaches or administers',
        body: newLessonBody,
        response: { 201: lesson, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await lessons.create(app.ctx, requireActor(request), request.body)),
  );
  app.get(
    '/:id',
    {
      config: { access: { entity: 'lesson', action: 'read' } },
      schema: {
        operationId: 'getLesson',
        tags,
        summary: 'One lesson with its chapters in order',
        params: idParams,
        response: { 200: lessonDetail, ...errorResponses },
      },
    },
    async (request) => lessons.read(app.ctx, requireActor(request), request.params.id),
  );
  app.patch(
    '/:id',
    {
      config: { access: { entity: 'lesson', action: 'update' } },
      schema: {
        operationId: 'updateLesson',
        tags,
        summary: 'Edit a lesson (the fields given)',
        params: idParams,
        body: patchOf(lessonBody),
        response: { 200: lesson, ...errorResponses },
      },
    },
    async (request) =>
      lessons.update(app.ctx, requireActor(request), request.params.id, request.body),
  );
  app.delete(
    '/:id',
    {
      config: { access: { entity: 'lesson', action: 'delete' } },
      schema: {
        operationId: 'deleteLesson',
        tags,
        summary: 'Delete a lesson with its chapters and their resources',
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await lessons.remove(app.ctx, requireActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  archiveRoutes(app, {
    entity: 'lesson',
    name: 'Lesson',
    tags,
    summary: (verb) => `${verb} a lesson (students no longer see an archived one)`,
    response: lesson,
    setArchived: (request, id, archived) =>
      lessons.setArchived(app.ctx, requireActor(request), id, archived),
  });
};

/** `PUT /api/subjects/:id/lesson-order`, registered under `/api/subjects`. */
export const lessonOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/:id/lesson-order',
    {
      config: { access: { entity: 'lesson', action: 'update' } },
      schema: {
        operationId: 'orderSubjectLessons',
        tags,
        summary:
          'Reorder the lessons of a subject: `ids` is every lesson of the subject, in order (422 otherwise, nothing changed)',
        params: idParams,
        body: orderBody,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await lessons.reorder(app.ctx, requireActor(request), request.params.id, request.body.ids);
      return reply.status(204).send(null);
    },
  );
};
