import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../test/clock.ts';
import { openTestDatabase } from '../../test/database.ts';
import { createInstitution, createUser } from '../../test/factories.ts';
import { sessions, users } from '../db/schema/index.ts';
import {
  createSession,
  resolveSession,
  revokeSession,
  revokeUserSessions,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  STAFF_SESSION_ABSOLUTE_MS,
} from './sessions.ts';
import { hashToken } from './tokens.ts';

const database = await openTestDatabase();
const { db } = database;
afterAll(() => database.close());

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

async function sessionRow(id: number) {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id));
  return row!;
}

async function signedInTeacher(clock: TestClock) {
  const institution = await createInstitution(db, { timezone: 'America/Montreal' });
  const user = await createUser(db, 'teacher', institution.id, { locale: 'de' });
  const { token, session } = await createSession(db, user.id, clock.now(), {});
  return { institution, user, token, session };
}

describe('a new session', () => {
  it('stores the hash of a fresh token, never the token, and lasts 7 days at most', async () => {
    const clock = new TestClock();
    const institution = await createInstitution(db);
    const user = await createUser(db, 'student', institution.id);
    const { token, session } = await createSession(db, user.id, clock.now(), {
      userAgent: 'Firefox/140',
      ip: '203.0.113.7',
    });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await sessionRow(session.id);
    expect(row).toMatchObject({
      user_id: user.id,
      token_hash: hashToken(token),
      user_agent: 'Firefox/140',
      ip: '203.0.113.7',
      revoked_at: null,
    });
    expect(row.created_at.toISOString()).toBe('2026-11-22T10:00:00.000Z');
    expect(row.last_seen_at.toISOString()).toBe('2026-11-22T10:00:00.000Z');
    expect(row.expires_at.toISOString()).toBe('2026-11-29T10:00:00.000Z');
    expect(SESSION_ABSOLUTE_MS).toBe(7 * DAY);
    expect(SESSION_IDLE_MS).toBe(8 * HOUR);
  });

  it('lasts 12 hours at most for every staff role, whatever the activity (ASVS 7.3.2)', async () => {
    const clock = new TestClock();
    const institution = await createInstitution(db);
    for (const role of ['teacher', 'super-teacher', 'admin', 'super-admin'] as const) {
      const user = await createUser(db, role, role === 'super-admin' ? null : institution.id);
      const { token, session } = await createSession(db, user.id, clock.now(), {});
      expect((await sessionRow(session.id)).expires_at.toISOString(), role).toBe(
        '2026-11-22T22:00:00.000Z',
      );
      // Kept busy (a request every hour), it still ends at 12 hours.
      const start = clock.now().getTime();
      const at = (hours: number) => new Date(start + hours * HOUR);
      for (let hour = 1; hour < 12; hour += 1) {
        expect(await resolveSession(db, token, at(hour)), `${role} at ${hour} h`).not.toBeNull();
      }
      expect(await resolveSession(db, token, at(12)), role).toBeNull();
    }
    expect(STAFF_SESSION_ABSOLUTE_MS).toBe(12 * HOUR);
  });

  it('keeps the first 400 characters of the browser name, and nothing when none is known', async () => {
    const clock = new TestClock();
    const user = await createUser(db, 'super-admin', null);
    const long = await createSession(db, user.id, clock.now(), { userAgent: 'x'.repeat(401) });
    expect((await sessionRow(long.session.id)).user_agent).toBe('x'.repeat(400));
    const bare = await createSession(db, user.id, clock.now(), {});
    expect(await sessionRow(bare.session.id)).toMatchObject({ user_agent: null, ip: null });
    expect(bare.token).not.toBe(long.token);
  });
});

