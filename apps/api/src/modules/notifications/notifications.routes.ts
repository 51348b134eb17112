import {
  errorBody,
  notificationList,
  notificationListQuery,
  notificationPreferences,
  notificationPreferencesPatch,
  unreadCount,
  unsubscribeInfo,
} from '@skolar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/plugin.ts';
import { idParams } from '../../http/pagination.ts';
import { errorResponses } from '../../http/route-kit.ts';
import * as notifications from './notifications.service.ts';
import * as preferences from './preferences.service.ts';
import { openStream } from './stream.ts';
import * as unsubscribe from './unsubscribe.service.ts';

const tags = ['notifications'];
const tokenParams = z.object({ token: z.string().min(1).max(200) });

/** Under `/api/notifications`: each person's own notifications, live, and the mails' unsubscribe links. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: { entity: 'notification', action: 'list' } },
      schema: {
        operationId: 'listNotifications',
        tags,
        summary: 'My notifications, the latest first, by pages of `limit` older than `before`',
        querystring: notificationListQuery,
        response: { 200: notificationList, ...errorResponses },
      },
    },
    async (request) => notifications.list(app.ctx, requireActor(request), request.query),
  );
  app.get(
    '/stream',
    {
      config: { access: { entity: 'notification', action: 'read' } },
      schema: {
        operationId: 'streamNotifications',
        tags,
        summary:
          'Server-sent events: `unread` (the count) at once and whenever it changes, `notification` for each new one; `Last-Event-ID` (or `after`) replays what was missed',
        querystring: z.object({ after: z.coerce.number().int().min(0).optional() }),
        response: { 200: z.string().describe('text/event-stream'), ...errorResponses },
      },
    },
    async (request, reply) => openStream(app.ctx, app.live, request, reply, requireActor(request)),
  );
  app.post(
    '/read-all',
    {
      config: { access: { entity: 'notification', action: 'update' } },
      schema: {
        operationId: 'readAllNotifications',
        tags,
        summary: 'Marks all my notifications read',
        response: { 200: unreadCount, ...errorResponses },
      },
    },
    async (request) => notifications.readAll(app.ctx, requireActor(request)),
  );
  app.post(
    '/:id/read',
    {
      config: { access: { entity: 'notification', action: 'update' } },
      schema: {
        operationId: 'readNotification',
        tags,
        summary: 'Marks one of my notifications read',
        params: idParams,
        response: { 200: unreadCount, ...errorResponses },
      },
    },
    async (request) => notifications.readOne(app.ctx, requireActor(request), request.params.id),
  );
  app.get(
    '/unsubscribe/:token',
    {
      config: {
        access: { public: "a notification mail's unsubscribe link works without signing in" },
      },
      schema: {
        operationId: 'getUnsubscribe',
        tags,
        summary:
          'What an unsubscribe link would stop; a browser (Accept: text/html) is sent to the confirmation page',
        params: tokenParams,
        response: { 200: unsubscribeInfo, 303: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      if (prefersHtml(request.headers.accept)) {
        return reply.redirect(`/unsubscribe/${encodeURIComponent(request.params.token)}`, 303);
      }
      return unsubscribe.describe(app.ctx, request.params.token);
    },
  );
  // RFC 8058 one-click: mail clients POST `List-Unsubscribe=One-Click` as a form.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, { form: body }),
  );
  app.post(
    '/unsubscribe/:token',
    {
      config: {
        access: { public: 'the one-click unsubscribe of RFC 8058, by the token of the mail' },
      },
      schema: {
        operationId: 'unsubscribe',
        tags,
        summary:
          'Stops mailing the type the link names (or the digest), once; a forged link answers 404, a used one 410',
        params: tokenParams,
        response: { 200: unsubscribeInfo, 410: errorBody, 429: errorBody, ...errorResponses },
      },
    },
    async (request) => unsubscribe.confirm(app.ctx, request.ip, request.params.token),
  );
};

/** The own notification preferences, under `/api/me`. */
export const notificationPreferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notification-preferences',
    {
      config: { access: { signedIn: 'the own notification preferences' } },
      schema: {
        operationId: 'getNotificationPreferences',
        tags,
        summary:
          'How I receive each type of notification (in the application, by e-mail at once, in the daily digest, or not at all), and the digest’s hour and zone',
        response: { 200: notificationPreferences, 401: errorBody },
      },
    },
    async (request) => preferences.get(app.ctx, requireActor(request)),
  );
  app.patch(
    '/notification-preferences',
    {
      config: { access: { signedIn: 'the own notification preferences' } },
      schema: {
        operationId: 'updateNotificationPreferences',
        tags,
        summary: 'Changes the types given, the digest’s hour or zone',
        body: notificationPreferencesPatch,
        response: { 200: notificationPreferences, 401: errorBody, 422: errorBody },
      },
    },
    async (request) => preferences.update(app.ctx, requireActor(request), request.body),
  );
};

/** True when a browser opened the link (it asks for HTML before JSON). */
function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const html = accept.indexOf('text/html');
  const json = accept.indexOf('application/json');
  return html !== -1 && (json === -1 || html < json);
}
