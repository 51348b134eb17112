import {
  DISCUSSION_EDIT_MINUTES,
  discussionAttachment,
  discussionList,
  discussionListQuery,
  discussionPeople,
  discussionPost,
  discussionPostPatch,
  discussionReplyBody,
  discussionReportBody,
  discussionSubjects,
  discussionSubscription,
  discussionThread,
  discussionThreadBody,
  discussionThreadPatch,
  errorBody,
} from '@skolar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/plugin.ts';
import { idParams } from '../../http/pagination.ts';
import { errorResponses, filePart } from '../../http/route-kit.ts';
import * as discussions from './discussions.service.ts';

const tags = ['discussions'];
const limited = { 429: errorBody };

/** Under `/api/discussions`: the threads of the subjects one reads, and their moderation. */
export const discussionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: { entity: 'discussion', action: 'list' } },
      schema: {
        operationId: 'listDiscussions',
        tags,
        summary:
          'The threads of the subjects I read (one subject with `subject_id`), latest activity first; `filter` keeps questions, unanswered questions or those I follow',
        querystring: discussionListQuery,
        response: { 200: discussionList, ...errorResponses },
      },
    },
    async (request) => discussions.list(app.ctx, requireActor(request), request.query),
  );
  app.get(
    '/subjects',
    {
      config: { access: { entity: 'discussion', action: 'list' } },
      schema: {
        operationId: 'discussionSubjects',
        tags,
        summary: 'The subjects whose discussions I read, with their number of threads',
        response: { 200: discussionSubjects, ...errorResponses },
      },
    },
    async (request) => discussions.subjects(app.ctx, requireActor(request)),
  );
  app.get(
    '/people',
    {
      config: { access: { entity: 'discussion', action: 'create' } },
      schema: {
        operationId: 'discussionPeople',
        tags,
        summary:
          'Whom a post in the subject may mention: its teachers and staff, and the learners who read it (a learner, those of their own promotions and groups)',
        querystring: z.object({ subject_id: z.coerce.number().int().positive() }),
        response: { 200: discussionPeople, ...errorResponses },
      },
    },
    async (request) => discussions.people(app.ctx, requireActor(request), request.query.subject_id),
  );
  app.post(
    '/',
    {
      config: { access: { entity: 'discussion', action: 'create' } },
      schema: {
        operationId: 'createDiscussion',
        tags,
        summary:
          'Opens a thread in a subject I read (rich text, sanitised; a question or not); its author follows it, the subject’s teachers and the people mentioned are told',
        body: discussionThreadBody,
        response: { 201: discussionThread, ...limited, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await discussions.create(app.ctx, requireActor(request), request.body)),
  );
  app.post(
    '/attachments',
    {
      config: { access: { entity: 'discussion_post', action: 'create' } },
      schema: {
        operationId: 'uploadDiscussionAttachment',
        tags,
        summary:
          'Uploads a file to attach to my next post (multipart field `file`; PDF, PNG, JPEG or WebP, 10 MB; pictures re-encoded); only its uploader reads it until a post carries it',
        consumes: ['multipart/form-data'],
        response: {
          201: discussionAttachment,
          413: errorBody,
          415: errorBody,
          ...limited,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const part = await filePart(request);
      return reply.status(201).send(await discussions.upload(app.ctx, actor, part));
    },
  );
  app.get(
    '/:id',
    {
      config: { access: { entity: 'discussion', action: 'read' } },
      schema: {
        operationId: 'getDiscussion',
        tags,
        summary: 'A thread: its opening post, then its replies in order; removed posts as a trace',
        params: idParams,
        response: { 200: discussionThread, ...errorResponses },
      },
    },
    async (request) => discussions.read(app.ctx, requireActor(request), request.params.id),
  );
  app.patch(
    '/:id',
    {
      config: { access: { entity: 'discussion', action: 'update' } },
      schema: {
        operationId: 'moderateDiscussion',
        tags,
        summary:
          'Staff mark a thread a question or not, and accept one of its replies as the answer (its author and the thread’s are told)',
        params: idParams,
        body: discussionThreadPatch,
        response: { 200: discussionThread, ...errorResponses },
      },
    },
    async (request) =>
      discussions.moderate(app.ctx, requireActor(request), request.params.id, request.body),
  );
  app.delete(
    '/:id',
    {
      config: { access: { entity: 'discussion', action: 'delete' } },
      schema: {
        operationId: 'removeDiscussion',
        tags,
        summary:
          'Staff remove a whole thread: gone for its readers with its notifications; audited',
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await discussions.removeThread(app.ctx, requireActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.put(
    '/:id/subscription',
    {
      config: { access: { entity: 'discussion', action: 'read' } },
      schema: {
        operationId: 'subscribeDiscussion',
        tags,
        summary: 'Follows a thread (told of each reply) or stops following it',
        params: idParams,
        body: discussionSubscription,
        response: { 200: discussionSubscription, ...errorResponses },
      },
    },
    async (request) =>
      discussions.subscribe(
        app.ctx,
        requireActor(request),
        request.params.id,
        request.body.subscribed,
      ),
  );
  app.post(
    '/:id/posts',
    {
      config: { access: { entity: 'discussion_post', action: 'create' } },
      schema: {
        operationId: 'replyDiscussion',
        tags,
        summary:
          'Replies to a thread (rich text, sanitised); its followers and the people mentioned are told, and the author follows it',
        params: idParams,
        body: discussionReplyBody,
        response: { 201: discussionPost, ...limited, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await discussions.reply(app.ctx, requireActor(request), request.params.id, request.body),
        ),
  );
};

/** Under `/api/discussion-posts`: one post, its edits, removal and reports. */
export const discussionPostRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/:id',
    {
      config: { access: { entity: 'discussion_post', action: 'update' } },
      schema: {
        operationId: 'editDiscussionPost',
        tags,
        summary: `Its author edits a post (and the title of a thread they opened) within ${DISCUSSION_EDIT_MINUTES} minutes of posting it (409 after)`,
        params: idParams,
        body: discussionPostPatch,
        response: { 200: discussionPost, ...errorResponses },
      },
    },
    async (request) =>
      discussions.edit(app.ctx, requireActor(request), request.params.id, request.body),
  );
  app.delete(
    '/:id',
    {
      config: { access: { entity: 'discussion_post', action: 'delete' } },
      schema: {
        operationId: 'removeDiscussionPost',
        tags,
        summary: `Removes a post: its author within ${DISCUSSION_EDIT_MINUTES} minutes, staff at any time; a trace says when and by whom (audited)`,
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await discussions.removePost(app.ctx, requireActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/:id/report',
    {
      config: { access: { entity: 'discussion_report', action: 'create' } },
      schema: {
        operationId: 'reportDiscussionPost',
        tags,
        summary:
          'A learner reports a post they read with a reason; the subject’s teachers are told (once per person and post)',
        params: idParams,
        body: discussionReportBody,
        response: { 204: z.null(), ...limited, ...errorResponses },
      },
    },
    async (request, reply) => {
      await discussions.report(app.ctx, requireActor(request), request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );
  app.delete(
    '/:id/reports',
    {
      config: { access: { entity: 'discussion_report', action: 'delete' } },
      schema: {
        operationId: 'dismissDiscussionReports',
        tags,
        summary: 'Staff dismiss the open reports of a post they moderate, keeping it',
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await discussions.dismissReports(app.ctx, requireActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