describe('resolving a session', () => {
  it('answers who is signed in', async () => {
    const clock = new TestClock();
    const { institution, user, token, session } = await signedInTeacher(clock);
    expect(await resolveSession(db, token, clock.now())).toEqual({
      userId: user.id,
      role: 'teacher',
      institutionId: institution.id,
      sessionId: session.id,
      locale: 'de',
      timeZone: 'America/Montreal',
      mfaEnrolmentRequired: false,
    });
  });

  it('answers null for an unknown token, or the hash of a real one', async () => {
    const clock = new TestClock();
    const { token } = await signedInTeacher(clock);
    expect(await resolveSession(db, 'no-such-token', clock.now())).toBeNull();
    expect(await resolveSession(db, hashToken(token), clock.now())).toBeNull();
  });

  it('answers null once the session is revoked, or its user disabled or archived', async () => {
    const clock = new TestClock();
    const revoked = await signedInTeacher(clock);
    await revokeSession(db, revoked.session.id, clock.now());
    expect(await resolveSession(db, revoked.token, clock.now())).toBeNull();

    const disabled = await signedInTeacher(clock);
    await db.update(users).set({ disabled_at: clock.now() }).where(eq(users.id, disabled.user.id));
    expect(await resolveSession(db, disabled.token, clock.now())).toBeNull();

    const archived = await signedInTeacher(clock);
    await db.update(users).set({ archived_at: clock.now() }).where(eq(users.id, archived.user.id));
    expect(await resolveSession(db, archived.token, clock.now())).toBeNull();
  });

  it('ends after 8 hours without a request', async () => {
    const clock = new TestClock();
    const { token } = await signedInTeacher(clock);
    const start = clock.now().getTime();
    expect(await resolveSession(db, token, new Date(start + 8 * HOUR - 1))).not.toBeNull();

    const other = await signedInTeacher(clock);
    expect(await resolveSession(db, other.token, new Date(start + 8 * HOUR))).toBeNull();
  });

  it('counts the idle time from the last request, written at most once a minute', async () => {
    const clock = new TestClock();
    const { token, session } = await signedInTeacher(clock);
    const start = clock.now().getTime();

    await resolveSession(db, token, new Date(start + MINUTE - 1));
    expect((await sessionRow(session.id)).last_seen_at.getTime()).toBe(start);

    await resolveSession(db, token, new Date(start + MINUTE));
    expect((await sessionRow(session.id)).last_seen_at.getTime()).toBe(start + MINUTE);

    await resolveSession(db, token, new Date(start + 5 * HOUR));
    expect(await resolveSession(db, token, new Date(start + 11 * HOUR))).not.toBeNull();
    expect((await sessionRow(session.id)).last_seen_at.getTime()).toBe(start + 11 * HOUR);
  });

  it("ends a student's session 7 days after sign-in, however active", async () => {
    const clock = new TestClock();
    const student = await createUser(db, 'student', (await createInstitution(db)).id);
    const { token } = await createSession(db, student.id, clock.now(), {});
    const start = clock.now().getTime();
    for (let hours = 6; hours < 7 * 24; hours += 6) {
      expect(await resolveSession(db, token, new Date(start + hours * HOUR))).not.toBeNull();
    }
    expect(await resolveSession(db, token, new Date(start + 7 * DAY - 1))).not.toBeNull();
    expect(await resolveSession(db, token, new Date(start + 7 * DAY))).toBeNull();
  });

  it('asks staff of an institution that requires MFA to enrol, until they have', async () => {
    const clock = new TestClock();
    const strict = await createInstitution(db, { mfa_required_for_staff: true });
    const relaxed = await createInstitution(db);
    const actorOf = async (user: { id: number }) => {
      const { token } = await createSession(db, user.id, clock.now(), {}, { mfaVerified: true });
      return resolveSession(db, token, clock.now());
    };

    for (const role of ['teacher', 'super-teacher', 'admin'] as const) {
      const staff = await createUser(db, role, strict.id);
      expect((await actorOf(staff))?.mfaEnrolmentRequired, role).toBe(true);
    }
    const student = await createUser(db, 'student', strict.id);
    expect((await actorOf(student))?.mfaEnrolmentRequired).toBe(false);
    const enrolled = await createUser(db, 'admin', strict.id, { mfa_enabled_at: clock.now() });
    expect((await actorOf(enrolled))?.mfaEnrolmentRequired).toBe(false);
    const elsewhere = await createUser(db, 'admin', relaxed.id);
    expect((await actorOf(elsewhere))?.mfaEnrolmentRequired).toBe(false);
    const root = await createUser(db, 'super-admin', null);
    expect(await actorOf(root)).toMatchObject({
      role: 'super-admin',
      institutionId: null,
      mfaEnrolmentRequired: false,
    });
  });
});

describe('revoking sessions', () => {
  it('keeps the instant of the first revocation', async () => {
    const clock = new TestClock();
    const { session } = await signedInTeacher(clock);
    await revokeSession(db, session.id, clock.now());
    clock.advance(HOUR);
    await revokeSession(db, session.id, clock.now());
    expect((await sessionRow(session.id)).revoked_at?.toISOString()).toBe(
      '2026-11-22T10:00:00.000Z',
    );
  });

  it("ends every open session of a user but the one kept, and counts them, leaving others' alone", async () => {
    const clock = new TestClock();
    const { user, token: kept, session: keptSession } = await signedInTeacher(clock);
    const second = await createSession(db, user.id, clock.now(), {});
    const third = await createSession(db, user.id, clock.now(), {});
    const alreadyEnded = await createSession(db, user.id, clock.now(), {});
    await revokeSession(db, alreadyEnded.session.id, clock.now());
    const someoneElse = await signedInTeacher(clock);

    clock.advance(MINUTE);
    expect(await revokeUserSessions(db, user.id, clock.now(), keptSession.id)).toBe(2);
    expect(await resolveSession(db, kept, clock.now())).not.toBeNull();
    expect(await resolveSession(db, second.token, clock.now())).toBeNull();
    expect(await resolveSession(db, third.token, clock.now())).toBeNull();
    expect((await sessionRow(second.session.id)).revoked_at?.toISOString()).toBe(
      '2026-11-22T10:01:00.000Z',
    );
    expect((await sessionRow(alreadyEnded.session.id)).revoked_at?.toISOString()).toBe(
      '2026-11-22T10:00:00.000Z',
    );
    expect(await resolveSession(db, someoneElse.token, clock.now())).not.toBeNull();

    expect(await revokeUserSessions(db, user.id, clock.now())).toBe(1);
    expect(await resolveSession(db, kept, clock.now())).toBeNull();
    expect(await revokeUserSessions(db, user.id, clock.now())).toBe(0);
  });
});
