import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  isMessageKey,
  type Locale,
  type MessageKey,
  translate,
  zodMessage,
} from '../i18n/messages.ts';

export type FieldErrors = Record<string, string[]>;

/** An error meant for the client: a status, a catalogue key, and optional per-field errors. */
export class HttpError extends Error {
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

const PG_UNIQUE_VIOLATION = '23505';
const PG_FOREIGN_KEY_VIOLATION = '23503';

function databaseErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Every error leaves as `{ message, errors? }` in the request's locale; never a stack trace. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const locale = request.locale;
    if (error instanceof HttpError) {
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
      return reply.status(422).send({
        message: translate(locale, 'errors.validation'),
        errors: zodFieldErrors(locale, error.validation as unknown as ValidationEntry[]),
      });
    }
    const dbCode = databaseErrorCode(error);
    if (dbCode === PG_UNIQUE_VIOLATION) {
      return reply.status(409).send({ message: translate(locale, 'errors.duplicate') });
    }
    if (dbCode === PG_FOREIGN_KEY_VIOLATION) {
      return reply.status(409).send({ message: translate(locale, 'errors.in_use') });
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
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: translate(locale, 'errors.internal') });
  });
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
