import {
  changePasswordBody,
  confirmPasswordBody,
  emailBody,
  loginAnswer,
  loginBody,
  loginMfaBody,
  newPasswordBody,
  type Role,
  stepUpTargetQuery,
  authInfo as userInfo,
} from '@skolar/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEVICE_COOKIE, deviceCookieAfterSignIn, setDeviceCookie } from '../../auth/devices.ts';
import { clearSessionCookies, requireActor, setSessionCookies } from '../../auth/plugin.ts';
import { confirmPassword, isStepUpValid } from '../../auth/step-up.ts';
import { forbidden } from '../../http/errors.ts';
import { errorBody } from '../../http/route-kit.ts';
import { translate } from '../../i18n/messages.ts';
import * as auth from './auth.service.ts';
import * as passwords from './passwords.service.ts';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  /** A sign-in opened a session: its cookies, and this browser remembered for the account. */
  const signedInCookies = (
    request: FastifyRequest,
    reply: FastifyReply,
    result: { userId: number; role: Role; accessToken: string },
  ) => {
    setSessionCookies(reply, result.accessToken, result.role);
    const device = deviceCookieAfterSignIn(
      app.ctx.config.MFA_ENCRYPTION_KEY,
      request.cookies[DEVICE_COOKIE],
      result.userId,
      app.ctx.clock.now(),
    );
    setDeviceCookie(reply, device);
  };

  app.post(
    '/login',
    {
      config: { access: { public: 'signing in' }, beforeMfaEnrolment: true },
      schema: {
        operationId: 'login',
        tags: ['auth'],
        summary: 'Sign in; sets the session and XSRF cookies and answers a bearer token',
        body: loginBody,
        response: { 200: loginAnswer, 401: errorBody, 422: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const result = await auth.login(app.ctx, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        log: request.log,
        device: request.cookies[DEVICE_COOKIE],
        replaces: request.actor?.sessionId,
      });
      if ('accessToken' in result) signedInCookies(request, reply, result);
      return result;
    },
  );

  app.post(
    '/login/mfa',
    {
      config: { access: { public: 'the second step of signing in' }, beforeMfaEnrolment: true },
      schema: {
        operationId: 'loginWithMfa',
        tags: ['auth'],
        summary:
          'Second step of a sign-in with MFA: the challenge token and a code (or a recovery code)',
        body: loginMfaBody,
        response: {
          200: loginAnswer,
          400: errorBody,
          401: errorBody,
          422: errorBody,
          429: errorBody,
        },
      },
    },
    async (request, reply) => {
      const result = await auth.loginWithMfa(app.ctx, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        log: request.log,
        device: request.cookies[DEVICE_COOKIE],
        replaces: request.actor?.sessionId,
      });
      if ('accessToken' in result) signedInCookies(request, reply, result);
      return result;
    },
  );

  // GET for a plain link, POST for the web client's button; both sign out the same way. A GET
  // that a browser marks as coming from another site (a link or an image on another page) signs
  // nobody out: the XSRF check guards the POST, `Sec-Fetch-Site` guards the GET (ASVS 3.5.3).
  for (const method of ['POST', 'GET'] as const) {
    app.route({
      method,
      url: '/logout',
      config: {
        access: { public: 'signing out answers 204 even when already signed out' },
        beforeMfaEnrolment: true,
      },
      schema: {
        operationId: method === 'POST' ? 'logout' : 'logoutLink',
        tags: ['auth'],
        summary:
          'Sign out: revokes the session (also answers 204 when already signed out); a GET from another site answers 403',
        response: { 204: z.null(), 403: errorBody },
      },
      handler: async (request, reply) => {
        const site = request.headers['sec-fetch-site'];
        if (method === 'GET' && (site === 'cross-site' || site === 'same-site')) throw forbidden();
        if (request.actor) await auth.logout(app.ctx, request.actor);
        clearSessionCookies(reply);
        return reply.status(204).send(null);
      },
    });
  }

  app.post(
    '/verify-password-request',
    {
      config: { access: { signedIn: 'a step-up of the own session' }, beforeMfaEnrolment: true },
      schema: {
        operationId: 'confirmPassword',
        tags: ['auth'],
        summary:
          'Step-up: confirm the password, get a token for one edit within 15 minutes, from this session, of the `target` row (send it as X-Confirm-Token)',
        body: confirmPasswordBody,
        response: {
          200: z.object({ token: z.string() }),
          401: errorBody,
          422: errorBody,
          429: errorBody,
        },
      },
    },
    async (request) => ({
      token: await confirmPassword(
        app.ctx,
        requireActor(request),
        request.body.password,
        request.ip,
        request.body.target,
      ),
    }),
  );

  app.post(
    '/verify-token-validity/:token',
    {
      config: { access: { signedIn: 'a step-up of the own session' }, beforeMfaEnrolment: true },
      schema: {
        operationId: 'checkStepUpToken',
        tags: ['auth'],
        summary:
          'Whether a step-up token is still unused and valid for this session and the target row (entity and id, or none)',
        params: z.object({ token: z.string().min(1).max(200) }),
        querystring: stepUpTargetQuery,
        response: { 200: z.object({ valid: z.boolean() }), 401: errorBody },
      },
    },
    async (request) => ({
      valid: await isStepUpValid(
        app.ctx,
        requireActor(request),
        request.params.token,
        request.query.entity && request.query.id
          ? { entity: request.query.entity, id: request.query.id }
          : null,
      ),
    }),
  );

  app.get(
    '/info',
    {
      config: { access: { signedIn: 'the signed-in user' }, beforeMfaEnrolment: true },
      schema: {
        operationId: 'getSessionInfo',
        tags: ['auth'],
        summary: 'The signed-in user, their role and institution',
        response: { 200: userInfo, 401: errorBody },
      },
    },
    async (request) => auth.info(app.ctx, requireActor(request)),
  );

  const messageAnswer = z.object({ message: z.string() });
  const tokenParams = z.object({ token: z.string().min(1).max(200) });

  app.post(
    '/forgot-password',
    {
      config: {
        access: { public: 'a password reset is asked signed out' },
        beforeMfaEnrolment: true,
      },
      schema: {
        operationId: 'forgotPassword',
        tags: ['auth'],
        summary:
          'Sends a reset link (valid 60 minutes); the same answer whether or not the address exists',
        body: emailBody,
        response: { 200: messageAnswer, 422: errorBody, 429: errorBody },
      },
    },
    async (request) => ({
      message: translate(
        request.locale,
        await passwords.forgotPassword(app.ctx, request.body.email, request.ip),
      ),
    }),
  );

  app.get(
    '/verify-token/:token',
    {
      config: {
        access: { public: 'the reset link is opened signed out' },
        beforeMfaEnrolment: true,
      },
      schema: {
        operationId: 'checkResetToken',
        tags: ['auth'],
        summary: 'Whether a password-reset link is still usable',
        params: tokenParams,
        response: { 200: z.object({ valid: z.boolean() }) },
      },
    },
    async (request) => ({ valid: await passwords.resetTokenValid(app.ctx, request.params.token) }),
  );

  app.post(
    '/reset-password/:token',
    {
      config: { access: { public: 'the reset link is used signed out' }, beforeMfaEnrolment: true },
      schema: {
        operationId: 'resetPassword',
        tags: ['auth'],
        summary:
          'Sets a new password from a reset link (single use); ends every session of the user',
        params: tokenParams,
        body: newPasswordBody,
        response: { 200: messageAnswer, 400: errorBody, 422: errorBody, 429: errorBody },
      },
    },
    async (request) => ({
      message: translate(
        request.locale,
        await passwords.resetPassword(
          app.ctx,
          request.params.token,
          request.body,
          request.ip,
          request.log,
        ),
      ),
    }),
  );

  app.get(
    '/verify-email/:token',
    {
      config: {
        access: { public: 'the invitation link is opened signed out' },
        beforeMfaEnrolment: true,
      },
      schema: {
        operationId: 'checkInvitation',
        tags: ['auth'],
        summary:
          'Follows a verification link; an invited user without a password is asked to choose one (password_required)',
        params: tokenParams,
        response: {
          200: z.object({ message: z.string(), password_required: z.boolean() }),
          400: errorBody,
        },
      },
    },
    async (request) => {
      const result = await passwords.verifyEmail(app.ctx, request.params.token);
      return { ...result, message: translate(request.locale, result.message) };
    },
  );

  app.post(
    '/verify-email/:token',
    {
      config: {
        access: { public: 'the invitation link is used signed out' },
        beforeMfaEnrolment: true,
      },
      schema: {
        operationId: 'acceptInvitation',
        tags: ['auth'],
        summary: 'Invited user: verifies the address and sets the first password (single use)',
        params: tokenParams,
        body: newPasswordBody,
        response: { 200: messageAnswer, 400: errorBody, 409: errorBody, 422: errorBody },
      },
    },
    async (request) => ({
      message: translate(
        request.locale,
        await passwords.activateAccount(app.ctx, request.params.token, request.body),
      ),
    }),
  );

  app.post(
    '/verify-email-request',
    {
      config: { access: { public: 'a new link is asked signed out' }, beforeMfaEnrolment: true },
      schema: {
        operationId: 'resendVerification',
        tags: ['auth'],
        summary: 'Sends a new verification link; the same answer whatever the address',
        body: emailBody,
        response: { 200: messageAnswer, 422: errorBody, 429: errorBody },
      },
    },
    async (request) => ({
      message: translate(
        request.locale,
        await passwords.requestVerification(app.ctx, request.body.email, request.ip),
      ),
    }),
  );

  app.post(
    '/change-password',
    {
      config: { access: { signedIn: 'the own password' }, beforeMfaEnrolment: true },
      schema: {
        operationId: 'changePassword',
        tags: ['auth'],
        summary: 'Changes the password (current one required); ends the other sessions',
        body: changePasswordBody,
        response: { 200: messageAnswer, 401: errorBody, 422: errorBody, 429: errorBody },
      },
    },
    async (request) => ({
      message: translate(
        request.locale,
        await passwords.changePassword(
          app.ctx,
          requireActor(request),
          request.body,
          request.log,
          request.ip,
        ),
      ),
    }),
  );
};
