import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, stepUpFor } from '../../../test/app.ts';
import { createInstitution, createUser } from '../../../test/factories.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { describeUserAgent } from './user-agent.ts';

const { app, db } = await createTestApp();
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function signInWith(email: string, userAgent: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'Corr3ct#Horse' },
    headers: { 'user-agent': userAgent },
  });
  return response.json().accessToken as string;
}

describe('settings', () => {
  it('reads and saves language, theme and notifications', async () => {
    const institution = await createInstitution(db, { mfa_required_for_staff: true });
    const teacher = await createUser(db, 'teacher', institution.id);
    const { accessToken } = await signIn(app, teacher.email);
    const before = await app.inject({ url: '/api/me/settings', headers: bearer(accessToken) });
    expect(before.json()).toEqual({
      locale: 'fr',
      theme: 'light',
      notify_email: true,
      notify_offers: false,
      mfa_enabled: false,
      mfa_required: true,
    });
    const saved = await app.inject({
      method: 'PATCH',
      url: '/api/me/settings',
      headers: bearer(accessToken),
      payload: { locale: 'de', theme: 'dark', notify_email: false, notify_offers: true },
    });
    expect(saved.statusCode).toBe(200);
    const [row] = await db.select().from(users).where(eq(users.id, teacher.id));
    expect(row).toMatchObject({
      locale: 'de',
      theme: 'dark',
      notify_email: false,
      notify_offers: true,
    });
    const bad = await app.inject({
      method: 'PATCH',
      url: '/api/me/settings',
      headers: bearer(accessToken),
      payload: { locale: 'it', theme: 'dark', notify_email: false, notify_offers: true },
    });
    expect(bad.statusCode).toBe(422);
    expect((await app.inject({ url: '/api/me/settings' })).statusCode).toBe(401);
  });
});

