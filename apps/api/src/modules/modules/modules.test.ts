import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn } from '../../../test/app.ts';
import {
  createInstitution,
  createPromotion,
  createSubject,
  createTraining,
  createUser,
} from '../../../test/factories.ts';
import { institutionModules, moduleSubjects, trainingModules } from '../../db/schema/index.ts';

const { app, db } = await createTestApp();
const superAdmin = await createUser(db, 'super-admin', null);
const auth = bearer((await signIn(app, superAdmin.email)).accessToken);

async function newModule(name = 'Réseaux') {
  const response = await app.inject({
    method: 'POST',
    url: '/api/modules',
    headers: auth,
    payload: { name, description: 'Couches', hourly_volume: 40 },
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number };
}

describe('modules', () => {
  it('creates, edits, refuses a negative volume, and deletes only when no training uses it', async () => {
    const mod = await newModule();
    const edited = await app.inject({
      method: 'PATCH',
      url: `/api/modules/${mod.id}`,
      headers: auth,
      payload: { name: 'Réseaux 2', hourly_volume: 42 },
    });
    expect(edited.json()).toMatchObject({ name: 'Réseaux 2', hourly_volume: 42, nb_subjects: 0 });
    const bad = await app.inject({
      method: 'PATCH',
      url: `/api/modules/${mod.id}`,
      headers: auth,
      payload: { name: 'x', hourly_volume: -1 },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.hourly_volume).toBeDefined();

    const institution = await createInstitution(db);
    const training = await createTraining(db, await createPromotion(db, institution.id));
    await db.insert(trainingModules).values({ training_id: training.id, module_id: mod.id });
    const refused = await app.inject({
      method: 'DELETE',
      url: `/api/modules/${mod.id}`,
      headers: auth,
    });
    expect(refused.statusCode).toBe(409);
    await db.delete(trainingModules).where(eq(trainingModules.module_id, mod.id));
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/modules/${mod.id}`,
      headers: auth,
    });
    expect(removed.statusCode).toBe(204);
  });

  it('lets an admin link subjects of their institution to one of its modules, and no others', async () => {
    const mine = await createInstitution(db);
    const other = await createInstitution(db);
    const mod = await newModule('Maths');
    await db.insert(institutionModules).values({ institution_id: mine.id, module_id: mod.id });
    const admin = await createUser(db, 'admin', mine.id);
    const adminAuth = bearer((await signIn(app, admin.email)).accessToken);
    const subject = await createSubject(db, mine.id);
    const foreign = await createSubject(db, other.id);

    const list = await app.inject({
      method: 'GET',
      url: `/api/modules/${mod.id}/subjects`,
      headers: adminAuth,
    });
    expect(list.json().data.map((s: { id: number }) => s.id)).toEqual([subject.id]);

    const link = await app.inject({
      method: 'PUT',
      url: `/api/modules/${mod.id}/subjects`,
      headers: adminAuth,
      payload: { ids: [subject.id] },
    });
    expect(link.statusCode).toBe(200);
    const detail = await app.inject({
      method: 'GET',
      url: `/api/modules/${mod.id}`,
      headers: adminAuth,
    });
    expect(detail.json()).toMatchObject({ nb_subjects: 1, can: { update: false } });
    const refused = await app.inject({
      method: 'PUT',
      url: `/api/modules/${mod.id}/subjects`,
      headers: adminAuth,
      payload: { ids: [foreign.id] },
    });
    expect(refused.statusCode).toBe(404);
    const unlink = await app.inject({
      method: 'DELETE',
      url: `/api/modules/${mod.id}/subjects/${subject.id}`,
      headers: adminAuth,
    });
    expect(unlink.statusCode).toBe(204);
    expect(
      await db.select().from(moduleSubjects).where(eq(moduleSubjects.module_id, mod.id)),
    ).toHaveLength(0);
  });

  it("counts an admin's own institution and trainings only, not those of others sharing the module", async () => {
    const mod = await newModule('Module partagé');
    const mine = await createInstitution(db);
    const other = await createInstitution(db);
    await db.insert(institutionModules).values([
      { institution_id: mine.id, module_id: mod.id },
      { institution_id: other.id, module_id: mod.id },
    ]);
    const otherTraining = await createTraining(db, await createPromotion(db, other.id));
    await db.insert(trainingModules).values({ training_id: otherTraining.id, module_id: mod.id });
    const admin = await createUser(db, 'admin', mine.id);
    const adminAuth = bearer((await signIn(app, admin.email)).accessToken);
    const detail = await app.inject({
      method: 'GET',
      url: `/api/modules/${mod.id}`,
      headers: adminAuth,
    });
    expect(detail.json()).toMatchObject({ nb_institutions: 1, nb_trainings: 0 });
    const overall = await app.inject({
      method: 'GET',
      url: `/api/modules/${mod.id}`,
      headers: auth,
    });
    expect(overall.json()).toMatchObject({ nb_institutions: 2, nb_trainings: 1 });
  });
});
