import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, stepUpFor } from '../../test/app.ts';
import {
  createInstitution,
  createProgram,
  createPromotion,
  createTraining,
  createUser,
} from '../../test/factories.ts';
import {
  events,
  groups,
  institutions,
  modules,
  programs,
  promotions,
  trainings,
  users,
} from '../db/schema/index.ts';

// PATCH applies the fields it is given (JSON merge patch): an integration that sends one field
// changes that field only; every other column, defaults included, stays as it was.
const { app, db } = await createTestApp();

const institution = await createInstitution(db);
const root = await createUser(db, 'super-admin', null);
const admin = await createUser(db, 'admin', institution.id);

async function headersOf(email: string) {
  const { accessToken } = await signIn(app, email);
  return bearer(accessToken);
}
const asRoot = await headersOf(root.email);
const asAdmin = await headersOf(admin.email);

async function rowOf(table: PgTable & { id: never }, id: number) {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(eq((table as unknown as { id: typeof users.id }).id, id));
  return row as Record<string, unknown>;
}

async function patchOne(
  url: string,
  headers: Record<string, string>,
  payload: Record<string, unknown>,
  table: PgTable,
  id: number,
) {
  const before = await rowOf(table as never, id);
  const response = await app.inject({
    method: 'PATCH',
    url,
    headers: { ...headers, ...(await stepUpFor(app, headers, url)) },
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  const after = await rowOf(table as never, id);
  const changed = Object.keys(after).filter(
    (key) => key !== 'updated_at' && JSON.stringify(after[key]) !== JSON.stringify(before[key]),
  );
  return { changed, after };
}

describe('PATCH takes what changes', () => {
  it('changes one field of every kind of row and nothing else', async () => {
    const promotion = await createPromotion(db, institution.id);
    const training = await createTraining(db, promotion);
    const program = await createProgram(db, institution.id);
    const [module] = await db.insert(modules).values({ name: 'M', hourly_volume: 12 }).returning();
    const [group] = await db
      .insert(groups)
      .values({ institution_id: institution.id, promotion_id: promotion.id, name: 'G' })
      .returning();
    const student = await createUser(db, 'student', institution.id, {
      gender: 'Mme',
      locale: 'de',
      phone: 'fr0612345678',
    });
    const teacher = await createUser(db, 'teacher', institution.id, { locale: 'en' });
    const [event] = await db
      .insert(events)
      .values({
        institution_id: institution.id,
        owner_id: admin.id,
        title: 'Weekly',
        description: 'Kept',
        starts_at: new Date('2026-12-07T08:00:00Z'),
        ends_at: new Date('2026-12-07T09:00:00Z'),
        color_code: '#123456',
        recurrence: 'FREQ=WEEKLY;BYDAY=MO;COUNT=3',
      })
      .returning();

    const cases: Array<[string, Record<string, string>, Record<string, unknown>, PgTable, number]> =
      [
        [
          `/api/institutions/${institution.id}`,
          asRoot,
          { name: 'Renamed' },
          institutions,
          institution.id,
        ],
        [`/api/programs/${program.id}`, asRoot, { sector: 'Art' }, programs, program.id],
        [`/api/modules/${module!.id}`, asRoot, { hourly_volume: 30 }, modules, module!.id],
        [`/api/users/${teacher.id}`, asRoot, { last_name: 'Lovelace' }, users, teacher.id],
        [`/api/promotions/${promotion.id}`, asAdmin, { name: 'Promo B' }, promotions, promotion.id],
        [`/api/trainings/${training.id}`, asAdmin, { total_hours: 42 }, trainings, training.id],
        [`/api/groups/${group!.id}`, asAdmin, { name: 'G2' }, groups, group!.id],
        [`/api/students/${student.id}`, asAdmin, { first_name: 'Ada' }, users, student.id],
        [`/api/teachers/${teacher.id}`, asAdmin, { first_name: 'Grace' }, users, teacher.id],
        [`/api/events/${event!.id}`, asAdmin, { color_code: '#654321' }, events, event!.id],
      ];
    for (const [url, headers, payload, table, id] of cases) {
      const { changed } = await patchOne(url, headers, payload, table, id);
      expect({ url, changed }).toEqual({ url, changed: Object.keys(payload) });
    }
    const [kept] = await db.select().from(users).where(eq(users.id, student.id));
    expect(kept).toMatchObject({ gender: 'Mme', locale: 'de', phone: 'fr0612345678' });
  });

  it('changes the own settings and profile one field at a time', async () => {
    const { changed } = await patchOne(
      '/api/me/settings',
      asAdmin,
      { theme: 'dark' },
      users,
      admin.id,
    );
    expect(changed).toEqual(['theme']);
    const profile = await patchOne(
      '/api/me/profile',
      asAdmin,
      { last_name: 'Hopper' },
      users,
      admin.id,
    );
    expect(profile.changed).toEqual(['last_name']);
  });

  it('answers an empty patch with the row unchanged, and a bad field with 422 and nothing written', async () => {
    const program = await createProgram(db, institution.id);
    const { changed } = await patchOne(
      `/api/programs/${program.id}`,
      asRoot,
      {},
      programs,
      program.id,
    );
    expect(changed).toEqual([]);
    const before = await rowOf(programs as never, program.id);
    const bad = await app.inject({
      method: 'PATCH',
      url: `/api/programs/${program.id}`,
      headers: { ...asRoot, ...(await stepUpFor(app, asRoot, `/api/programs/${program.id}`)) },
      payload: { name: '', sector: 'Kept?' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['name']);
    expect(await rowOf(programs as never, program.id)).toEqual(before);
  });

  it('checks the rules across fields on the row as it will be', async () => {
    const teacher = await createUser(db, 'teacher', institution.id);
    const response = await app.inject({
      method: 'PATCH',
      url: `/api/users/${teacher.id}`,
      headers: { ...asRoot, ...(await stepUpFor(app, asRoot, `/api/users/${teacher.id}`)) },
      payload: { role: 'super-admin' },
    });
    // A super-admin belongs to no institution: the teacher's institution makes the change invalid.
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['institution_id']);
    const [row] = await db.select().from(users).where(eq(users.id, teacher.id));
    expect(row!.role).toBe('teacher');
  });
});
