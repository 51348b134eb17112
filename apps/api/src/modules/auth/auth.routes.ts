import { confirmPasswordBody, loginBody } from '@skolar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clearSessionCookies, requireActor, setSessionCookies } from '../../auth/plugin.ts';
import { confirmPassword, isStepUpValid } from '../../auth/step-up.ts';
import { errorBody, loginAnswer, userInfo } from './auth.schemas.ts';
import * as auth from './auth.service.ts';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const secure = app.ctx.config.NODE_ENV === 'production';

  app.post(
    '/login',
    {
      schema: {
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
      });
      if (!result.verify_email) setSessionCookies(reply, result.accessToken, secure);
      return result;
    },
  );

  app.route({
    method: ['GET', 'POST'],
    url: '/logout',
    schema: {
      tags: ['auth'],
      summary: 'Sign out: revokes the session (also answers 204 when already signed out)',
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      if (request.actor) await auth.logout(app.ctx, request.actor);
      clearSessionCookies(reply);
      return reply.status(204).send(null);
    },
  });

  app.post(
    '/verify-password-request',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Step-up: confirm the password, get a token valid 15 minutes (send it as X-Confirm-Token)',
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
      token: await confirmPassword(app.ctx, requireActor(request), request.body.password),
    }),
  );

  app.post(
    '/verify-token-validity/:token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether a step-up token is still valid for the signed-in user',
        params: z.object({ token: z.string().min(1).max(200) }),
        response: { 200: z.object({ valid: z.boolean() }), 401: errorBody },
      },
    },
    async (request) => ({
      valid: await isStepUpValid(app.ctx, requireActor(request), request.params.token),
    }),
  );

  app.get(
    '/info',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user, their role and institution',
        response: { 200: userInfo, 401: errorBody },
      },
    },
    async (request) => auth.info(app.ctx, requireActor(request)),
  );
};
