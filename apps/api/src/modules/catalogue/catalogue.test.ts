import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import { createInstitution, createPromotion, createTraining } from '../../../test/factories.ts';
import { institutions, trainings } from '../../db/schema/index.ts';

const { app, db, clock } = await createTestApp();

describe('public catalogue', () => {
  let open: Awaited<ReturnType<typeof createTraining>>;
  let hidden: Awaited<ReturnType<typeof createTraining>>;
  let archived: Awaited<ReturnType<typeof createTraining>>;
  let closedSchool: Awaited<ReturnType<typeof createInstitution>>;
  let closedTraining: Awaited<ReturnType<typeof createTraining>>;
  beforeAll(async () => {
    const school = await createInstitution(db, { name: 'Aaa École', color_code: '#AA3377' });
    const promotion = await createPromotion(db, school.id);
    open = await createTraining(db, promotion, {
      visibility: 'public',
      title: 'Algorithmique',
      total_hours: 42,
    });
    hidden = await createTraining(db, promotion, { visibility: 'private' });
    archived = await createTraining(db, promotion, {
      visibility: 'public',
      archived_at: clock.now(),
    });
    closedSchool = await createInstitution(db, { archived_at: clock.now() });
    closedTraining = await createTraining(db, await createPromotion(db, closedSchool.id), {
      visibility: 'public',
    });
  });

  it('lists only public, non-archived trainings of open institutions, without signing in', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/event/training' });
    expect(response.statusCode).toBe(200);
    const ids = response.json().map((t: { id: number }) => t.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(hidden.id);
    expect(ids).not.toContain(archived.id);
    expect(ids).not.toContain(closedTraining.id);
    const item = response.json().find((t: { id: number }) => t.id === open.id);
    expect(item).toEqual({
      id: open.id,
      title: 'Algorithmique',
      program: 'Licence',
      level: 'L1',
      description: '',
      total_hours: 42,
      cover_link: null,
      institution: expect.objectContaining({ id: open.institution_id, color_code: '#AA3377' }),
    });
    // Only public fields leave: no contact details, no timestamps.
    expect(Object.keys(item.institution).sort()).toEqual(
      ['color_code', 'diminutive', 'id', 'kind', 'logo_link', 'name', 'url'].sort(),
    );
  });

  it('shows one public training with its institution contact; private ones are 404', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/event/training/${open.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: open.id,
      modules: [],
      institution: { id: open.institution_id, email: expect.any(String) },
    });
    for (const id of [hidden.id, archived.id, closedTraining.id, 999_999]) {
      const missing = await app.inject({ method: 'GET', url: `/api/event/training/${id}` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: expect.any(String) });
    }
  });

  it('lists non-archived institutions with their public fields', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/event/institution' });
    expect(response.statusCode).toBe(200);
    const ids = response.json().map((i: { id: number }) => i.id);
    expect(ids).toContain(open.institution_id);
    expect(ids).not.toContain(closedSchool.id);
    const [row] = await db
      .select()
      .from(institutions)
      .where(eq(institutions.id, open.institution_id));
    expect(response.json().find((i: { id: number }) => i.id === row!.id)).toEqual({
      id: row!.id,
      name: row!.name,
      diminutive: row!.diminutive,
      kind: row!.kind,
      color_code: row!.color_code,
      logo_link: row!.logo_link,
      url: row!.url,
    });
  });

  it('answers with an ETag, 304 while nothing changed, and a fresh answer after any write', async () => {
    const get = (url: string, etag?: string) =>
      app.inject({ method: 'GET', url, headers: etag ? { 'if-none-match': etag } : {} });
    for (const url of [
      '/api/event/training',
      `/api/event/training/${open.id}`,
      '/api/event/institution',
    ]) {
      const first = await get(url);
      expect(first.statusCode, url).toBe(200);
      expect(first.headers['content-type']).toMatch(/^application\/json/);
      expect(first.headers['cache-control']).toBe('public, no-cache');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"catalogue-\d+-/);
      const again = await get(url, etag);
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe('');
      expect((await get(url, '"catalogue-0-other"')).statusCode).toBe(200);
    }

    // A write by any node (here, straight to the database) makes every cached answer stale.
    const before = await get(`/api/event/training/${open.id}`);
    await db
      .update(trainings)
      .set({ title: 'Algorithmique avancée' })
      .where(eq(trainings.id, open.id));
    const detail = await get(`/api/event/training/${open.id}`, String(before.headers.etag));
    expect(detail.statusCode).toBe(200);
    expect(detail.json().title).toBe('Algorithmique avancée');
    const list = await get('/api/event/training');
    expect(list.json().find((t: { id: number }) => t.id === open.id).title).toBe(
      'Algorithmique avancée',
    );
    await db
      .update(institutions)
      .set({ name: 'Aab École' })
      .where(eq(institutions.id, open.institution_id));
    const renamed = await get('/api/event/institution');
    expect(renamed.json().find((i: { id: number }) => i.id === open.institution_id).name).toBe(
      'Aab École',
    );
    await db.update(trainings).set({ visibility: 'private' }).where(eq(trainings.id, open.id));
    expect((await get(`/api/event/training/${open.id}`)).statusCode).toBe(404);
    expect(
      (await get('/api/event/training')).json().map((t: { id: number }) => t.id),
    ).not.toContain(open.id);
    await db.update(trainings).set({ visibility: 'public' }).where(eq(trainings.id, open.id));
  });
});

describe('the catalogue on the wire', () => {
  it('compresses a large answer once for the encoding the browser accepts, with its own ETag', async () => {
    const school = await createInstitution(db, { name: 'Zzz École' });
    const promotion = await createPromotion(db, school.id);
    for (let n = 0; n < 6; n++)
      await createTraining(db, promotion, {
        visibility: 'public',
        title: `Formation ouverte ${n}`,
        description: 'Une formation publique décrite assez longuement pour peser son poids.',
      });
    const get = (headers: Record<string, string>) =>
      app.inject({ method: 'GET', url: '/api/event/training', headers });
    const plain = await get({});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    const gzip = await get({ 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    // A revalidation matches the ETag of the representation the browser holds.
    const revalidated = await get({
      'accept-encoding': 'br',
      'if-none-match': String(br.headers.etag),
    });
    expect(revalidated.statusCode).toBe(304);
    expect((await get({ 'if-none-match': String(br.headers.etag) })).statusCode).toBe(200);
  });
});
