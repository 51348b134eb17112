import type { Role } from '@skolar/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendError, unauthenticated } from '../http/errors.ts';
import { type Locale, localeFromHeader } from '../i18n/messages.ts';
import { type Actor, resolveSession, sessionLifetimeMs } from './sessions.ts';
import { safeEqual, xsrfFor } from './tokens.ts';

/**
 * `__Host-`: the browser keeps it only when Secure, for Path=/ and without Domain, so no
 * subdomain or plain-http page can plant or shadow it. Browsers treat http://localhost as secure.
 */
const SESSION_COOKIE = '__Host-skolar_session';
const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for a guest. */
    actor: Actor | null;
    /** The raw session token the request came with (bearer or cookie), when it is valid. */
    sessionToken: string | null;
    locale: Locale;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  return header.slice(7).trim() || undefined;
}

/**
 * Sets the HttpOnly session cookie and the readable XSRF cookie bound to it, for as long as a
 * session of the role lasts.
 */
export function setSessionCookies(reply: FastifyReply, token: string, role: Role): void {
  const maxAge = sessionLifetimeMs(role) / 1000;
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: true,
    path: '/',
    maxAge,
  });
  reply.setCookie(XSRF_COOKIE, xsrfFor(token), {
    httpOnly: false,
    sameSite: 'lax',
    secure: true,
    path: '/',
    maxAge,
  });
}

/** Removes both cookies (with the attributes they were set with, or the browser keeps them). */
export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', secure: true, httpOnly: true, sameSite: 'lax' });
  reply.clearCookie(XSRF_COOKIE, { path: '/', secure: true, sameSite: 'lax' });
}

/**
 * Authenticates every /api request: `Authorization: Bearer` (scripts) or the session cookie
 * (browser). A cookie-authenticated unsafe request must echo the XSRF cookie in X-XSRF-TOKEN.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('actor', null);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('locale', 'fr');

  app.addHook('onRequest', async (request, reply) => {
    request.locale = localeFromHeader(request.headers['accept-language']);
    if (!request.url.startsWith('/api/')) return;
    const bearer = bearerToken(request);
    const cookie = request.cookies[SESSION_COOKIE];
    const token = bearer ?? cookie;
    if (!token) return;
    const actor = await resolveSession(app.ctx.db, token, app.ctx.clock.now());
    if (!actor) {
      if (cookie && !bearer) clearSessionCookies(reply);
      return;
    }
    if (!bearer && !SAFE_METHODS.has(request.method)) {
      const sent = request.headers[XSRF_HEADER];
      if (typeof sent !== 'string' || !safeEqual(sent, xsrfFor(token))) {
        return sendError(request, reply, 403, 'errors.xsrf');
      }
    }
    // Staff whose institution requires MFA may call only the routes declared open before enrolment.
    if (actor.mfaEnrolmentRequired && !request.routeOptions.config.beforeMfaEnrolment) {
      return sendError(request, reply, 403, 'account.mfa_required_by_institution');
    }
    request.actor = actor;
    request.sessionToken = token;
    if (!request.headers['accept-language']) request.locale = actor.locale;
  });
});

/** The signed-in actor, or a 401. */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthenticated();
  return request.actor;
}
