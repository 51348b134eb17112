// Every error leaves the API as `{ message, errors? }` in the request's locale, never a stack trace.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { record } from '../audit/audit.ts';
import type { AppContext } from '../context.ts';
import {
  isMessageKey,
  type Locale,
  localeFromHeader,
  translate,
  zodMessage,
} from '../i18n/messages.ts';
import {
  DATABASE_ERRORS,
  databaseErrorCode,
  type FieldErrors,
  HttpError,
  loggableError,
  validationFailed,
} from './errors.ts';

function translateFieldErrors(
  locale: Locale,
  errors: FieldErrors,
  params: Record<string, string | number> = {},
): FieldErrors {
  return Object.fromEntries(
    Object.entries(errors).map(([field, messages]) => [
      field,
      messages.map((m) => (isMessageKey(m) ? translate(locale, m, params) : m)),
    ]),
  );
}

interface ValidationEntry {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

function zodFieldErrors(locale: Locale, entries: ValidationEntry[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const entry of entries) {
    const field = entry.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    const custom = entry.message ?? '';
    const path = field === '_' ? [] : field.split('.');
    const message = isMessageKey(custom)
      ? translate(locale, custom)
      : locale === 'en'
        ? custom
        : (zodMessage(locale, { ...entry.params, code: entry.keyword, path }) ?? custom);
    errors[field] = [...(errors[field] ?? []), message];
  }
  return errors;
}

/**
 * Records a refused call (403, or 404 from the policy's scope) of a signed-in actor, after the
 * answer and outside any transaction: the answer never waits for it and a failure is only logged.
 * A guest's refusals are not recorded, and an actor's are capped (`audit-refusal:account`) so
 * that a script hammering forbidden routes cannot fill the table.
 */
function recordRefusal(ctx: AppContext, request: FastifyRequest, status: number): void {
  const actor = request.actor;
  if (!actor) return;
  const route = request.routeOptions.url ?? '';
  const access = request.routeOptions.config?.access;
  const entity = access && 'entity' in access ? access.entity : 'route';
  const id = (request.params as { id?: unknown } | undefined)?.id;
  void (async () => {
    try {
      await ctx.limits.hit('audit-refusal:account', String(actor.userId));
    } catch {
      return; // over the cap: this refusal goes unrecorded
    }
    await record(ctx.db, ctx, actor, {
      action: 'access.refused',
      entity,
      entityId: typeof id === 'number' ? id : null,
      after: { status, method: request.method, route },
    });
  })().catch((error: unknown) => request.log.error({ err: error }, 'audit of a refusal failed'));
}

/**
 * Where a NUL character hides in a request's query, parameters or JSON body, as a field path.
 * Parsed data only: an upload's buffer or stream is skipped, and the walk stops at a depth no
 * form reaches.
 */
function nulCharacterAt(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '_' : null;
  if (value === null || typeof value !== 'object' || depth > 8) return null;
  if (ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === 'function') {
    return null;
  }
  for (const [key, inner] of Object.entries(value)) {
    const found = nulCharacterAt(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Every error leaves as `{ message, errors? }` in the request's locale; never a stack trace. */
export function registerErrorHandling(app: FastifyInstance): void {
  // No text the application stores may hold a NUL character (PostgreSQL refuses it): the field
  // that carries one gets a 422 before any handler runs.
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = nulCharacterAt(part, '');
      if (field) throw validationFailed({ [field]: ['errors.nul_character'] });
    }
  });
  app.setErrorHandler(async (error: FastifyError | HttpError, request, reply) => {
    const locale = request.locale;
    if (error instanceof HttpError) {
      if (error.audit) {
        // Nothing was changed, so nothing rolls back with it: a failed write is only logged.
        await record(app.ctx.db, app.ctx, error.audit.who, error.audit.event).catch(
          (failure: unknown) => request.log.error({ err: failure }, 'audit of a refusal failed'),
        );
      }
      // A refused access of a signed-in user leaves a trace (decision 132), without delaying this.
      if (error.statusCode === 403 || error.statusCode === 404) {
        recordRefusal(app.ctx, request, error.statusCode);
      }
      reply.headers(error.headers);
      return reply.status(error.statusCode).send({
        message: translate(locale, error.key, error.params),
        ...(error.errors
          ? { errors: translateFieldErrors(locale, error.errors, error.params) }
          : {}),
        ...error.details,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A path that names no row (`/api/promotions/0x1`) is a malformed request, not a form.
      if ((error as FastifyError).validationContext === 'params') {
        return reply.status(400).send({ message: translate(locale, 'errors.bad_request') });
      }
      return reply.status(422).send({
        message: translate(locale, 'errors.validation'),
        errors: zodFieldErrors(locale, error.validation as unknown as ValidationEntry[]),
      });
    }
    const mapped = DATABASE_ERRORS[databaseErrorCode(error) ?? ''];
    if (mapped) {
      return reply.status(mapped.status).send({ message: translate(locale, mapped.key) });
    }
    const status = (error as FastifyError).statusCode;
    if (status === 413) {
      return reply.status(413).send({ message: translate(locale, 'errors.too_large') });
    }
    if (status === 429) {
      return reply.status(429).send({
        message: translate(locale, 'errors.too_many_requests', {
          seconds: String(reply.getHeader('retry-after') ?? 60),
        }),
      });
    }
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send({ message: translate(locale, 'errors.bad_request') });
    }
    request.log.error({ err: loggableError(error) }, 'unhandled error');
    return reply.status(500).send({ message: translate(locale, 'errors.internal') });
  });
}

/**
 * Fastify's own refusals before routing (a path parameter over its length limit, a URL that is not
 * valid): 400 in the API's error shape, never Fastify's default body that repeats the path.
 */
export function frameworkError(_error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const locale = localeFromHeader(request.headers['accept-language']);
  return reply
    .status(400)
    .header('cache-control', 'private, no-store')
    .send({ message: translate(locale, 'errors.bad_request') });
}