describe('sessions', () => {
  it('lists my open sessions with their device, marks the current one, and signs out one or all others', async () => {
    const institution = await createInstitution(db);
    const user = await createUser(db, 'student', institution.id);
    const stranger = await createUser(db, 'student', institution.id);
    const laptop = await signInWith(user.email, FIREFOX_LINUX);
    const phone = await signInWith(user.email, SAFARI_IPHONE);
    const third = await signInWith(user.email, 'curl/8.0');
    const strangerToken = await signInWith(stranger.email, FIREFOX_LINUX);

    const list = await app.inject({ url: '/api/me/sessions', headers: bearer(laptop) });
    expect(list.statusCode).toBe(200);
    const items = list.json() as Array<{
      id: number;
      browser: string;
      os: string;
      current: boolean;
    }>;
    expect(items).toHaveLength(3);
    expect(items.filter((s) => s.current)).toHaveLength(1);
    expect(items.find((s) => s.current)).toMatchObject({ browser: 'Firefox', os: 'Linux' });
    const phoneItem = items.find((s) => s.os === 'iOS')!;
    expect(phoneItem.browser).toBe('Safari');

    // Someone else's session is not mine to end, even after a step-up.
    const strangerSessions = await app.inject({
      url: '/api/me/sessions',
      headers: bearer(strangerToken),
    });
    const strangerId = strangerSessions.json()[0].id;
    const refused = await app.inject({
      method: 'DELETE',
      url: `/api/me/sessions/${strangerId}`,
      headers: { ...bearer(laptop), ...(await stepUpFor(app, bearer(laptop), '/api/me')) },
    });
    expect(refused.statusCode).toBe(404);
    expect(
      (await app.inject({ url: '/api/auth/info', headers: bearer(strangerToken) })).statusCode,
    ).toBe(200);

    const out = await app.inject({
      method: 'DELETE',
      url: `/api/me/sessions/${phoneItem.id}`,
      headers: { ...bearer(laptop), ...(await stepUpFor(app, bearer(laptop), '/api/me')) },
    });
    expect(out.statusCode).toBe(204);
    expect((await app.inject({ url: '/api/auth/info', headers: bearer(phone) })).statusCode).toBe(
      401,
    );

    const others = await app.inject({
      method: 'POST',
      url: '/api/me/sessions/revoke-others',
      headers: { ...bearer(laptop), ...(await stepUpFor(app, bearer(laptop), '/api/me')) },
    });
    expect(others.json()).toEqual({ revoked: 1 });
    expect((await app.inject({ url: '/api/auth/info', headers: bearer(third) })).statusCode).toBe(
      401,
    );
    expect((await app.inject({ url: '/api/auth/info', headers: bearer(laptop) })).statusCode).toBe(
      200,
    );
    const open = await db.select().from(sessions).where(eq(sessions.user_id, user.id));
    expect(open.filter((s) => !s.revoked_at)).toHaveLength(1);
  });

  it('asks the password again (a step-up) before ending another session or all the others', async () => {
    const institution = await createInstitution(db);
    const user = await createUser(db, 'student', institution.id);
    const laptop = await signInWith(user.email, FIREFOX_LINUX);
    const phone = await signInWith(user.email, SAFARI_IPHONE);
    const items = (
      await app.inject({ url: '/api/me/sessions', headers: bearer(laptop) })
    ).json() as Array<{ id: number; current: boolean }>;
    const phoneId = items.find((s) => !s.current)!.id;
    const stillOpen = async () =>
      (await db.select().from(sessions).where(eq(sessions.user_id, user.id))).filter(
        (s) => !s.revoked_at,
      ).length;

    const endPhone = (headers: Record<string, string> = {}) =>
      app.inject({
        method: 'DELETE',
        url: `/api/me/sessions/${phoneId}`,
        headers: { ...bearer(laptop), ...headers },
      });
    const endOthers = (headers: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url: '/api/me/sessions/revoke-others',
        headers: { ...bearer(laptop), ...headers },
      });

    // Without a step-up, or with a forged one, or one asked by the other session: 403, nothing ends.
    for (const headers of [
      {},
      { 'x-confirm-token': 'forged' },
      await stepUpFor(app, bearer(phone), '/api/me'),
    ]) {
      const one = await endPhone(headers);
      expect(one.statusCode).toBe(403);
      expect(one.json().message).toBeTruthy();
      expect((await endOthers(headers)).statusCode).toBe(403);
    }
    expect(await stillOpen()).toBe(2);
    expect((await app.inject({ url: '/api/auth/info', headers: bearer(phone) })).statusCode).toBe(
      200,
    );

    // A wrong password gets no step-up.
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/verify-password-request',
      headers: bearer(laptop),
      payload: { password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(422);

    // One step-up ends one thing: the same token does not serve twice.
    const confirm = await stepUpFor(app, bearer(laptop), '/api/me');
    expect((await endOthers(confirm)).json()).toEqual({ revoked: 1 });
    expect((await endOthers(confirm)).statusCode).toBe(403);
    expect(await stillOpen()).toBe(1);
  });

  it('signing out the current session clears the cookies', async () => {
    const institution = await createInstitution(db);
    const user = await createUser(db, 'student', institution.id);
    const session = await signIn(app, user.email);
    const [mine] = (
      await app.inject({ url: '/api/me/sessions', headers: bearer(session.accessToken) })
    ).json();
    const out = await app.inject({
      method: 'DELETE',
      url: `/api/me/sessions/${mine.id}`,
      headers: bearer(session.accessToken),
    });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.map((c) => c.name).sort()).toEqual(['XSRF-TOKEN', '__Host-skolar_session']);
  });
});

describe('describeUserAgent', () => {
  it('reads the browser and the system roughly', () => {
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0',
      ),
    ).toEqual({ browser: 'Edge', os: 'Windows' });
    expect(describeUserAgent(null)).toEqual({ browser: '', os: '' });
  });
});
