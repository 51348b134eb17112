import type { Action, Entity } from '@skolar/shared';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';
import { requireActor } from './plugin.ts';
import { authorize, requireAccess } from './policy.ts';
import { requireStepUp, restoreStepUp, STEP_UP_HEADER } from './step-up.ts';

/**
 * Who may call a route, declared in its options (`config.access`):
 * - `{ entity, action }`: a signed-in user whose role has that grant (401, then 403); the handler
 *   then reaches rows only through `can(actor, action, entity)` (404 outside the actor's scope);
 * - `{ signedIn: reason }`: any signed-in user, on their own account or session;
 * - `{ public: reason }`: anyone, signed in or not.
 */
type RouteAccess = { entity: Entity; action: Action } | { signedIn: string } | { public: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** Callable by staff whose institution requires MFA before they have enrolled. */
    beforeMfaEnrolment?: boolean;
    /**
     * Needs a live step-up token of the same session in X-Confirm-Token, asked for this row
     * (`<entity>:<:id>`) or, on a route without an :id, for no row; spent by the call (403 otherwise).
     * `'other-session'`: on an own-session route whose :id is a session, only when it is not the
     * caller's own (ending the current session is a sign-out and needs none).
     */
    stepUp?: boolean | 'other-session';
  }
  interface FastifyRequest {
    /** The step-up token this request spent, given back if the request fails. */
    spentStepUp?: number;
  }
  interface FastifyInstance {
    /** Every API route with its declared access, in registration order (the authorization matrix). */
    routeRegistry: RegisteredRoute[];
  }
}

interface RegisteredRoute {
  method: string;
  url: string;
  /** The OpenAPI operation, named in the routes file that declares the route. */
  operationId: string | undefined;
  access: RouteAccess;
  stepUp: boolean;
  beforeMfaEnrolment: boolean;
  /** The route's request schemas (zod), for the fuzz test's generated requests. */
  schema: { params?: unknown; querystring?: unknown; body?: unknown };
}

/** Routes served by a third-party plugin, with why they need no declaration of their own. */
const PLUGIN_ROUTES: ReadonlyArray<{ prefix: string; access: RouteAccess }> = [
  { prefix: '/api/docs', access: { public: 'the API documentation page (swagger-ui)' } },
];

/**
 * Refuses to start when an API route declares no access, and enforces what each declares before
 * the body is validated: 401 for a guest, 403 for a role without the grant, then the step-up.
 */
export const routeAccessPlugin = fp(async (app: FastifyInstance) => {
  const registry: RegisteredRoute[] = [];
  app.decorate('routeRegistry', registry);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]) as HTTPMethods[];
    if (methods.every((method) => method === 'HEAD')) return;
    const plugin = PLUGIN_ROUTES.find((entry) => route.url.startsWith(entry.prefix));
    if (!route.config?.access && plugin) {
      route.config = { ...route.config, access: plugin.access };
    }
    const access = route.config?.access;
    if (!access) {
      throw new Error(
        `${methods.join(',')} ${route.url} declares no access: add config.access ({ entity, action }, { signedIn: reason } or { public: reason })`,
      );
    }
    for (const method of methods) {
      if (method === 'HEAD') continue;
      registry.push({
        method,
        url: route.url,
        operationId: route.schema?.operationId,
        access,
        stepUp: Boolean(route.config?.stepUp),
        beforeMfaEnrolment: route.config?.beforeMfaEnrolment === true,
        schema: {
          params: route.schema?.params,
          querystring: route.schema?.querystring,
          body: route.schema?.body,
        },
      });
    }
  });

  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || 'public' in access) return;
    const actor = requireActor(request);
    if ('entity' in access) authorize(actor, access.action, access.entity);
  });

  // The step-up comes after the row: another institution's row answers 404 with or without it.
  app.addHook('preHandler', async (request) => {
    const { access, stepUp } = request.routeOptions.config;
    if (!stepUp) return;
    const actor = requireActor(request);
    const id = (request.params as { id?: unknown } | undefined)?.id;
    if (stepUp === 'other-session' && id === actor.sessionId) return;
    if (access && 'entity' in access && typeof id === 'number') {
      await requireAccess(app.ctx.db, actor, access.action, access.entity, id);
    }
    const token = request.headers[STEP_UP_HEADER];
    const target =
      access && 'entity' in access && typeof id === 'number' ? `${access.entity}:${id}` : null;
    request.spentStepUp = await requireStepUp(
      app.ctx,
      actor,
      typeof token === 'string' ? token : undefined,
      target,
    );
  });

  // A refused edit changed nothing: its step-up token serves again (the form is corrected and resent).
  app.addHook('onSend', async (request, reply) => {
    if (request.spentStepUp !== undefined && reply.statusCode >= 400) {
      await restoreStepUp(app.ctx, request.spentStepUp);
    }
  });
});
