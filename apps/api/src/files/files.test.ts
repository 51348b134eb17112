import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn } from '../../test/app.ts';
import {
  createInstitution,
  createPromotion,
  createTraining,
  createUser,
} from '../../test/factories.ts';
import { tempDir } from '../../test/temp-dir.ts';
import { loadConfig } from '../config.ts';
import type { FileKind } from '../db/schema/enums.ts';
import { files, trainings, users } from '../db/schema/index.ts';
import { saveUpload } from './uploads.ts';

const dataDir = tempDir('files');
const { app, ctx, db } = await createTestApp({
  config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED: 'none', DATA_DIR: dataDir }),
});

/** A stand-in for the multipart part the parser hands to a route. */
function part(bytes: Buffer, filename = 'photo.jpg', truncated = false): MultipartFile {
  const file = Object.assign(Readable.from([bytes]), { truncated });
  return { filename, toBuffer: async () => bytes, file } as unknown as MultipartFile;
}

const photoWithExif = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'Secret GPS place', Artist: 'Someone' } })
    .toBuffer();

describe('saveUpload', () => {
  it('keeps no format character in a file name: a right-to-left override cannot disguise it (review, issue 28)', async () => {
    const institution = await createInstitution(db);
    const student = await createUser(db, 'student', institution.id);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    const saved = await saveUpload(ctx, db, {
      kind: 'submission',
      ownerId: student.id,
      institutionId: institution.id,
      part: part(pdf, 'report\u202Efdp.exe\u200B\u2066.pdf'),
    });
    expect(saved.name).toBe('report_fdp.exe_.pdf');
    expect(saved.name).not.toMatch(/\p{Cf}/u);
  });

  it('re-encodes an image so no EXIF survives, records the file and serves it', async () => {
    const institution = await createInstitution(db);
    const admin = await createUser(db, 'admin', institution.id);
    const original = await photoWithExif();
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const saved = await saveUpload(ctx, db, {
      kind: 'user/picture',
      ownerId: admin.id,
      institutionId: institution.id,
      part: part(original, 'my "holiday".jpg'),
    });
    expect(saved.url).toBe(`/api/files/${saved.id}`);
    const [row] = await db.select().from(files).where(eq(files.id, saved.id));
    expect(row).toMatchObject({ kind: 'user/picture', mime: 'image/jpeg', owner_id: admin.id });
    expect(row!.storage_key).toMatch(/^user-picture\/\d{4}\/[0-9a-f-]{36}\.jpg$/);
    expect(row!.sha256).toMatch(/^[0-9a-f]{64}$/);

    const session = await signIn(app, admin.email);
    const response = await app.inject({
      method: 'GET',
      url: saved.url,
      headers: bearer(session.accessToken),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['content-disposition']).toContain(
      'inline; filename="my _holiday_.jpg"',
    );
    const served = response.rawPayload;
    expect(served.length).toBe(row!.size);
    const metadata = await sharp(served).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.width).toBe(40);
  });

  it('refuses a type outside the kind’s allow-list with 415, whatever the name says', async () => {
    const institution = await createInstitution(db);
    const before = await db.select().from(files);
    const script = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    await expect(
      saveUpload(ctx, db, {
        kind: 'institution/logo',
        ownerId: null,
        institutionId: institution.id,
        part: part(script, 'logo.png'),
      }),
    ).rejects.toMatchObject({ statusCode: 415 });
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    await expect(
      saveUpload(ctx, db, {
        kind: 'institution/logo',
        ownerId: null,
        institutionId: institution.id,
        part: part(pdf, 'logo.png'),
      }),
    ).rejects.toMatchObject({ statusCode: 415 });
    expect(await db.select().from(files)).toHaveLength(before.length);
  });

  it('refuses a file over the kind’s limit with 413', async () => {
    const institution = await createInstitution(db);
    const big = Buffer.alloc(3 * 1024 * 1024, 1);
    await expect(
      saveUpload(ctx, db, {
        kind: 'institution/logo',
        ownerId: null,
        institutionId: institution.id,
        part: part(big, 'big.png'),
      }),
    ).rejects.toMatchObject({ statusCode: 413 });
    await expect(
      saveUpload(ctx, db, {
        kind: 'institution/logo',
        ownerId: null,
        institutionId: institution.id,
        part: part(Buffer.alloc(10), 'cut.png', true),
      }),
    ).rejects.toMatchObject({ statusCode: 413 });
  });
});

