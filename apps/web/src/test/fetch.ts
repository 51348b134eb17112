import { type Mock, vi } from 'vitest';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** A JSON answer as the API sends it. */
export function jsonResponse(status: number, body?: unknown, headers: Record<string, string> = {}) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** Replaces the network (global fetch) for one test; the handler answers each request. */
export function mockFetch(
  handler: Handler,
): Mock<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>> {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    handler(String(input), init ?? {}),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** An API route table for mockFetch: `'METHOD /path'` → answer. */
export function routesHandler(routes: Record<string, () => Response>): Handler {
  return (url, init) => {
    const key = `${init.method ?? 'GET'} ${url}`;
    const answer = routes[key];
    if (!answer) throw new Error(`Unexpected request ${key}`);
    return answer();
  };
}
