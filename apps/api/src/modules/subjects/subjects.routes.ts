import {
  assignmentAnswer,
  idsBody,
  idText,
  patchOf,
  subjectBody,
  subjectCreate,
  subjectDetail,
  subjectRow,
} from '@skolar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/plugin.ts';
import { idParams, listAnswer, listQuery } from '../../http/pagination.ts';
import { archiveRoutes, errorResponses as errors } from '../../http/route-kit.ts';
import * as links from './subject-links.service.ts';
import * as subjects from './subjects.service.ts';

const tags = ['subjects'];
const lessonParams = z.object({
  id: idText,
  lessonId: idText,
});
const teacherParams = z.object({
  id: idText,
  teacherId: idText,
});

export const subjectRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: { entity: 'subject', action: 'list' } },
      schema: {
        operationId: 'listSubjects',
        tags,
        summary: 'Subjects: those a teacher teaches, the institution’s for its staff',
        querystring: listQuery,
        response: { 200: listAnswer(subjectRow), ...errors },
      },
    },
    async (request) => subjects.list(app.ctx, requireActor(request), request.query),
  );
  app.post(
    '/',
    {
      config: { access: { entity: 'subject', action: 'create' } },
      schema: {
        operationId: 'createSubject',
        tags,
        summary: 'Create a subject, optionally in a module (module_id)',
        body: subjectCreate,
        response: { 201: subjectDetail, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await subjects.create(app.ctx, requireActor(request), request.body)),
  );
  app.get(
    '/:id',
    {
      config: { access: { entity: 'subject', action: 'read' } },
      schema: {
        operationId: 'getSubject',
        tags,
        summary: 'One subject with its modules, teachers and lessons',
        params: idParams,
        response: { 200: subjectDetail, ...errors },
      },
    },
    async (request) => subjects.read(app.ctx, requireActor(request), request.params.id),
  );
  app.patch(
    '/:id',
    {
      config: { access: { entity: 'subject', action: 'update' } },
      schema: {
        operationId: 'updateSubject',
        tags,
        summary: 'Edit a subject: the fields given change, the others stay',
        params: idParams,
        body: patchOf(subjectBody),
        response: { 200: subjectDetail, ...errors },
      },
    },
    async (request) =>
      subjects.update(app.ctx, requireActor(request), request.params.id, request.body),
  );
  archiveRoutes(app, {
    entity: 'subject',
    name: 'Subject',
    tags,
    summary: (verb) => `${verb} a subject`,
    response: subjectDetail,
    setArchived: (request, id, archived) =>
      subjects.setArchived(app.ctx, requireActor(request), id, archived),
  });
  app.delete(
    '/:id',
    {
      config: { access: { entity: 'subject', action: 'delete' } },
      schema: {
        operationId: 'deleteSubject',
        tags,
        summary:
          'Delete a subject without evaluations (409 otherwise), with the lessons only it has',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await subjects.remove(app.ctx, requireActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/:id/lessons',
    {
      config: { access: { entity: 'subject', action: 'assign' } },
      schema: {
        operationId: 'listSubjectLessons',
        tags,
        summary: 'The subject’s lessons and the others the viewer may link',
        params: idParams,
        response: { 200: assignmentAnswer, ...errors },
      },
    },
    async (request) => links.lessonsOf(app.ctx, requireActor(request), request.params.id),
  );
  app.put(
    '/:id/lessons',
    {
      config: { access: { entity: 'subject', action: 'assign' } },
      schema: {
        operationId: 'assignSubjectLessons',
        tags,
        summary: 'Link lessons to the subject; those already linked stay',
        params: idParams,
        body: idsBody,
        response: { 200: assignmentAnswer, ...errors },
      },
    },
    async (request) =>
      links.assignLessons(app.ctx, requireActor(request), request.params.id, request.body.ids),
  );
  app.delete(
    '/:id/lessons/:lessonId',
    {
      config: { access: { entity: 'subject', action: 'assign' } },
      schema: {
        operationId: 'dissociateSubjectLesson',
        tags,
        summary: 'Unlink a lesson from the subject (409 when it is the lesson’s last subject)',
        params: lessonParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { id, lessonId } = request.params;
      await links.dissociateLesson(app.ctx, requireActor(request), id, lessonId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/:id/teachers',
    {
      config: { access: { entity: 'teacher', action: 'assign' } },
      schema: {
        operationId: 'listSubjectTeachers',
        tags,
        summary: 'The subject’s teachers and the institution’s others',
        params: idParams,
        response: { 200: assignmentAnswer, ...errors },
      },
    },
    async (request) => links.teachersOf(app.ctx, requireActor(request), request.params.id),
  );
  app.put(
    '/:id/teachers',
    {
      config: { access: { entity: 'teacher', action: 'assign' } },
      schema: {
        operationId: 'assignSubjectTeachers',
        tags,
        summary: 'Assign teachers of the subject’s institution; those already assigned stay',
        params: idParams,
        body: idsBody,
        response: { 200: assignmentAnswer, ...errors },
      },
    },
    async (request) =>
      links.assignTeachers(app.ctx, requireActor(request), request.params.id, request.body.ids),
  );
  app.delete(
    '/:id/teachers/:teacherId',
    {
      config: { access: { entity: 'teacher', action: 'assign' } },
      schema: {
        operationId: 'dissociateSubjectTeacher',
        tags,
        summary: 'Dissociate a teacher from the subject',
        params: teacherParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { id, teacherId } = request.params;
      await links.dissociateTeacher(app.ctx, requireActor(request), id, teacherId);
      return reply.status(204).send(null);
    },
  );
};
