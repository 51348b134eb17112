import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn } from '../../test/app.ts';
import {
  createEvaluation,
  createInstitution,
  createPromotion,
  createSubject,
  createTraining,
  createUser,
} from '../../test/factories.ts';
import { auditLog, files, submissions } from '../db/schema/index.ts';
import { warnWithoutVirusScan } from './virus-scan.ts';

/** The EICAR test file: every antivirus reports it, and it harms nothing. */
const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';

/**
 * A clamd for the test, on a real TCP socket, speaking INSTREAM: `zINSTREAM\0`, chunks each led by
 * its length (4 bytes big-endian), a zero length to end; answers `stream: OK` or, for the EICAR
 * string, `stream: Eicar-Test-Signature FOUND`. It keeps every stream it received, whole.
 */
function fakeClamd() {
  const streams: Buffer[] = [];
  const server: Server = createServer((socket: Socket) => {
    let buffer = Buffer.alloc(0);
    let command = false;
    const chunks: Buffer[] = [];
    socket.on('data', (data: Buffer) => {
      buffer = Buffer.concat([buffer, data]);
      if (!command) {
        const end = buffer.indexOf(0);
        if (end < 0) return;
        if (buffer.subarray(0, end).toString() !== 'zINSTREAM') {
          socket.end('UNKNOWN COMMAND\0');
          return;
        }
        command = true;
        buffer = buffer.subarray(end + 1);
      }
      while (buffer.length >= 4) {
        const length = buffer.readUInt32BE(0);
        if (length === 0) {
          const stream = Buffer.concat(chunks);
          streams.push(stream);
          socket.end(
            stream.includes(EICAR) ? 'stream: Eicar-Test-Signature FOUND\0' : 'stream: OK\0',
          );
          return;
        }
        if (buffer.length < 4 + length) return;
        chunks.push(buffer.subarray(4, 4 + length));
        buffer = buffer.subarray(4 + length);
      }
    });
  });
  return {
    streams,
    listen: () =>
      new Promise<number>((done) => {
        server.listen(0, '127.0.0.1', () => done((server.address() as { port: number }).port));
      }),
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

const clamd = fakeClamd();
const port = await clamd.listen();
afterAll(() => clamd.close());

const { app, ctx, db, clock } = await createTestApp();
ctx.config.CLAMD_HOST = '127.0.0.1';
ctx.config.CLAMD_PORT = port;

const school = await createInstitution(db);
const superAdmin = await createUser(db, 'super-admin', null);
const teacher = await createUser(db, 'teacher', school.id);
const student = await createUser(db, 'student', school.id);
const promotion = await createPromotion(db, school.id, {
  students: [student.id],
  teachers: [teacher.id],
});
const project = await createEvaluation(
  db,
  await createTraining(db, promotion),
  (await createSubject(db, school.id, [teacher.id])).id,
  {
    type: 'project',
    date: clock.now().toISOString().slice(0, 10),
    start_time: '00:00',
    deadline: new Date(clock.now().getTime() + 7 * 24 * 3_600_000),
  },
);

const BOUNDARY = '----skolar-virus-scan';
async function upload(user: { email: string }, url: string, name: string, bytes: Buffer) {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return app.inject({
    method: 'POST',
    url,
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
    headers: {
      ...bearer((await signIn(app, user.email)).accessToken),
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      'accept-language': 'en',
    },
  });
}
const handIn = (name: string, bytes: Buffer) =>
  upload(student, `/api/evaluations/${project.id}/submissions`, name, bytes);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Every file under the uploads folder. */
function storedFiles(): string[] {
  try {
    return readdirSync(resolve(ctx.config.DATA_DIR, 'uploads'), { recursive: true })
      .map(String)
      .filter((name) => /\.[a-z0-9]+$/.test(name));
  } catch {
    return [];
  }
}

describe('the virus scan of uploads (clamd configured)', () => {
  it('stores a clean hand-in once clamd has received all of it and said OK', async () => {
    // Larger than one INSTREAM chunk (64 KiB): the scanner must get every chunk, in order.
    const text = Buffer.from(
      Array.from({ length: 5000 }, (_, i) => `line ${i} of the report\n`).join(''),
    );
    const response = await handIn('report.txt', text);
    expect(response.statusCode).toBe(201);
    expect(clamd.streams.at(-1)!.length).toBe(text.length);
    expect(sha256(clamd.streams.at(-1)!)).toBe(sha256(text));
    expect(await db.select().from(submissions)).toHaveLength(1);
  });

  it('refuses an infected hand-in with 422 on the file, stores nothing, and audits it', async () => {
    const filesBefore = (await db.select().from(files)).length;
    const onDisk = storedFiles().length;
    const bytes = Buffer.from(`${EICAR}\n`);
    const response = await handIn('notes.txt', bytes);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ file: ['The file was refused by the virus scan.'] });
    expect(sha256(clamd.streams.at(-1)!)).toBe(sha256(bytes));
    expect(await db.select().from(submissions)).toHaveLength(1);
    expect(await db.select().from(files)).toHaveLength(filesBefore);
    expect(storedFiles()).toHaveLength(onDisk);
    const [row] = await db.select().from(auditLog).where(eq(auditLog.action, 'upload.infected'));
    expect(row).toMatchObject({
      actor_id: student.id,
      entity: 'file',
      institution_id: school.id,
      after: {
        kind: 'submission',
        name: 'notes.txt',
        sha256: sha256(bytes),
        signature: 'Eicar-Test-Signature',
      },
    });
  });

  it('scans a logo upload too (saveUpload) and refuses with 503 when clamd cannot be reached', async () => {
    const png = await sharp({
      create: { width: 32, height: 32, channels: 4, background: '#00aa00' },
    })
      .png()
      .toBuffer();
    const logo = `/api/institutions/${school.id}/logo`;
    const scanned = clamd.streams.length;
    expect((await upload(superAdmin, logo, 'logo.png', png)).statusCode).toBe(201);
    expect(clamd.streams).toHaveLength(scanned + 1);
    expect(sha256(clamd.streams.at(-1)!)).toBe(sha256(png));

    // A port nothing listens on: clamd is down. Fail closed, with a message, not a 500.
    const down = fakeClamd();
    const downPort = await down.listen();
    await down.close();
    ctx.config.CLAMD_PORT = downPort;
    try {
      const filesBefore = (await db.select().from(files)).length;
      const refused = await upload(superAdmin, logo, 'logo.png', png);
      expect(refused.statusCode).toBe(503);
      expect(refused.json().message).toBe(
        'The virus scan of files is unavailable: the file was not saved. Try again in a few minutes.',
      );
      const handInRefused = await handIn('report.txt', Buffer.from('a clean report\n'));
      expect(handInRefused.statusCode).toBe(503);
      expect(await db.select().from(files)).toHaveLength(filesBefore);
    } finally {
      ctx.config.CLAMD_PORT = port;
    }
  });
});

describe('without clamd', () => {
  it('a production start warns once that uploads are not scanned; elsewhere it says nothing', () => {
    const warnings: string[] = [];
    const log = { warn: (message: string) => warnings.push(message) };
    const unset = { ...ctx.config, CLAMD_HOST: undefined, CLAMD_SOCKET: undefined };
    warnWithoutVirusScan({ ...unset, NODE_ENV: 'production' }, log);
    expect(warnings).toEqual([expect.stringMatching(/not scanned.*CLAMD_SOCKET or CLAMD_HOST/)]);
    warnWithoutVirusScan({ ...unset, NODE_ENV: 'test' }, log);
    warnWithoutVirusScan({ ...ctx.config, NODE_ENV: 'production' }, log);
    expect(warnings).toHaveLength(1);
  });
});
