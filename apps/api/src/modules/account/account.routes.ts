import {
  errorBody,
  idText,
  mfaCodeBody,
  mfaEnableBody,
  patchOf,
  profileAnswer,
  profileBody,
  sessionItem,
  sessionsRevoked,
  settingsAnswer,
  settingsBody,
} from '@skolar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clearSessionCookies, requireActor } from '../../auth/plugin.ts';
import { countUpload } from '../../http/route-kit.ts';
import * as account from './account.service.ts';
import * as mfa from './mfa.service.ts';
import * as picture from './picture.service.ts';
import * as profile from './profile.service.ts';

/** The signed-in user's own account: settings, sessions, MFA (prefix /api/me). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings',
    {
      config: { access: { signedIn: 'the own preferences' }, beforeMfaEnrolment: true },
      schema: {
        operationId: 'getSettings',
        tags: ['account'],
        summary: 'My preferences (language, theme, notifications) and MFA state',
        response: { 200: settingsAnswer, 401: errorBody },
      },
    },
    async (request) => account.getSettings(app.ctx, requireActor(request)),
  );

  app.patch(
    '/settings',
    {
      config: { access: { signedIn: 'the own preferences' }, beforeMfaEnrolment: true },
      schema: {
        operationId: 'updateSettings',
        tags: ['account'],
        summary: 'Saves my preferences',
        body: patchOf(settingsBody),
        response: { 200: settingsAnswer, 401: errorBody, 422: errorBody },
      },
    },
    async (request) => account.updateSettings(app.ctx, requireActor(request), request.body),
  );

  app.get(
    '/sessions',
    {
      config: { access: { signedIn: 'the own sessions' }, beforeMfaEnrolment: true },
      schema: {
        operationId: 'listSessions',
        tags: ['account'],
        summary: 'My open sessions, the current one marked',
        response: { 200: z.array(sessionItem), 401: errorBody },
      },
    },
    async (request) => account.listSessions(app.ctx, requireActor(request)),
  );

  app.delete(
    '/sessions/:id',
    {
      config: {
        access: { signedIn: 'the own sessions' },
        beforeMfaEnrolment: true,
        stepUp: 'other-session',
      },
      schema: {
        operationId: 'endSession',
        tags: ['account'],
        summary:
          'Signs out one of my sessions: another one needs a step-up token in X-Confirm-Token (403 without); the current one needs none and clears the cookies',
        params: z.object({ id: idText }),
        response: { 204: z.null(), 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const { current } = await account.endSession(
        app.ctx,
        requireActor(request),
        request.params.id,
      );
      if (current) clearSessionCookies(reply);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/sessions/revoke-others',
    {
      config: { access: { signedIn: 'the own sessions' }, beforeMfaEnrolment: true, stepUp: true },
      schema: {
        operationId: 'endOtherSessions',
        tags: ['account'],
        summary:
          'Signs out everywhere else; needs a step-up token in X-Confirm-Token (403 without)',
        response: { 200: sessionsRevoked, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => ({
      revoked: await account.endOtherSessions(app.ctx, requireActor(request)),
    }),
  );

  app.post(
    '/mfa/setup',
    {
      config: { access: { signedIn: 'the own MFA enrolment' }, beforeMfaEnrolment: true },
      schema: {
        operationId: 'setupMfa',
        tags: ['account'],
        summary:
          'Starts an MFA enrolment: a new secret and its QR code (SVG, drawn by the server); mails a confirmation code',
        response: {
          200: z.object({ secret: z.string(), otpauth_url: z.string(), qr_svg: z.string() }),
          401: errorBody,
          409: errorBody,
        },
      },
    },
    async (request) => mfa.setupMfa(app.ctx, requireActor(request)),
  );

  app.post(
    '/mfa/enable',
    {
      config: { access: { signedIn: 'the own MFA enrolment' }, beforeMfaEnrolment: true },
      schema: {
        operationId: 'enableMfa',
        tags: ['account'],
        summary:
          'Turns MFA on with a code from the app and the mailed confirmation code; ends the other sessions, mails the owner, answers 10 one-time recovery codes',
        body: mfaEnableBody,
        response: {
          200: z.object({ recovery_codes: z.array(z.string()) }),
          401: errorBody,
          409: errorBody,
          422: errorBody,
          429: errorBody,
        },
      },
    },
    async (request) => {
      return mfa.enableMfa(app.ctx, requireActor(request), request.body);
    },
  );

  app.post(
    '/mfa/disable',
    {
      config: { access: { signedIn: 'the own MFA enrolment' }, beforeMfaEnrolment: true },
      schema: {
        operationId: 'disableMfa',
        tags: ['account'],
        summary: 'Turns MFA off with a current code or a recovery code (refused when required)',
        body: mfaCodeBody,
        response: { 204: z.null(), 401: errorBody, 409: errorBody, 422: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      await mfa.disableMfa(app.ctx, requireActor(request), request.body.code);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/profile',
    {
      config: { access: { signedIn: 'the own information' } },
      schema: {
        operationId: 'getProfile',
        tags: ['account'],
        summary: 'My information',
        response: { 200: profileAnswer, 401: errorBody },
      },
    },
    async (request) => profile.getProfile(app.ctx, requireActor(request)),
  );

  app.patch(
    '/profile',
    {
      config: { access: { signedIn: 'the own information' }, stepUp: true },
      schema: {
        operationId: 'updateProfile',
        tags: ['account'],
        summary: 'Updates my information; needs a step-up token in X-Confirm-Token (403 without)',
        body: patchOf(profileBody),
        response: { 200: profileAnswer, 401: errorBody, 403: errorBody, 422: errorBody },
      },
    },
    async (request) => profile.updateProfile(app.ctx, requireActor(request), request.body),
  );

  // The picture arrives as the raw image (Content-Type image/jpeg, png or webp), in this plugin only.
  app.addContentTypeParser(
    [...picture.PICTURE_TYPES, 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: picture.PICTURE_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.put(
    '/picture',
    {
      bodyLimit: picture.PICTURE_MAX_BYTES,
      config: { access: { signedIn: 'the own picture' } },
      // Counted against the account's upload limit before the body is read.
      preParsing: async (request) => countUpload(request),
      schema: {
        operationId: 'setPicture',
        tags: ['account'],
        summary:
          'Sets my picture: the raw JPEG, PNG or WebP (2 MB at most), re-encoded to a 256 px WebP; counts against the account’s upload rate limit (429)',
        response: {
          200: profileAnswer,
          401: errorBody,
          413: errorBody,
          415: errorBody,
          429: errorBody,
        },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const body = request.body;
      return picture.setPicture(app.ctx, actor, Buffer.isBuffer(body) ? body : Buffer.alloc(0));
    },
  );

  app.delete(
    '/picture',
    {
      config: { access: { signedIn: 'the own picture' } },
      schema: {
        operationId: 'removePicture',
        tags: ['account'],
        summary: 'Removes my picture',
        response: { 200: profileAnswer, 401: errorBody },
      },
    },
    async (request) => picture.removePicture(app.ctx, requireActor(request)),
  );
};
