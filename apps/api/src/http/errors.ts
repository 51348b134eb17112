// The errors a service throws and the client reads. The error handler that turns them into
// answers (and records refusals) is `error-handler.ts`, above the audit.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuditEvent, AuditWho } from '../audit/audit.ts';
import { isMessageKey, type MessageKey, translate } from '../i18n/messages.ts';

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

/**
 * What a database error class tells the client: one mapper for all of them. A unique violation
 * is a duplicate; a foreign key (23503) or a RESTRICT (23001) reference means other rows depend
 * on it; bad data that slipped past the schemas (an invalid byte, a value too long or out of
 * range, a malformed number or date) is the client's, never a 500.
 */
export const DATABASE_ERRORS: Readonly<Record<string, { status: 409 | 422; key: MessageKey }>> = {
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
export function databaseErrorCode(error: unknown): string | undefined {
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

/** Sends a translated error body from a hook, where throwing is not an option. */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  key: MessageKey,
) {
  return reply.status(status).send({ message: translate(request.locale, key) });
}
