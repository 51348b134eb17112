import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn } from '../../../test/app.ts';
import { createInstitution, createUser } from '../../../test/factories.ts';
import { record } from '../../audit/audit.ts';

const { app, ctx, db, clock } = await createTestApp();
const school = await createInstitution(db);
const admin = await createUser(db, 'admin', school.id);
const other = await createInstitution(db);
const otherAdmin = await createUser(db, 'admin', other.id);
const superAdmin = await createUser(db, 'super-admin', null);
const teacher = await createUser(db, 'teacher', school.id);

// Rows written as the services write them: two in the school, one in the other institution.
await record(
  db,
  ctx,
  { userId: admin.id, institutionId: school.id },
  {
    action: 'delete',
    entity: 'group',
    entityId: 7,
    before: { name: 'Groupe Alpha' },
  },
);
clock.advance(24 * 60 * 60 * 1000);
await record(
  db,
  ctx,
  { userId: admin.id, institutionId: school.id },
  {
    action: 'archive',
    entity: 'promotion',
    entityId: 8,
  },
);
await record(
  db,
  ctx,
  { userId: otherAdmin.id, institutionId: other.id },
  {
    action: 'delete',
    entity: 'group',
    entityId: 9,
    before: { name: 'Groupe Omega' },
  },
);

const list = async (user: { email: string }, query = '') =>
  app.inject({
    method: 'GET',
    url: `/api/audit${query}`,
    headers: bearer((await signIn(app, user.email)).accessToken),
  });
const ids = (response: Awaited<ReturnType<typeof list>>) =>
  (response.json().data as Array<{ entity_id: number }>).map((row) => row.entity_id);

describe('GET /api/audit', () => {
  it("shows an admin their institution's rows only, newest first, and the super-admin every row", async () => {
    const mine = await list(admin, '?entity=group');
    expect(mine.statusCode).toBe(200);
    expect(ids(mine)).toEqual([7]);
    const theirs = await list(otherAdmin, '?entity=group');
    expect(ids(theirs)).toEqual([9]);
    expect(JSON.stringify(theirs.json())).not.toContain('Groupe Alpha');
    const all = await list(superAdmin, '?entity=group');
    expect(ids(all)).toEqual([9, 7]);
    expect(all.json().data[0].actor_label).toContain(otherAdmin.email);
    expect((await list(teacher)).statusCode).toBe(403);
  });

  it('filters by actor, action, days and text, and pages for the export', async () => {
    expect(ids(await list(superAdmin, `?actor_id=${otherAdmin.id}&action=delete`))).toEqual([9]);
    expect(ids(await list(superAdmin, '?q=omega'))).toEqual([9]);
    const day = clock.now().toISOString().slice(0, 10);
    expect(ids(await list(admin, `?from=${day}&to=${day}&action=archive`))).toEqual([8]);
    expect(ids(await list(admin, `?to=${day}&action=delete&from=2000-01-01`))).toEqual([7]);
    expect((await list(admin, '?from=yesterday')).statusCode).toBe(422);

    // The web's export asks page after page with the same filters until it has `total` rows.
    const first = await list(admin, '?per_page=10&page=1&entity=group');
    expect(first.json().meta).toEqual({ page: 1, per_page: 10, total: 1 });
    const everything = await list(admin, '?per_page=100');
    const total = everything.json().meta.total;
    expect(everything.json().data).toHaveLength(total);
    expect(
      (everything.json().data as Array<{ institution_id: number }>).every(
        (row) => row.institution_id === school.id,
      ),
    ).toBe(true);
  });
});
