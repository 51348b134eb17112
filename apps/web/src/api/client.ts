import createClient from 'openapi-fetch';
import { ApiRequest, send } from '../lib/http.ts';
import type { paths } from './schema.d.ts';

/** A query's values as the API reads them: absent ones left out, the rest as text. */
function querySearch(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  return search.toString();
}

/**
 * The web app's one API client, typed by the OpenAPI document (`paths`, generated into
 * schema.d.ts by `npm run generate:api-types`): a path, method, parameter, body or answer the
 * document lacks does not compile. Its transport (lib/http.ts `send`) adds the cookies, the XSRF
 * header and the interface language, and throws an ApiError on any answer but a 2xx.
 */
export const api = createClient<paths>({
  // Same origin; an absolute base because a Request needs one outside a page (tests).
  baseUrl: globalThis.location?.origin ?? '',
  credentials: 'include',
  Request: ApiRequest,
  fetch: send,
  querySerializer: querySearch,
});

/**
 * The data of a call's answer. The transport throws on anything but a 2xx, so a call that
 * returns has succeeded; an answer without a body (204) is undefined.
 */
export async function ok<T>(call: Promise<{ data?: T; response: Response }>): Promise<T> {
  const { data } = await call;
  return data as T;
}

/**
 * A file as the body of an upload (FormData or the file itself, whose own type is sent): the
 * document does not describe these bodies (multipart and raw uploads), so they go untyped.
 */
export function fileBody(body: FormData | Blob) {
  return {
    body: body as never,
    bodySerializer: (value: unknown) => value as BodyInit,
    ...(body instanceof Blob
      ? { headers: { 'Content-Type': body.type || 'application/octet-stream' } }
      : {}),
  };
}

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';

/** A documented path with its `{parameters}` filled in: `/api/modules/{id}` → `/api/modules/${string}`. */
type Filled<P extends string> = P extends `${infer Head}{${string}}${infer Tail}`
  ? `${Head}${string}${Filled<Tail>}`
  : P;

/** The documented paths that take a method. */
type PathWith<M extends Method> = {
  [P in keyof paths]: paths[P] extends { [K in M]: object } ? P : never;
}[keyof paths];

/**
 * The address of a documented operation taking that method, parameters filled in, with or
 * without a query (`/api/modules/7/subjects`, `/api/users?role=admin`): what a shared component
 * (a list, an assignment panel, a row's actions) is given, so a path the document lacks fails
 * where the component is used.
 */
export type ApiUrl<M extends Method> = Filled<PathWith<M>> | `${Filled<PathWith<M>>}?${string}`;

/** The documented rows that archive and unarchive (`POST <row>/archive`), e.g. `/api/modules/7`. */
export type ArchivableUrl = {
  [P in PathWith<'post'>]: P extends `${infer Row}/archive` ? Filled<Row> : never;
}[PathWith<'post'>];

/** The documented people whose sessions can be ended (`POST <person>/sessions/revoke`). */
export type PersonUrl = {
  [P in PathWith<'post'>]: P extends `${infer Person}/sessions/revoke` ? Filled<Person> : never;
}[PathWith<'post'>];

/**
 * Calls an operation by its address (see ApiUrl, whose type checks the path). The answer's type
 * is the caller's: these components serve many operations.
 */
export function callUrl<T>(
  method: Uppercase<Method>,
  url: string,
  init: { query?: Record<string, unknown>; body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  const [path = url, search] = url.split('?');
  const query = { ...Object.fromEntries(new URLSearchParams(search)), ...init.query };
  return ok(
    api.request(
      method.toLowerCase() as 'get',
      path as never,
      {
        params: { query },
        body: init.body,
        headers: init.headers,
      } as never,
    ),
  ) as Promise<T>;
}

/**
 * The documented associations: `GET` and `PUT { ids }` on the address, `DELETE <address>/<id>`
 * (e.g. `/api/modules/7/subjects`).
 */
export type AssignmentUrl = {
  [L in PathWith<'put'> & PathWith<'get'>]: [
    Extract<PathWith<'delete'>, `${L}/{${string}}`>,
  ] extends [never]
    ? never
    : Filled<L>;
}[PathWith<'put'> & PathWith<'get'>];
