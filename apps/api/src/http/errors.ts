import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type AuditEvent, type AuditWho, record, recordRefusal } from '../audit/audit.ts';
import {
  isMessageKey,
  type Locale,
  localeFromHeader,
  type MessageKey,
  translate,
  zodMessage,
} from '../i18n/messages.ts';

export type FieldErrors = Record<string, string[]>;

/** An error meant for the client: a status, a catalogue key, and optional per-field errors. */
export class HttpError extends Error {
  /**
   * An audit row the refusal leaves (an infected upload): written by the error handler, once the
   * request's transaction has rolled back and before the answer leaves.
   */
  audit?: { who: AuditWho | null; event: AuditEvent };

  constructor(
    readonly statusCode: number,
    readonly key: MessageKey,
    readonly errors?: FieldErrors,
    readonly params: Record<string, string | number> = {},
    readonly headers: Record<string, string> = {},
    /** More of the answer's body, beside `message` and `errors` (e.g. the rows of a conflict). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(key);
  }
}

export const unauthenticated = () => new HttpError(401, 'errors.unauthenticated');
export const forbidden = () => new HttpError(403, 'errors.forbidden');
export const notFound = () => new HttpError(404, 'errors.not_found');
export const conflict = (key: MessageKey = 'errors.conflict') => new HttpError(409, key);
/** 422 with field errors whose messages are catalogue keys or ready text. */
export const validationFailed = (errors: FieldErrors) =>
  new HttpError(422, 'errors.validation', errors);

/** A zod error of a schema checked in a service, as field errors (message keys are translated). */
export function fieldErrorsOf(error: {
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>;
}) {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || '_';
    const message = isMessageKey(issue.message) ? issue.message : 'errors.validation';
    errors[field] = [...(errors[field] ?? []), message];
  }
  return errors;
}
export const tooManyRequests = (retryAfterSeconds: number) => {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new HttpError(
    429,
    'errors.too_many_requests',
    undefined,
    { seconds },
    { 'retry-after': String(seconds) },
  );
};

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
 * What a database error class tells the client: one mapper for all of them. A unique violation
 * is a duplicate; a foreign key (23503) or a RESTRICT (23001) reference means other rows depend
 * on it; bad data that slipped past the schemas (an invalid byte, a value too long or out of
 * range, a malformed number or date) is the client's, never a 500.
 */
const DATABASE_ERRORS: Readonly<Record<string, { status: 409 | 422; key: MessageKey }>> = {
  '23505': { status: 409, key: 'errors.duplicate' },
  '23503': { status: 409, key: 'errors.in_use' },
  '23001': { status: 409, key: 'errors.in_use' },
  '22001': { status: 422, key: 'errors.validation' },
  '22003': { status: 422, key: 'errors.validation' },
  '22007': { status: 422, key: 'errors.validation' },
  '22008': { status: 422, key: 'errors.validation' },
  '22021': { status: 422, key: 'errors.validation' },
  '22P02': { status: 422, key: 'errors.validation' },
};

/** The SQLSTATE of a database error, however deep the driver wrapped it. */
function databaseErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** True when other rows still reference the row a statement tried to remove. */
export function isReferenced(error: unknown): boolean {
  return DATABASE_ERRORS[databaseErrorCode(error) ?? '']?.key === 'errors.in_use';
}

/**
 * An unexpected error as the log may hold it: a failed query's text is kept, its parameters (the
 * personal data a request carried) are not.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  const withoutParams = (text: string | undefined) =>
    text?.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [redacted]');
  const { name, message, stack } = error instanceof Error ? error : new Error(String(error));
  return {
    type: name,
    code: databaseErrorCode(error),
    message: withoutParams(message),
    stack: withoutParams(stack),
  };
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

/** Sends a translated error body from a hook, where throwing is not an option. */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  key: MessageKey,
) {
  return reply.status(status).send({ message: translate(request.locale, key) });
}
