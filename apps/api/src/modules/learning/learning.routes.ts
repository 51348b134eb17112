import {
  chapterProgressAnswer,
  idText,
  myChapter,
  myLesson,
  myTrainingDetail,
  myTrainingEvaluations,
  myTrainingResources,
  myTrainingsAnswer,
  progressBody,
  resumeAnswer,
} from '@skolar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/plugin.ts';
import { idParams } from '../../http/pagination.ts';
import { errorResponses } from '../../http/route-kit.ts';
import * as learning from './learning.service.ts';

const tags = ['learning'];
/** The subject the student came from, for the breadcrumb and the next lesson (optional). */
const subjectQuery = z.object({ subjectId: idText.optional() });

/** The student's learning space under `/api/me`: what they follow and how far they have read. */
export const learningRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/trainings',
    {
      config: { access: { entity: 'progress', action: 'list' } },
      schema: {
        operationId: 'listMyTrainings',
        tags,
        summary: "The trainings of the student's promotions, with their reading progress",
        response: { 200: myTrainingsAnswer, ...errorResponses },
      },
    },
    async (request) => learning.myTrainings(app.ctx, requireActor(request)),
  );
  app.get(
    '/trainings/:id',
    {
      config: { access: { entity: 'progress', action: 'read' } },
      schema: {
        operationId: 'getMyTraining',
        tags,
        summary: 'One of the student’s trainings: modules, subjects and lessons with progress',
        params: idParams,
        response: { 200: myTrainingDetail, ...errorResponses },
      },
    },
    async (request) => learning.myTraining(app.ctx, requireActor(request), request.params.id),
  );
  app.get(
    '/trainings/:id/resources',
    {
      config: { access: { entity: 'progress', action: 'read' } },
      schema: {
        operationId: 'listMyTrainingResources',
        tags,
        summary: 'The resources of every chapter of one of the student’s trainings',
        params: idParams,
        response: { 200: myTrainingResources, ...errorResponses },
      },
    },
    async (request) =>
      learning.myTrainingResources(app.ctx, requireActor(request), request.params.id),
  );
  app.get(
    '/trainings/:id/evaluations',
    {
      config: { access: { entity: 'progress', action: 'read' } },
      schema: {
        operationId: 'listMyTrainingEvaluations',
        tags,
        summary: 'The evaluations of one of the student’s trainings, soonest first',
        params: idParams,
        response: { 200: myTrainingEvaluations, ...errorResponses },
      },
    },
    async (request) =>
      learning.myTrainingEvaluations(app.ctx, requireActor(request), request.params.id),
  );
  app.get(
    '/lessons/:id',
    {
      config: { access: { entity: 'progress', action: 'read' } },
      schema: {
        operationId: 'getMyLesson',
        tags,
        summary: 'A lesson the student may read, with its chapters done or not',
        params: idParams,
        querystring: subjectQuery,
        response: { 200: myLesson, ...errorResponses },
      },
    },
    async (request) =>
      learning.myLesson(app.ctx, requireActor(request), request.params.id, request.query.subjectId),
  );
  app.get(
    '/chapters/:id',
    {
      config: { access: { entity: 'progress', action: 'read' } },
      schema: {
        operationId: 'getMyChapter',
        tags,
        summary: 'A chapter to read: content, resources, previous and next, done or not',
        params: idParams,
        querystring: subjectQuery,
        response: { 200: myChapter, ...errorResponses },
      },
    },
    async (request) =>
      learning.myChapter(
        app.ctx,
        requireActor(request),
        request.params.id,
        request.query.subjectId,
      ),
  );
  app.put(
    '/chapters/:id/progress',
    {
      config: { access: { entity: 'progress', action: 'update' } },
      schema: {
        operationId: 'recordMyProgress',
        tags,
        summary: 'Record that the student opened a chapter, and mark it done or not done',
        params: idParams,
        body: progressBody,
        response: { 200: chapterProgressAnswer, ...errorResponses },
      },
    },
    async (request) =>
      learning.recordProgress(app.ctx, requireActor(request), request.params.id, request.body.done),
  );
  app.get(
    '/resume',
    {
      config: { access: { entity: 'progress', action: 'read' } },
      schema: {
        operationId: 'getMyResume',
        tags,
        summary: 'The chapter the student opened last (continue where you left off)',
        response: { 200: resumeAnswer, ...errorResponses },
      },
    },
    async (request) => learning.resume(app.ctx, requireActor(request)),
  );
};
