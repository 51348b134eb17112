import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/http.ts';
import { setCookie } from '../test/cookies.ts';
import { jsonResponse, mockFetch } from '../test/fetch.ts';
import { api, ok } from './client.ts';

describe('the API client and its transport', () => {
  it('sends cookies, JSON and the interface language; no XSRF header on GET', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, { ok: true }));
    setCookie('XSRF-TOKEN', 'abc%2F123');
    await expect(ok(api.GET('/api/auth/info'))).resolves.toEqual({ ok: true });
    const [, init] = fetchMock.mock.calls[0]!;
    const headers = new Headers(init?.headers);
    expect(init?.credentials).toBe('include');
    expect(headers.get('accept')).toBe('application/json');
    expect(headers.get('accept-language')).toBe('fr');
    expect(headers.has('x-xsrf-token')).toBe(false);
  });

  it('echoes the XSRF cookie on unsafe methods and sends the body as JSON', async () => {
    const fetchMock = mockFetch(() => new Response(null, { status: 204 }));
    setCookie('XSRF-TOKEN', 'abc%2F123');
    await expect(
      ok(api.POST('/api/auth/verify-email-request', { body: { email: 'a@b.fr' } })),
    ).resolves.toBeUndefined();
    const [, init] = fetchMock.mock.calls[0]!;
    const headers = new Headers(init?.headers);
    expect(init?.method).toBe('POST');
    expect(headers.get('x-xsrf-token')).toBe('abc/123');
    expect(headers.get('content-type')).toBe('application/json');
    expect(init?.body).toBe('{"email":"a@b.fr"}');
  });

  it('throws the API error shape as an ApiError', async () => {
    mockFetch(() =>
      jsonResponse(422, { message: 'Invalid data', errors: { email: ['Bad e-mail'] } }),
    );
    const error = await ok(
      api.POST('/api/auth/verify-email-request', { body: { email: '' } }),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      message: 'Invalid data',
      errors: { email: ['Bad e-mail'] },
    });
  });

  it('reads Retry-After on 429 and survives a body that is not JSON', async () => {
    mockFetch(() => new Response('busy', { status: 429, headers: { 'retry-after': '7' } }));
    const error = await ok(api.GET('/api/auth/info')).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 429, retryAfter: 7 });
    expect((error as ApiError).message).not.toBe('');
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(ok(api.GET('/api/auth/info'))).rejects.toMatchObject({ status: 0 });
  });
});
