import i18n from '../i18n/index.ts';

/** An error answer of the API: `{ message, errors? }` plus the status (0 when the network failed). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** Seconds to wait, from `Retry-After` on a 429. */
    readonly retryAfter?: number,
    /** The whole answer, for the routes that say more (e.g. the rows of a 409). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const UNSAFE: ReadonlySet<Method> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The value of a cookie readable by scripts, or undefined. */
function readCookie(name: string): string | undefined {
  for (const pair of document.cookie.split(';')) {
    const [key, ...value] = pair.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

function isErrorBody(
  value: unknown,
): value is { message: string; errors?: Record<string, string[]> } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

async function toApiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const retryAfter = Number(response.headers.get('retry-after')) || undefined;
  if (isErrorBody(body))
    return new ApiError(response.status, body.message, body.errors, retryAfter, body);
  return new ApiError(response.status, i18n.t('errors.generic'), undefined, retryAfter);
}

/**
 * A request of the API client that keeps the init it was built from: the transport sends that
 * very body (a File stays the File given, a FormData the one built), not a copy read back.
 */
export class ApiRequest extends Request {
  readonly init: RequestInit;
  constructor(input: RequestInfo | URL, init: RequestInit = {}) {
    super(input, init);
    this.init = init;
  }
}

/**
 * The transport of the web app's API client (api/client.ts, openapi-fetch): cookies included, the
 * XSRF cookie echoed on unsafe methods, the interface language sent; a network failure or a
 * non-2xx answer throws an ApiError (the API's `{ message, errors? }`, the status, Retry-After).
 */
export async function send(request: Request): Promise<Response> {
  const method = request.method as Method;
  const headers = new Headers(request.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  headers.set('Accept-Language', i18n.language);
  if (UNSAFE.has(method)) {
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) headers.set('X-XSRF-TOKEN', xsrf);
  }
  // Same origin: the path and query, as the page asks for them.
  const url = new URL(request.url);
  const target = url.origin === globalThis.location?.origin ? `${url.pathname}${url.search}` : url;
  const body =
    request instanceof ApiRequest ? request.init.body : request.body && (await request.blob());
  // A form is sent as built: the browser writes its multipart type with the boundary it uses (the
  // Request's own type names the boundary of another serialisation, which the server cannot read).
  if (body instanceof FormData) headers.delete('Content-Type');
  let response: Response;
  try {
    response = await fetch(target, { method, headers, credentials: 'include', body });
  } catch {
    throw new ApiError(0, i18n.t('errors.network'));
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

/** The header that carries a step-up token (from an edit route's `:token`) on a sensitive update. */
export const stepUpHeader = (token: string) => ({ 'X-Confirm-Token': token });