describe('GET /api/files/:id', () => {
  it('serves a picture as its user is readable, and a submission to its uploader only (404 elsewhere, 401 guest)', async () => {
    const mine = await createInstitution(db);
    const other = await createInstitution(db);
    const owner = await createUser(db, 'teacher', mine.id);
    const admin = await createUser(db, 'admin', mine.id);
    const colleague = await createUser(db, 'student', mine.id);
    const stranger = await createUser(db, 'admin', other.id);
    const superAdmin = await createUser(db, 'super-admin', null);
    const picture = await saveUpload(ctx, db, {
      kind: 'user/picture',
      ownerId: owner.id,
      institutionId: mine.id,
      part: part(await photoWithExif()),
    });
    await db.update(users).set({ picture_link: picture.url }).where(eq(users.id, owner.id));
    const submission = await saveUpload(ctx, db, {
      kind: 'submission',
      ownerId: colleague.id,
      institutionId: mine.id,
      part: part(Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'), 'work.pdf'),
    });
    const get = async (url: string, email?: string) => {
      const headers = email ? bearer((await signIn(app, email)).accessToken) : {};
      return (await app.inject({ method: 'GET', url, headers })).statusCode;
    };
    const statuses = async (url: string) => ({
      owner: await get(url, owner.email),
      admin: await get(url, admin.email),
      colleague: await get(url, colleague.email),
      superAdmin: await get(url, superAdmin.email),
      stranger: await get(url, stranger.email),
      guest: await get(url),
    });
    expect(await statuses(picture.url)).toEqual({
      owner: 200,
      admin: 200,
      colleague: 404,
      superAdmin: 200,
      stranger: 404,
      guest: 401,
    });
    expect(await statuses(submission.url)).toEqual({
      owner: 404,
      admin: 404,
      colleague: 200,
      superAdmin: 200,
      stranger: 404,
      guest: 401,
    });
    expect(await get('/api/files/999999', admin.email)).toBe(404);
    expect(await get('/api/files/999999')).toBe(401);
  });

  it('serves logos and covers of public, non-archived trainings to guests', async () => {
    const institution = await createInstitution(db);
    const logo = await saveUpload(ctx, db, {
      kind: 'institution/logo',
      ownerId: null,
      institutionId: institution.id,
      part: part(await photoWithExif(), 'logo.jpg'),
    });
    expect((await app.inject({ method: 'GET', url: logo.url })).statusCode).toBe(200);

    const promotion = await createPromotion(db, institution.id);
    const cover = await saveUpload(ctx, db, {
      kind: 'formation/cover',
      ownerId: null,
      institutionId: institution.id,
      part: part(await photoWithExif(), 'cover.jpg'),
    });
    const training = await createTraining(db, promotion, {
      cover_link: cover.url,
      visibility: 'private',
    });
    expect((await app.inject({ method: 'GET', url: cover.url })).statusCode).toBe(401);
    await db.update(trainings).set({ visibility: 'public' }).where(eq(trainings.id, training.id));
    expect((await app.inject({ method: 'GET', url: cover.url })).statusCode).toBe(200);
    await db
      .update(trainings)
      .set({ archived_at: new Date() })
      .where(eq(trainings.id, training.id));
    expect((await app.inject({ method: 'GET', url: cover.url })).statusCode).toBe(401);
  });

  it('lets no browser or proxy keep a private file: no-store on every kind but the public ones (review, issue 28)', async () => {
    const institution = await createInstitution(db);
    const superAdmin = await createUser(db, 'super-admin', null);
    const headers = bearer((await signIn(app, superAdmin.email)).accessToken);
    const pdf = () => part(Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'), 'x.pdf');
    const cacheOf = async (kind: FileKind, bytes: () => Promise<MultipartFile> | MultipartFile) => {
      const saved = await saveUpload(ctx, db, {
        kind,
        ownerId: null,
        institutionId: institution.id,
        part: await bytes(),
      });
      const answer = await app.inject({ method: 'GET', url: saved.url, headers });
      expect(answer.statusCode, kind).toBe(200);
      return answer.headers['cache-control'];
    };
    const image = async () => part(await photoWithExif());
    for (const kind of [
      'submission',
      'evaluation/document',
      'evaluation/correction',
      'resource',
    ] as const)
      expect(await cacheOf(kind, pdf), kind).toBe('private, no-store');
    for (const kind of ['user/picture', 'chapter/image'] as const)
      expect(await cacheOf(kind, image), kind).toBe('private, no-store');
    expect(await cacheOf('institution/logo', image)).toBe('public, max-age=3600');
  });
});
