import * as argon2 from '@node-rs/argon2';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp, TEST_PASSWORD } from '../../../test/app.ts';
import { createInstitution, createUser } from '../../../test/factories.ts';

// Whether an address has an account must not show in the work a sign-in does: every failed
// sign-in runs exactly one argon2 verification, against the account's hash or a dummy one.
vi.mock('@node-rs/argon2', async (original) => {
  const real = await original<typeof import('@node-rs/argon2')>();
  return { ...real, verify: vi.fn(real.verify) };
});

const { app, db } = await createTestApp();

describe('a failed sign-in', () => {
  it('checks one argon2 hash whether the address is unknown, disabled, invited or right', async () => {
    const institution = await createInstitution(db);
    const known = await createUser(db, 'student', institution.id);
    const disabled = await createUser(db, 'student', institution.id, { disabled_at: new Date() });
    const invited = await createUser(db, 'student', institution.id, { password_hash: null });
    const attempts = [
      [known.email, 'Wrong#pass1'],
      [disabled.email, TEST_PASSWORD],
      [invited.email, TEST_PASSWORD],
      ['nobody-here@example.test', TEST_PASSWORD],
    ];
    const bodies = [];
    for (const [email, password] of attempts) {
      vi.mocked(argon2.verify).mockClear();
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
      });
      expect(response.statusCode, email).toBe(401);
      expect(vi.mocked(argon2.verify), email).toHaveBeenCalledTimes(1);
      bodies.push(response.body);
    }
    expect(new Set(bodies).size).toBe(1);
  });
});
