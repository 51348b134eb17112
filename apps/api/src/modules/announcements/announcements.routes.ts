import {
  announcement,
  announcementAudiences,
  announcementBody,
  announcementList,
  announcementPatch,
  errorBody,
} from '@skolar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/plugin.ts';
import { idParams } from '../../http/pagination.ts';
import { errorResponses } from '../../http/route-kit.ts';
import * as announcements from './announcements.service.ts';

const tags = ['announcements'];

/** Under `/api/announcements`: staff post to their audiences, learners read theirs. */
export const announcementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: { entity: 'announcement', action: 'list' } },
      schema: {
        operationId: 'listAnnouncements',
        tags,
        summary:
          'The announcements I see: a learner’s audiences once out; staff, those of the audiences they reach, scheduled ones too; pinned first',
        response: { 200: announcementList, ...errorResponses },
      },
    },
    async (request) => announcements.list(app.ctx, requireActor(request)),
  );
  app.get(
    '/audiences',
    {
      config: { access: { entity: 'announcement', action: 'create' } },
      schema: {
        operationId: 'announcementAudiences',
        tags,
        summary:
          'Where I may post: the institution (admins and super-teachers), my promotions and groups',
        response: { 200: announcementAudiences, ...errorResponses },
      },
    },
    async (request) => announcements.audiences(app.ctx, requireActor(request)),
  );
  app.post(
    '/',
    {
      config: { access: { entity: 'announcement', action: 'create' } },
      schema: {
        operationId: 'createAnnouncement',
        tags,
        summary:
          'Posts an announcement (rich text, sanitised) to the institution, a promotion or a group I reach, now or at `publish_at`; its audience is told when it comes out',
        body: announcementBody,
        response: { 201: announcement, 429: errorBody, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await announcements.create(app.ctx, requireActor(request), request.body)),
  );
  app.patch(
    '/:id',
    {
      config: { access: { entity: 'announcement', action: 'update' } },
      schema: {
        operationId: 'updateAnnouncement',
        tags,
        summary:
          'Edits, pins or reschedules an announcement (mine, or any for admins and super-teachers)',
        params: idParams,
        body: announcementPatch,
        response: { 200: announcement, ...errorResponses },
      },
    },
    async (request) =>
      announcements.update(app.ctx, requireActor(request), request.params.id, request.body),
  );
  app.delete(
    '/:id',
    {
      config: { access: { entity: 'announcement', action: 'delete' } },
      schema: {
        operationId: 'withdrawAnnouncement',
        tags,
        summary: 'Withdraws an announcement: gone for its readers, with its notifications; audited',
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await announcements.withdraw(app.ctx, requireActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
