import {
  chapter,
  chapterBody,
  chapterSummary,
  idText,
  linkResourceBody,
  newChapterBody,
  orderBody,
  patchOf,
  uploadedImage,
} from '@skolar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/plugin.ts';
import { idParams, listAnswer, listQuery } from '../../http/pagination.ts';
import { archiveRoutes, errorBody, errorResponses, filePart } from '../../http/route-kit.ts';
import * as chapters from './chapters.service.ts';

const tags = ['chapters'];
const uploadErrors = { 413: errorBody, 415: errorBody, 429: errorBody };

export const chapterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: { entity: 'chapter', action: 'list' } },
      schema: {
        operationId: 'listChapters',
        tags,
        summary: 'The chapters of a lesson, in order',
        querystring: listQuery.extend({ lesson_id: idText }),
        response: { 200: listAnswer(chapterSummary), ...errorResponses },
      },
    },
    async (request) => {
      const { lesson_id, ...query } = request.query;
      return chapters.list(app.ctx, requireActor(request), query, lesson_id);
    },
  );
  app.post(
    '/',
    {
      config: { access: { entity: 'chapter', action: 'create' } },
      schema: {
        operationId: 'createChapter',
        tags,
        summary: 'Create a chapter, last of its lesson; `content` is sanitised HTML',
        body: newChapterBody,
        response: { 201: chapter, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await chapters.create(app.ctx, requireActor(request), request.body)),
  );
  app.get(
    '/:id',
    {
      config: { access: { entity: 'chapter', action: 'read' } },
      schema: {
        operationId: 'getChapter',
        tags,
        summary: 'One chapter with its content, resources, previous and next chapters',
        params: idParams,
        response: { 200: chapter, ...errorResponses },
      },
    },
    async (request) => chapters.read(app.ctx, requireActor(request), request.params.id),
  );
  app.patch(
    '/:id',
    {
      config: { access: { entity: 'chapter', action: 'update' } },
      schema: {
        operationId: 'updateChapter',
        tags,
        summary: 'Edit a chapter (the fields given; `content` is sanitised)',
        params: idParams,
        body: patchOf(chapterBody),
        response: { 200: chapter, ...errorResponses },
      },
    },
    async (request) =>
      chapters.update(app.ctx, requireActor(request), request.params.id, request.body),
  );
  app.delete(
    '/:id',
    {
      config: { access: { entity: 'chapter', action: 'delete' } },
      schema: {
        operationId: 'deleteChapter',
        tags,
        summary: 'Delete a chapter with its resources',
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await chapters.remove(app.ctx, requireActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  archiveRoutes(app, {
    entity: 'chapter',
    name: 'Chapter',
    tags,
    summary: (verb) => `${verb} a chapter (students no longer see an archived one)`,
    response: chapter,
    setArchived: (request, id, archived) =>
      chapters.setArchived(app.ctx, requireActor(request), id, archived),
  });
  app.post(
    '/:id/resources',
    {
      config: { access: { entity: 'chapter', action: 'update' } },
      schema: {
        operationId: 'uploadChapterResource',
        tags,
        summary: 'Attach a file to a chapter (multipart field `file`; PDF, type sniffed)',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 201: chapter, ...errorResponses, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const part = await filePart(request);
      return reply
        .status(201)
        .send(await chapters.addFileResource(app.ctx, actor, request.params.id, part));
    },
  );
  app.post(
    '/:id/links',
    {
      config: { access: { entity: 'chapter', action: 'update' } },
      schema: {
        operationId: 'addChapterLink',
        tags,
        summary: 'Attach an http(s) link to a chapter',
        params: idParams,
        body: linkResourceBody,
        response: { 201: chapter, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await chapters.addLinkResource(
            app.ctx,
            requireActor(request),
            request.params.id,
            request.body,
          ),
        ),
  );
  app.delete(
    '/:id/resources/:resourceId',
    {
      config: { access: { entity: 'chapter', action: 'update' } },
      schema: {
        operationId: 'deleteChapterResource',
        tags,
        summary: 'Remove a resource (and its stored file) from a chapter',
        params: z.object({
          id: idText,
          resourceId: idText,
        }),
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await chapters.removeResource(
        app.ctx,
        requireActor(request),
        request.params.id,
        request.params.resourceId,
      );
      return reply.status(204).send(null);
    },
  );
};

/** Routes of a lesson about its chapters, registered under `/api/lessons`. */
export const lessonChapterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/:id/chapter-order',
    {
      config: { access: { entity: 'chapter', action: 'update' } },
      schema: {
        operationId: 'orderLessonChapters',
        tags,
        summary:
          'Reorder the chapters of a lesson: `ids` is every chapter of the lesson, in order (422 otherwise, nothing changed)',
        params: idParams,
        body: orderBody,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await chapters.reorder(app.ctx, requireActor(request), request.params.id, request.body.ids);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/:id/images',
    {
      config: { access: { entity: 'lesson', action: 'update' } },
      schema: {
        operationId: 'uploadLessonImage',
        tags,
        summary:
          'Upload an image for the chapters of a lesson (multipart field `file`; PNG, JPEG or WebP, re-encoded); answers its `/api/files/<id>` address',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 201: uploadedImage, ...errorResponses, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const part = await filePart(request);
      return reply
        .status(201)
        .send(await chapters.uploadImage(app.ctx, actor, request.params.id, part));
    },
  );
};
