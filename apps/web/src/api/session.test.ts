import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, routesHandler } from '../test/fetch.ts';
import { studentInfo } from '../test/fixtures.ts';

// The session is module state: every test starts from a fresh module and storage.
async function loadSession() {
  vi.resetModules();
  return import('./session.ts');
}

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('initSession', () => {
  it('calls nothing when no user is stored', async () => {
    const fetchMock = mockFetch(() => jsonResponse(500));
    const session = await loadSession();
    await session.initSession();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(session.currentRole()).toBeNull();
  });

  it('refreshes the stored user from the info: the role is the first role', async () => {
    localStorage.setItem('user', JSON.stringify({ userId: 7, role: 'teacher' }));
    mockFetch(routesHandler({ 'GET /api/auth/info': () => jsonResponse(200, studentInfo) }));
    const session = await loadSession();
    await session.initSession();
    expect(session.currentRole()).toBe('student');
    expect(session.getSession().info?.first_name).toBe('Amina');
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual({ userId: 7, role: 'student' });
    expect(document.documentElement.style.getPropertyValue('--color-primary')).toBe('#7A1F5C');
  });

  it('retries the info 3 times, 1 s apart, on 429 only', async () => {
    vi.useFakeTimers();
    localStorage.setItem('user', JSON.stringify({ userId: 7, role: 'student' }));
    const fetchMock = mockFetch(() => jsonResponse(429, { message: 'Slow down' }));
    const session = await loadSession();
    const done = session.initSession();
    await vi.advanceTimersByTimeAsync(2999);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(session.currentRole()).toBeNull();
    expect(session.consumeSessionExpiry()).toBe(true);
  });

  it('succeeds after a 429', async () => {
    vi.useFakeTimers();
    localStorage.setItem('user', JSON.stringify({ userId: 7, role: 'student' }));
    let calls = 0;
    mockFetch(() =>
      ++calls === 1 ? jsonResponse(429, { message: 'Slow down' }) : jsonResponse(200, studentInfo),
    );
    const session = await loadSession();
    const done = session.initSession();
    await vi.advanceTimersByTimeAsync(1000);
    await done;
    expect(calls).toBe(2);
    expect(session.currentRole()).toBe('student');
  });

  it('drops an expired session once, without retrying a 401', async () => {
    localStorage.setItem('user', JSON.stringify({ userId: 7, role: 'student' }));
    const fetchMock = mockFetch(() => jsonResponse(401, { message: 'Not signed in' }));
    const session = await loadSession();
    await session.initSession();
    await session.initSession();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('user')).toBeNull();
    expect(session.consumeSessionExpiry()).toBe(true);
    expect(session.consumeSessionExpiry()).toBe(false);
  });

  it('treats a user with an empty e-mail as signed out', async () => {
    localStorage.setItem('user', JSON.stringify({ userId: 7, role: 'student' }));
    mockFetch(() => jsonResponse(200, { ...studentInfo, email: '' }));
    const session = await loadSession();
    await session.initSession();
    expect(session.currentRole()).toBeNull();
  });
});

describe('signIn', () => {
  it('stores the user id and role, never the token, and loads the info', async () => {
    const fetchMock = mockFetch(
      routesHandler({
        'POST /api/auth/login': () =>
          jsonResponse(200, {
            verify_email: false,
            userId: 7,
            accessToken: 'secret-token',
            role: 'student',
          }),
        'GET /api/auth/info': () => jsonResponse(200, studentInfo),
      }),
    );
    const session = await loadSession();
    await expect(
      session.signIn({ email: 'student@uni.skolar.test', password: 'Skolar#2026' }),
    ).resolves.toEqual({ verifyEmail: false });
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual({
      email: 'student@uni.skolar.test',
      password: 'Skolar#2026',
    });
    expect(localStorage.getItem('user')).toBe('{"userId":7,"role":"student"}');
    expect(JSON.stringify({ ...localStorage })).not.toContain('secret-token');
    expect(session.getSession().info?.first_name).toBe('Amina');
  });

  it('asks for a verification e-mail instead of signing in', async () => {
    const fetchMock = mockFetch(
      routesHandler({
        'POST /api/auth/login': () => jsonResponse(200, { verify_email: true }),
        'POST /api/auth/verify-email-request': () => jsonResponse(200, { message: 'Sent' }),
      }),
    );
    const session = await loadSession();
    await expect(session.signIn({ email: 'new@skolar.test', password: 'x' })).resolves.toEqual({
      verifyEmail: true,
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(localStorage.getItem('user')).toBeNull();
  });
});

describe('signOut', () => {
  it('cleans up and reloads /login even when the call fails', async () => {
    localStorage.setItem('user', JSON.stringify({ userId: 7, role: 'student' }));
    mockFetch(() => jsonResponse(500, { message: 'Down' }));
    const session = await loadSession();
    const { browser } = await import('../lib/browser.ts');
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    await session.signOut();
    expect(localStorage.getItem('user')).toBeNull();
    expect(session.currentRole()).toBeNull();
    expect(assign).toHaveBeenCalledWith('/login');
  });
});
