import { calendarFeed, errorBody } from '@skolar/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/plugin.ts';
import * as feeds from './feed.service.ts';

const tags = ['calendar'];
const errors = { 401: errorBody, 403: errorBody };
const icsBody = z.string().describe('text/calendar (RFC 5545)');

const sendCalendar = (reply: FastifyReply, document: string) =>
  reply
    .header('content-type', 'text/calendar; charset=utf-8')
    .header('content-disposition', 'inline; filename="skolar.ics"')
    .header('cache-control', 'private, no-store')
    .send(document);

/** The signed-in user's calendar as iCalendar, and their private feed (prefix /api/me). */
export const myCalendarFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/calendar.ics',
    {
      config: { access: { entity: 'event', action: 'list' } },
      schema: {
        operationId: 'getMyCalendarIcs',
        tags,
        summary:
          'My calendar as iCalendar: my events (series as RRULE), exams, deadlines and episodes, from 90 days ago to a year ahead',
        produces: ['text/calendar'],
        response: { 200: icsBody, ...errors },
      },
    },
    async (request, reply) =>
      sendCalendar(reply, await feeds.myCalendar(app.ctx, requireActor(request))),
  );
  app.get(
    '/calendar-feed',
    {
      config: { access: { entity: 'calendar_feed', action: 'read' } },
      schema: {
        operationId: 'getMyCalendarFeed',
        tags,
        summary: 'Whether I have a private calendar feed (its address is shown only when created)',
        response: { 200: calendarFeed, ...errors },
      },
    },
    async (request) => feeds.feedStatus(app.ctx, requireActor(request)),
  );
  app.post(
    '/calendar-feed',
    {
      config: { access: { entity: 'calendar_feed', action: 'create' } },
      schema: {
        operationId: 'createMyCalendarFeed',
        tags,
        summary:
          'Creates my private calendar feed, replacing any previous one, and answers its address (once)',
        response: { 201: calendarFeed, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await feeds.createFeed(app.ctx, requireActor(request))),
  );
  app.delete(
    '/calendar-feed',
    {
      config: { access: { entity: 'calendar_feed', action: 'delete' } },
      schema: {
        operationId: 'revokeMyCalendarFeed',
        tags,
        summary: 'Revokes my private calendar feed: its address answers 404 at once',
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await feeds.revokeFeed(app.ctx, requireActor(request));
      return reply.status(204).send(null);
    },
  );
};

/** `/api/calendar-feeds/<token>.ics`: a private feed, fetched by a calendar app (prefix /api/calendar-feeds). */
export const calendarFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:token.ics',
    {
      config: {
        access: {
          public:
            'a calendar app fetches a private feed; the random token in its address is the key',
        },
      },
      schema: {
        operationId: 'getCalendarFeed',
        tags,
        summary:
          "A private feed's calendar (the feed's user's events, exams, deadlines and episodes); 404 once revoked",
        security: [],
        params: z.object({ token: z.string().max(100) }),
        produces: ['text/calendar'],
        response: { 200: icsBody, 404: errorBody, 429: errorBody },
      },
    },
    async (request, reply) =>
      sendCalendar(reply, await feeds.feedDocument(app.ctx, request.params.token, request.ip)),
  );
};
