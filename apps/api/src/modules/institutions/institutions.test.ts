import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, stepUpFor } from '../../../test/app.ts';
import {
  createInstitution,
  createProgram,
  createPromotion,
  createUser,
} from '../../../test/factories.ts';
import { tempDir } from '../../../test/temp-dir.ts';
import { loadConfig } from '../../config.ts';
import { files, institutionPrograms, institutions, programs } from '../../db/schema/index.ts';

const dataDir = tempDir('institutions');
const { app, db } = await createTestApp({
  config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED: 'none', DATA_DIR: dataDir }),
});
const superAdmin = await createUser(db, 'super-admin', null);
const session = await signIn(app, superAdmin.email);
const auth = bearer(session.accessToken);

const body = {
  name: 'Université du Lac',
  diminutive: 'UDL',
  kind: 'university',
  color_code: '#12ab9f',
  url: 'https://udl.example.test',
  address: '2 avenue du Lac',
  email: 'contact@udl.example.test',
  phone: 'fr0102030405',
  levels: ['L1', 'L2', 'L3'],
};

async function stepUpToken(url: string) {
  return (await stepUpFor(app, auth, url))['x-confirm-token'];
}

function multipart(bytes: Buffer, filename = 'logo.png') {
  const boundary = '----skolartest';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('institutions (super-admin)', () => {
  it('creates an institution: colour upper-cased, nb_levels from the levels', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/institutions',
      headers: auth,
      payload: body,
    });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      color_code: '#12AB9F',
      nb_levels: 3,
      nb_users: 0,
      kind: 'university',
    });
    expect(created.can).toEqual({ update: true, delete: true, archive: true });
    const [row] = await db.select().from(institutions).where(eq(institutions.id, created.id));
    expect(row).toMatchObject({ name: 'Université du Lac', levels: ['L1', 'L2', 'L3'] });
  });

  it('refuses a bad colour, kind and url with 422 per field', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/institutions',
      headers: { ...auth, 'accept-language': 'en' },
      payload: { ...body, color_code: '#12ab9', kind: 'club', url: 'udl' },
    });
    expect(response.statusCode).toBe(422);
    const { errors } = response.json();
    expect(errors.color_code).toEqual(['Enter a colour as #RRGGBB.']);
    expect(errors.kind).toBeDefined();
    expect(errors.url).toEqual(['Enter an address starting with http:// or https://.']);
  });

  it('keeps the phone as the phone field stores it, and refuses any other form (422)', async () => {
    const spaced = await app.inject({
      method: 'POST',
      url: '/api/institutions',
      headers: auth,
      payload: { ...body, name: 'Lycée du Port', phone: 'fr04 78 00 00 00' },
    });
    expect(spaced.statusCode).toBe(201);
    const [row] = await db.select().from(institutions).where(eq(institutions.id, spaced.json().id));
    expect(row?.phone).toBe('fr0478000000');

    const typed = await app.inject({
      method: 'POST',
      url: '/api/institutions',
      headers: { ...auth, 'accept-language': 'en' },
      payload: { ...body, name: 'Lycée du Quai', phone: '+33 4 78 00 00 00' },
    });
    expect(typed.statusCode).toBe(422);
    expect(typed.json().errors).toEqual({ phone: ['Enter a valid phone number.'] });
  });

  it('lists with search, sort, archived filter and counts', async () => {
    const a = await createInstitution(db, { name: 'Zeta Academy' });
    await createUser(db, 'student', a.id);
    await createUser(db, 'teacher', a.id);
    const archived = await createInstitution(db, { name: 'Zeta Old', archived_at: new Date() });
    const list = await app.inject({
      method: 'GET',
      url: '/api/institutions?q=zeta&sort=-nb_users',
      headers: auth,
    });
    expect(list.statusCode).toBe(200);
    const answer = list.json();
    expect(answer.meta.total).toBe(1);
    expect(answer.data[0]).toMatchObject({ id: a.id, nb_users: 2 });
    expect(answer.data[0].can.delete).toBe(false);
    const old = await app.inject({
      method: 'GET',
      url: '/api/institutions?q=zeta&archived=true',
      headers: auth,
    });
    expect(old.json().data.map((row: { id: number }) => row.id)).toEqual([archived.id]);
  });

  it('edits only with a live step-up token', async () => {
    const institution = await createInstitution(db);
    const url = `/api/institutions/${institution.id}`;
    const refused = await app.inject({ method: 'PATCH', url, headers: auth, payload: body });
    expect(refused.statusCode).toBe(403);
    const token = await stepUpToken(url);
    const edited = await app.inject({
      method: 'PATCH',
      url,
      headers: { ...auth, 'x-confirm-token': token },
      payload: { ...body, name: 'Renamed' },
    });
    expect(edited.statusCode).toBe(200);
    const [row] = await db.select().from(institutions).where(eq(institutions.id, institution.id));
    expect(row!.name).toBe('Renamed');
  });

  it('archives and unarchives; delete refuses with 409 while users depend on it', async () => {
    const institution = await createInstitution(db);
    await createUser(db, 'admin', institution.id);
    const archive = await app.inject({
      method: 'POST',
      url: `/api/institutions/${institution.id}/archive`,
      headers: auth,
    });
    expect(archive.statusCode).toBe(200);
    expect(archive.json().archived_at).not.toBeNull();
    const restore = await app.inject({
      method: 'POST',
      url: `/api/institutions/${institution.id}/unarchive`,
      headers: auth,
    });
    expect(restore.json().archived_at).toBeNull();
    const refused = await app.inject({
      method: 'DELETE',
      url: `/api/institutions/${institution.id}`,
      headers: { ...auth, 'accept-language': 'en' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Users or promotions depend on this institution: archive it instead.',
    );

    const empty = await createInstitution(db);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/institutions/${empty.id}`,
      headers: auth,
    });
    expect(removed.statusCode).toBe(204);
    expect(await db.select().from(institutions).where(eq(institutions.id, empty.id))).toHaveLength(
      0,
    );
  });

  it('uploads a logo: re-encoded, linked, public; too large 413; not an image 415', async () => {
    const institution = await createInstitution(db);
    const png = await sharp({
      create: { width: 64, height: 64, channels: 4, background: '#ff0000' },
    })
      .png()
      .toBuffer();
    const upload = await app.inject({
      method: 'POST',
      url: `/api/institutions/${institution.id}/logo`,
      ...multipart(png),
    });
    expect(upload.statusCode).toBe(201);
    const { id, url } = upload.json();
    expect(url).toBe(`/api/files/${id}`);
    const [row] = await db.select().from(institutions).where(eq(institutions.id, institution.id));
    expect(row!.logo_link).toBe(url);
    const served = await app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    const count = (await db.select().from(files)).length;
    const big = await app.inject({
      method: 'POST',
      url: `/api/institutions/${institution.id}/logo`,
      ...multipart(Buffer.alloc(3 * 1024 * 1024, 7)),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toHaveProperty('message');
    const huge = await app.inject({
      method: 'POST',
      url: `/api/institutions/${institution.id}/logo`,
      ...multipart(Buffer.alloc(21 * 1024 * 1024, 7)),
    });
    expect(huge.statusCode).toBe(413);
    const text = await app.inject({
      method: 'POST',
      url: `/api/institutions/${institution.id}/logo`,
      ...multipart(Buffer.from('<html><script>alert(1)</script></html>'), 'logo.png'),
    });
    expect(text.statusCode).toBe(415);
    expect((await db.select().from(files)).length).toBe(count);
  });

  it('assigns programs and dissociates them, refusing while promotions use one', async () => {
    const institution = await createInstitution(db);
    const [p1, p2] = await db
      .insert(programs)
      .values([
        { name: 'Alpha', sector: 'IT' },
        { name: 'Beta', sector: 'IT' },
      ])
      .returning();
    const assign = await app.inject({
      method: 'PUT',
      url: `/api/institutions/${institution.id}/programs`,
      headers: auth,
      payload: { ids: [p1!.id, p2!.id, p1!.id] },
    });
    expect(assign.statusCode).toBe(200);
    const links = await db
      .select()
      .from(institutionPrograms)
      .where(eq(institutionPrograms.institution_id, institution.id));
    expect(links.map((l) => l.program_id).sort()).toEqual([p1!.id, p2!.id].sort());

    const list = await app.inject({
      method: 'GET',
      url: `/api/institutions/${institution.id}/programs?q=a`,
      headers: auth,
    });
    expect(list.json().data.filter((row: { assigned: boolean }) => row.assigned).length).toBe(2);

    const unknown = await app.inject({
      method: 'PUT',
      url: `/api/institutions/${institution.id}/programs`,
      headers: auth,
      payload: { ids: [999999] },
    });
    expect(unknown.statusCode).toBe(422);

    const dissociate = await app.inject({
      method: 'DELETE',
      url: `/api/institutions/${institution.id}/programs/${p2!.id}`,
      headers: auth,
    });
    expect(dissociate.statusCode).toBe(204);

    const promotion = await createPromotion(db, institution.id);
    const used = await app.inject({
      method: 'DELETE',
      url: `/api/institutions/${institution.id}/programs/${promotion.program_id}`,
      headers: auth,
    });
    expect(used.statusCode).toBe(409);
  });

  it('lets an admin manage the modules of their own institution', async () => {
    const institution = await createInstitution(db);
    const admin = await createUser(db, 'admin', institution.id);
    const adminAuth = bearer((await signIn(app, admin.email)).accessToken);
    await createProgram(db, institution.id);
    const created = await app.inject({
      method: 'POST',
      url: '/api/modules',
      headers: auth,
      payload: { name: 'Algorithmique', hourly_volume: 30 },
    });
    const moduleId = created.json().id as number;
    const assign = await app.inject({
      method: 'PUT',
      url: `/api/institutions/${institution.id}/modules`,
      headers: adminAuth,
      payload: { ids: [moduleId] },
    });
    expect(assign.statusCode).toBe(200);
    const mine = await app.inject({ method: 'GET', url: '/api/modules', headers: adminAuth });
    expect(mine.json().data.map((row: { id: number }) => row.id)).toEqual([moduleId]);
    const drop = await app.inject({
      method: 'DELETE',
      url: `/api/institutions/${institution.id}/modules/${moduleId}`,
      headers: adminAuth,
    });
    expect(drop.statusCode).toBe(204);
    const none = await app.inject({ method: 'GET', url: '/api/modules', headers: adminAuth });
    expect(none.json().meta.total).toBe(0);
  });
});
