import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, stepUpFor } from '../../../test/app.ts';
import { createInstitution, createPromotion, createUser } from '../../../test/factories.ts';
import { programs } from '../../db/schema/index.ts';

const { app, db } = await createTestApp();
const superAdmin = await createUser(db, 'super-admin', null);
const auth = bearer((await signIn(app, superAdmin.email)).accessToken);

describe('programs', () => {
  it('creates, edits with step-up, archives; delete refused with 409 while promotions use it', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/programs',
      headers: auth,
      payload: {
        name: 'Licence Info',
        sector: 'Informatique',
        levels: ['L1', 'L2'],
        description: 'Trois ans',
      },
    });
    expect(created.statusCode).toBe(201);
    const program = created.json();
    expect(program).toMatchObject({ nb_promotions: 0, promotions: [], can: { delete: true } });

    const noToken = await app.inject({
      method: 'PATCH',
      url: `/api/programs/${program.id}`,
      headers: auth,
      payload: { name: 'X', sector: 'Y', levels: [] },
    });
    expect(noToken.statusCode).toBe(403);
    const token = (await stepUpFor(app, auth, `/api/programs/${program.id}`))['x-confirm-token'];
    const edited = await app.inject({
      method: 'PATCH',
      url: `/api/programs/${program.id}`,
      headers: { ...auth, 'x-confirm-token': token },
      payload: { name: 'Licence Informatique', sector: 'Informatique', levels: ['L1', 'L2', 'L3'] },
    });
    expect(edited.json()).toMatchObject({
      name: 'Licence Informatique',
      levels: ['L1', 'L2', 'L3'],
    });

    const institution = await createInstitution(db);
    const promotion = await createPromotion(db, institution.id);
    const refused = await app.inject({
      method: 'DELETE',
      url: `/api/programs/${promotion.program_id}`,
      headers: { ...auth, 'accept-language': 'en' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Promotions use this program: archive it instead.');
    const archived = await app.inject({
      method: 'POST',
      url: `/api/programs/${promotion.program_id}/archive`,
      headers: auth,
    });
    expect(archived.json().archived_at).not.toBeNull();

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/programs/${program.id}`,
      headers: auth,
    });
    expect(removed.statusCode).toBe(204);
    expect(await db.select().from(programs).where(eq(programs.id, program.id))).toHaveLength(0);
  });

  it('shows an admin and a super-teacher the programs of their institution with its promotions', async () => {
    const mine = await createInstitution(db);
    const other = await createInstitution(db);
    const student = await createUser(db, 'student', mine.id);
    const promotion = await createPromotion(db, mine.id, { students: [student.id] });
    await createPromotion(db, other.id);
    for (const role of ['admin', 'super-teacher'] as const) {
      const viewer = await createUser(db, role, mine.id);
      const viewerAuth = bearer((await signIn(app, viewer.email)).accessToken);
      const list = await app.inject({ method: 'GET', url: '/api/programs', headers: viewerAuth });
      expect(list.json().data.map((p: { id: number }) => p.id)).toEqual([promotion.program_id]);
      expect(list.json().data[0]).toMatchObject({
        nb_promotions: 1,
        can: { update: false, delete: false },
      });
      const detail = await app.inject({
        method: 'GET',
        url: `/api/programs/${promotion.program_id}`,
        headers: viewerAuth,
      });
      expect(detail.json().promotions).toEqual([
        expect.objectContaining({ id: promotion.id, nb_students: 1 }),
      ]);
    }
  });
});
