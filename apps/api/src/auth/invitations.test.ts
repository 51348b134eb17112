import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../test/clock.ts';
import { openTestDatabase } from '../../test/database.ts';
import { createInstitution, createUser } from '../../test/factories.ts';
import { mailOutbox } from '../db/schema/index.ts';
import { INVITATION_TTL_MS, inviteUser } from './invitations.ts';
import { findLiveToken } from './one-time-tokens.ts';

const database = await openTestDatabase();
const { db } = database;
afterAll(() => database.close());

const DAY = 24 * 60 * 60 * 1000;
const context = (clock: TestClock) => ({
  clock,
  config: { PUBLIC_URL: 'https://skolar.example.test' },
});

async function mailsTo(address: string) {
  return db.select().from(mailOutbox).where(eq(mailOutbox.to_address, address));
}

/** The token at the end of the invitation link, and the link's other parts. */
function linkParts(link: string) {
  const url = new URL(link);
  const match = /^\/verify-email\/([\w-]{43})$/.exec(url.pathname);
  expect(match, link).not.toBeNull();
  return { origin: url.origin, token: match![1]!, email: url.searchParams.get('email') };
}

describe('inviting a person an admin created', () => {
  it('queues a mail in their language, in the colours of their institution', async () => {
    const clock = new TestClock();
    const institution = await createInstitution(db, { name: 'Lycée Curie', color_code: '#AA3300' });
    const user = await createUser(db, 'teacher', institution.id, {
      email: 'marie.c+maths@example.test',
      first_name: 'Marie',
      locale: 'en',
      password_hash: null,
    });
    await inviteUser(context(clock), db, user);

    const mails = await mailsTo('marie.c+maths@example.test');
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail).toMatchObject({
      template: 'invitation',
      locale: 'en',
      status: 'pending',
      payload: {
        first_name: 'Marie',
        institution_name: 'Lycée Curie',
        color_code: '#AA3300',
      },
    });
    expect(mail.next_attempt_at.toISOString()).toBe('2026-11-22T10:00:00.000Z');
    const link = linkParts(mail.payload.link as string);
    expect(link.origin).toBe('https://skolar.example.test');
    expect(link.email).toBe('marie.c+maths@example.test');
    expect(mail.payload.link).toContain('?email=marie.c%2Bmaths%40example.test');
  });

  it('sends a link that verifies the address for a week', async () => {
    const clock = new TestClock();
    const institution = await createInstitution(db);
    const user = await createUser(db, 'student', institution.id, { password_hash: null });
    await inviteUser(context(clock), db, user);
    const [mail] = await mailsTo(user.email);
    const { token } = linkParts(mail!.payload.link as string);

    expect(INVITATION_TTL_MS).toBe(7 * DAY);
    const live = await findLiveToken(
      db,
      token,
      'verify_email',
      new Date(clock.now().getTime() + 7 * DAY - 1),
    );
    expect(live?.user_id).toBe(user.id);
    expect(
      await findLiveToken(db, token, 'verify_email', new Date(clock.now().getTime() + 7 * DAY)),
    ).toBeUndefined();
    expect(await findLiveToken(db, token, 'reset_password', clock.now())).toBeUndefined();
  });

  it('signs as Skolar, in its own colour, for a person of no institution', async () => {
    const clock = new TestClock();
    const user = await createUser(db, 'super-admin', null, { locale: 'de', first_name: 'Rolf' });
    await inviteUser(context(clock), db, user);
    const [mail] = await mailsTo(user.email);
    expect(mail).toMatchObject({
      locale: 'de',
      payload: { first_name: 'Rolf', institution_name: 'Skolar', color_code: '#144E5E' },
    });
  });
});
