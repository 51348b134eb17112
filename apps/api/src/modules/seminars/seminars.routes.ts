import {
  episodeDetail,
  episodeFields,
  idText,
  mySeminar,
  newSeminarBody,
  patchOf,
  seminar,
  seminarBody,
  seminarDetail,
} from '@skolar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/plugin.ts';
import { idParams, listAnswer, listQuery } from '../../http/pagination.ts';
import { archiveRoutes, errorBody, errorResponses, filePart } from '../../http/route-kit.ts';
import * as episodes from './episodes.service.ts';
import * as seminars from './seminars.service.ts';

const tags = ['seminars'];

export const seminarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: { entity: 'seminar', action: 'list' } },
      schema: {
        operationId: 'listSeminars',
        tags,
        summary: 'List seminars in scope, optionally of one promotion',
        querystring: listQuery.extend({
          promotion_id: idText.optional(),
        }),
        response: { 200: listAnswer(seminar), ...errorResponses },
      },
    },
    async (request) => {
      const { promotion_id, ...query } = request.query;
      return seminars.list(app.ctx, requireActor(request), query, promotion_id);
    },
  );
  app.post(
    '/',
    {
      config: { access: { entity: 'seminar', action: 'create' } },
      schema: {
        operationId: 'createSeminar',
        tags,
        summary: 'Create a seminar in a promotion (super-admin, admin, super-teacher)',
        body: newSeminarBody,
        response: { 201: seminar, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await seminars.create(app.ctx, requireActor(request), request.body)),
  );
  app.get(
    '/:id',
    {
      config: { access: { entity: 'seminar', action: 'read' } },
      schema: {
        operationId: 'getSeminar',
        tags,
        summary: 'One seminar with its episodes in order and its syllabus link',
        params: idParams,
        response: { 200: seminarDetail, ...errorResponses },
      },
    },
    async (request) => seminars.read(app.ctx, requireActor(request), request.params.id),
  );
  app.patch(
    '/:id',
    {
      config: { access: { entity: 'seminar', action: 'update' } },
      schema: {
        operationId: 'updateSeminar',
        tags,
        summary: 'Edit a seminar, including its visibility',
        params: idParams,
        body: patchOf(seminarBody),
        response: { 200: seminar, ...errorResponses },
      },
    },
    async (request) =>
      seminars.update(app.ctx, requireActor(request), request.params.id, request.body),
  );
  app.delete(
    '/:id',
    {
      config: { access: { entity: 'seminar', action: 'delete' } },
      schema: {
        operationId: 'deleteSeminar',
        tags,
        summary: 'Delete a seminar with its episodes (super-admin, admin, super-teacher)',
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await seminars.remove(app.ctx, requireActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  archiveRoutes(app, {
    entity: 'seminar',
    name: 'Seminar',
    tags,
    summary: (verb) => `${verb} a seminar`,
    response: seminar,
    setArchived: (request, id, archived) =>
      seminars.setArchived(app.ctx, requireActor(request), id, archived),
  });
  app.post(
    '/:id/syllabus',
    {
      config: { access: { entity: 'seminar', action: 'update' } },
      schema: {
        operationId: 'uploadSeminarSyllabus',
        tags,
        summary: 'Upload the syllabus of a seminar (a PDF; multipart field `file`)',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: {
          200: seminar,
          ...errorResponses,
          413: errorBody,
          415: errorBody,
          429: errorBody,
        },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return seminars.setSyllabus(app.ctx, actor, request.params.id, await filePart(request));
    },
  );
  app.post(
    '/:id/episodes',
    {
      config: { access: { entity: 'episode', action: 'create' } },
      schema: {
        operationId: 'createEpisode',
        tags,
        summary: "Add an episode to a seminar (day and times in the institution's zone)",
        params: idParams,
        body: episodeFields,
        response: { 201: episodeDetail, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await episodes.create(app.ctx, requireActor(request), request.params.id, request.body),
        ),
  );
};

/** `GET /api/me/seminars`: the student's seminars with their next episode. */
export const mySeminarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/seminars',
    {
      config: { access: { entity: 'seminar', action: 'list' } },
      schema: {
        operationId: 'listMySeminars',
        tags,
        summary: "The seminars of the student's promotions, each with its next episode",
        response: { 200: z.array(mySeminar), ...errorResponses },
      },
    },
    async (request) => seminars.mine(app.ctx, requireActor(request)),
  );
};
