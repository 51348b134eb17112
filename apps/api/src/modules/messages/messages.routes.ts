import {
  blockList,
  CONVERSATION_MAX_MEMBERS,
  contactList,
  contactsQuery,
  conversation,
  conversationBody,
  conversationList,
  conversationQuery,
  errorBody,
  message,
  messageBody,
} from '@skolar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/plugin.ts';
import { idParams } from '../../http/pagination.ts';
import { errorResponses } from '../../http/route-kit.ts';
import * as messages from './messages.service.ts';

const tags = ['messages'];
const limited = { 429: errorBody };

/** Under `/api/conversations`: one's conversations and their messages. */
export const conversationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: { entity: 'conversation', action: 'list' } },
      schema: {
        operationId: 'listConversations',
        tags,
        summary: 'My conversations, the latest message first, with what I have not read',
        response: { 200: conversationList, ...errorResponses },
      },
    },
    async (request) => messages.list(app.ctx, requireActor(request)),
  );
  app.get(
    '/contacts',
    {
      config: { access: { entity: 'conversation', action: 'create' } },
      schema: {
        operationId: 'listContacts',
        tags,
        summary:
          'Whom I may write to (`q` searches names): people of my institution I share a promotion, a group or a subject with, and its admins; 20 at most',
        querystring: contactsQuery,
        response: { 200: contactList, ...errorResponses },
      },
    },
    async (request) => messages.contacts(app.ctx, requireActor(request), request.query.q),
  );
  app.post(
    '/',
    {
      config: { access: { entity: 'conversation', action: 'create' } },
      schema: {
        operationId: 'startConversation',
        tags,
        summary: `Writes to 1 to ${CONVERSATION_MAX_MEMBERS - 1} of my contacts (none who blocked me or whom I blocked); to one person, continues our conversation if we have one`,
        body: conversationBody,
        response: { 201: conversation, ...limited, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await messages.start(app.ctx, requireActor(request), request.body)),
  );
  app.get(
    '/:id',
    {
      config: { access: { entity: 'conversation', action: 'read' } },
      schema: {
        operationId: 'getConversation',
        tags,
        summary:
          'A conversation of mine: its latest 50 messages (older ones with `before`), oldest first, and how far each member has read',
        params: idParams,
        querystring: conversationQuery,
        response: { 200: conversation, ...errorResponses },
      },
    },
    async (request) =>
      messages.read(app.ctx, requireActor(request), request.params.id, request.query.before),
  );
  app.post(
    '/:id/messages',
    {
      config: { access: { entity: 'message', action: 'create' } },
      schema: {
        operationId: 'sendMessage',
        tags,
        summary:
          'Sends a message (plain text) to a conversation of mine; its other members are told (409 in a one-to-one conversation with a block)',
        params: idParams,
        body: messageBody,
        response: { 201: message, ...limited, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await messages.send(app.ctx, requireActor(request), request.params.id, request.body.body),
        ),
  );
  app.post(
    '/:id/read',
    {
      config: { access: { entity: 'conversation', action: 'read' } },
      schema: {
        operationId: 'readConversation',
        tags,
        summary:
          'Marks the conversation read up to its latest message (my read receipt), with its notifications',
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await messages.markRead(app.ctx, requireActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};

const userParams = z.object({ userId: idParams.shape.id });

/** Under `/api/me/blocks`: the people I blocked. */
export const blockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: { entity: 'block', action: 'list' } },
      schema: {
        operationId: 'listBlocks',
        tags,
        summary: 'The people I blocked',
        response: { 200: blockList, ...errorResponses },
      },
    },
    async (request) => messages.blocks(app.ctx, requireActor(request)),
  );
  app.put(
    '/:userId',
    {
      config: { access: { entity: 'block', action: 'create' } },
      schema: {
        operationId: 'blockUser',
        tags,
        summary:
          'Blocks someone I may write to or share a conversation with (a learner, another learner): no new conversation or one-to-one message between us, and theirs no longer tell me',
        params: userParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await messages.block(app.ctx, requireActor(request), request.params.userId);
      return reply.status(204).send(null);
    },
  );
  app.delete(
    '/:userId',
    {
      config: { access: { entity: 'block', action: 'delete' } },
      schema: {
        operationId: 'unblockUser',
        tags,
        summary: 'Unblocks someone I blocked',
        params: userParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await messages.unblock(app.ctx, requireActor(request), request.params.userId);
      return reply.status(204).send(null);
    },
  );
};
