import { loginBody } from '@skolar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clearSessionCookies, requireActor, setSessionCookies } from '../../auth/plugin.ts';
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
