import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { RateLimits } from '../src/auth/rate-limit.ts';
import { bearer, createTestApp } from './app.ts';
import { type Column, MATRIX } from './authz-matrix.ts';
import { extraSession, Fixture, newStaff, REQUESTS } from './authz-requests.ts';
import { createUser } from './factories.ts';

/**
 * The upload rate limit (`upload:account`, 60 files per 15 minutes per account): every route that
 * takes a file counts it before reading a byte, and answers 429 with Retry-After past the limit,
 * storing nothing.
 */
const { app, db, ctx } = await createTestApp();

const own = await newStaff(db);
const root = await createUser(db, 'super-admin', null);
const fixture = new Fixture(db, ctx, own);

/** Every route that takes a file, with who may call it (a column of the authorization matrix). */
const UPLOADS: Record<string, Exclude<Column, `${string}*` | 'guest'>> = {
  'PUT /api/me/picture': 'S',
  'POST /api/institutions/:id/logo': 'SA',
  'POST /api/trainings/:id/cover': 'A',
  'POST /api/lessons/:id/images': 'T',
  'POST /api/chapters/:id/resources': 'T',
  'POST /api/seminars/:id/syllabus': 'T',
  'POST /api/episodes/:id/resources': 'T',
  'POST /api/evaluations/:id/document': 'T',
  'POST /api/evaluations/:id/correction': 'T',
  'POST /api/evaluations/:id/submissions': 'S',
  'POST /api/attendance/justifications': 'S',
  'POST /api/discussions/attachments': 'S',
};
const callers = {
  SA: { role: 'super-admin', userId: root.id },
  A: { role: 'admin', userId: own.admin.id },
  T: { role: 'teacher', userId: own.teacher.id },
  S: { role: 'student', userId: own.student.id },
  ST: { role: 'super-teacher', userId: own.superTeacher.id },
} as const;

const BOUNDARY = '----skolar-upload-limit';
const PDF = readFileSync(new URL('../src/ops/seed/demo-syllabus.pdf', import.meta.url));
/** An episode's file resource: its title, then the PDF (the matrix sends the link form). */
const episodeFile = () => ({
  payload: Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="title"\r\n\r\nSlides\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="slides.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    PDF,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]),
  headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
});

/** Sends the route's valid request (the matrix's) as the column's person, on their rows. */
async function uploader(key: string, column: keyof typeof callers) {
  const caller = { ...callers[column], password: '' };
  const target = column === 'SA' ? new Fixture(db, ctx, await newStaff(db)) : fixture;
  const request =
    key === 'POST /api/episodes/:id/resources'
      ? { ...(await REQUESTS[key]!(target, caller)), ...episodeFile() }
      : await REQUESTS[key]!(target, caller);
  const { token } = await extraSession(db, ctx, caller.userId);
  const [method] = key.split(' ') as ['POST' | 'PUT'];
  const send = (payload = request.payload) =>
    app.inject({
      method,
      url: request.url,
      headers: { ...bearer(token), ...request.headers },
      payload: payload as Buffer,
    });
  return { send, userId: caller.userId, headers: request.headers ?? {} };
}

const count = async (table: 'files') =>
  (
    (await db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
      rows: Array<{ n: number }>;
    }
  ).rows[0]!.n;

/** Spends what is left of an account's uploads in this window, as 60 earlier uploads would. */
async function spend(userId: number, uploads = 60) {
  for (let upload = 0; upload < uploads; upload += 1) {
    await ctx.limits.hit('upload:account', String(userId)).catch(() => undefined);
  }
}

describe('the upload rate limit (60 files per 15 minutes per account)', () => {
  it('lists every route that takes a file (each matrix request sending one is in UPLOADS)', async () => {
    const sending: string[] = [];
    for (const key of Object.keys(MATRIX)) {
      if (key.startsWith('GET ') || !REQUESTS[key]) continue;
      const request = await REQUESTS[key](fixture, { ...callers.A, password: '' });
      const type = request.headers?.['content-type'] ?? '';
      if (type.startsWith('multipart/') || Buffer.isBuffer(request.payload)) sending.push(key);
    }
    // The episode's resource is sent as a link by the matrix; its file form is tested here.
    expect([...sending, 'POST /api/episodes/:id/resources'].sort()).toEqual(
      Object.keys(UPLOADS).sort(),
    );
  });

  for (const [key, column] of Object.entries(UPLOADS)) {
    it(`${key}: counted, then 429 with Retry-After once the account's 60 are spent, nothing stored`, async () => {
      expect(MATRIX[key]!.split(' ')[['SA', 'A', 'ST', 'T', 'S'].indexOf(column)]).toMatch(/^2/);
      ctx.limits = new RateLimits();
      const { send, userId } = await uploader(key, column);
      const taken = await send();
      expect(taken.statusCode, taken.body).toBeLessThan(300);
      await spend(userId, 59);
      const files = await count('files');
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
      expect(refused.json().message).toMatch(/Réessayez dans \d+ secondes/);
      expect(await count('files')).toBe(files);
    });
  }

  it('lets a teacher add 60 images to a lesson in a row, refuses the 61st, while a colleague still can', async () => {
    ctx.limits = new RateLimits();
    const { send } = await uploader('POST /api/lessons/:id/images', 'T');
    for (let image = 1; image <= 60; image += 1) {
      expect((await send()).statusCode, `image ${image}`).toBe(201);
    }
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    const colleague = await uploader('POST /api/lessons/:id/images', 'A');
    expect((await colleague.send()).statusCode).toBe(201);
  });

  it('counts an upload before reading it: past the limit, a file over every size limit answers 429, not 413', async () => {
    ctx.limits = new RateLimits();
    const handIn = await uploader('POST /api/evaluations/:id/submissions', 'S');
    await spend(handIn.userId);
    const huge = Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="huge.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      Buffer.alloc(25 * 1024 * 1024, 'a'),
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);
    const refused = await app.inject({
      method: 'POST',
      url: (
        await REQUESTS['POST /api/evaluations/:id/submissions']!(fixture, {
          ...callers.S,
          password: '',
        })
      ).url,
      headers: {
        ...bearer((await extraSession(db, ctx, handIn.userId)).token),
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      },
      payload: huge,
    });
    expect(refused.statusCode).toBe(429);

    const picture = await uploader('PUT /api/me/picture', 'T');
    await spend(picture.userId);
    const bigImage = await sharp({
      create: {
        width: 2000,
        height: 2000,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(bigImage.length).toBeGreaterThan(2 * 1024 * 1024);
    expect((await picture.send(bigImage)).statusCode).toBe(429);
    // Under the limit, the same image is refused for its size.
    ctx.limits = new RateLimits();
    expect((await picture.send(bigImage)).statusCode).toBe(413);
  });
});
