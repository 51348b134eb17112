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
 * The web app's one HTTP client: cookies included, JSON in and out, the XSRF cookie echoed on
 * unsafe methods, the interface language sent; non-2xx answers throw an ApiError.
 */
async function request<T>(
  method: Method,
  path: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<T> {
  const headers = new Headers({
    Accept: 'application/json',
    'Accept-Language': i18n.language,
    ...extraHeaders,
  });
  // FormData and files (Blob) go as they are; anything else as JSON.
  const isForm = body instanceof FormData;
  const isBlob = body instanceof Blob;
  if (isBlob) headers.set('Content-Type', body.type || 'application/octet-stream');
  else if (body !== undefined && !isForm) headers.set('Content-Type', 'application/json');
  if (UNSAFE.has(method)) {
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) headers.set('X-XSRF-TOKEN', xsrf);
  }
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : isForm || isBlob ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, i18n.t('errors.network'));
  }
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Shorthands of `request` per method. */
export const http = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown, headers?: Record<string, string>) =>
    request<T>('POST', path, body, headers),
  put: <T>(path: string, body?: unknown, headers?: Record<string, string>) =>
    request<T>('PUT', path, body, headers),
  patch: <T>(path: string, body?: unknown, headers?: Record<string, string>) =>
    request<T>('PATCH', path, body, headers),
  delete: <T = void>(path: string, headers?: Record<string, string>) =>
    request<T>('DELETE', path, undefined, headers),
};

/** The header that carries a step-up token (from an edit route's `:token`) on a sensitive update. */
export const stepUpHeader = (token: string) => ({ 'X-Confirm-Token': token });
