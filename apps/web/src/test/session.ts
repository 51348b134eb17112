import type { Role } from '@skolar/shared';
import { vi } from 'vitest';
import type { AuthInfo } from '../api/auth.ts';
import { signIn, signOut } from '../api/session.ts';
import { browser } from '../lib/browser.ts';
import { jsonResponse, mockFetch, routesHandler } from './fetch.ts';
import { studentInfo } from './fixtures.ts';

/**
 * Opens the session of a role the way the login page does (the API answers mocked), or closes it
 * for a visitor (null). The session is module state: each test sets the one it needs.
 */
export async function signedInAs(role: Role | null, info: Partial<AuthInfo> = {}): Promise<void> {
  if (role === null) {
    vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    mockFetch(() => new Response(null, { status: 204 }));
    await signOut();
  } else {
    mockFetch(
      routesHandler({
        'POST /api/auth/login': () =>
          jsonResponse(200, { verify_email: false, userId: 7, accessToken: 'token', role }),
        'GET /api/auth/info': () =>
          jsonResponse(200, { ...studentInfo, ...info, roles: [{ name: role }] }),
      }),
    );
    await signIn({ email: studentInfo.email, password: 'Skolar#2026' });
  }
  vi.unstubAllGlobals();
}
