import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { Role } from '@skolar/shared';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { institutionModules, moduleSubjects, modules, programs } from '../src/db/schema/index.ts';
import { saveUpload } from '../src/files/uploads.ts';
import { bearer, createTestApp, signIn } from './app.ts';
import { createInstitution, createProgram, createSubject, createUser } from './factories.ts';

/**
 * Issue 5 part A — unauthorized access: every endpoint of institutions, users, programs,
 * modules and files, called by each of the five roles and a guest, on rows of their own and of
 * another institution. A refused call answers the expected status and leaves the database as it was.
 */
const { app, db, ctx } = await createTestApp({
  config: loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED: 'none',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'skolar-unauthorized-')),
  }),
});

type Who = Role | 'guest';
const WHO: Who[] = ['super-admin', 'admin', 'super-teacher', 'teacher', 'student', 'guest'];

// Two institutions with one account of each role; the super-admin has none.
const own = await createInstitution(db);
const other = await createInstitution(db);
const people: Record<string, { id: number; email: string }> = {};
for (const role of ['admin', 'super-teacher', 'teacher', 'student'] as const) {
  people[`own:${role}`] = await createUser(db, role, own.id);
  people[`other:${role}`] = await createUser(db, role, other.id);
}
people['super-admin'] = await createUser(db, 'super-admin', null);

const ownProgram = await createProgram(db, own.id);
const otherProgram = await createProgram(db, other.id);
const freeProgram = (
  await db.insert(programs).values({ name: 'Free', sector: 'Art' }).returning()
)[0]!;
const [ownModule, otherModule, freeModule] = await db
  .insert(modules)
  .values([{ name: 'Own module' }, { name: 'Other module' }, { name: 'Free module' }])
  .returning();
await db.insert(institutionModules).values([
  { institution_id: own.id, module_id: ownModule!.id },
  { institution_id: other.id, module_id: otherModule!.id },
]);
const ownSubject = await createSubject(db, own.id);
const otherSubject = await createSubject(db, other.id);
await db.insert(moduleSubjects).values([
  { module_id: ownModule!.id, subject_id: ownSubject.id },
  { module_id: otherModule!.id, subject_id: otherSubject.id },
]);

const picture = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
  .png()
  .toBuffer();
const otherFile = await saveUpload(ctx, db, {
  kind: 'user/picture',
  ownerId: people['other:student']!.id,
  institutionId: other.id,
  part: {
    filename: 'me.png',
    toBuffer: async () => picture,
    file: Object.assign(Readable.from([picture]), { truncated: false }),
  } as unknown as MultipartFile,
});

const tokens: Partial<Record<Who, string>> = {};
for (const who of WHO) {
  if (who === 'guest') continue;
  const account = who === 'super-admin' ? people['super-admin']! : people[`own:${who}`]!;
  tokens[who] = (await signIn(app, account.email)).accessToken;
}

/** Everything these endpoints could change, as one comparable value (sessions excluded). */
async function snapshot() {
  const tables = [
    'institutions',
    'users',
    'programs',
    'modules',
    'institution_programs',
    'institution_modules',
    'module_subjects',
    'files',
    'mail_outbox',
    'one_time_tokens',
  ];
  const parts: unknown[] = [];
  for (const table of tables) {
    const result = await db.execute(
      sql.raw(`select coalesce(json_agg(t order by t::text), '[]') as rows from ${table} t`),
    );
    parts.push((result as unknown as { rows: unknown[] }).rows);
  }
  return JSON.stringify(parts);
}

const institutionBody = {
  name: 'Nouvelle',
  kind: 'school',
  color_code: '#112233',
  url: 'https://new.example.test',
  address: '1 rue',
  email: 'new@example.test',
  phone: 'fr0102030405',
  levels: ['L1'],
};
const userBody = {
  first_name: 'Ann',
  last_name: 'Other',
  email: 'ann.other@example.test',
  role: 'teacher',
  institution_id: own.id,
};
const programBody = { name: 'P', sector: 'S', levels: [], description: '' };
const moduleBody = { name: 'M', description: '', hourly_volume: 10 };

/** Which status each caller gets; `allowed` means the call is permitted (not asserted here). */
type Expect = Partial<Record<Who, number>>;
const SA_ONLY: Expect = {
  admin: 403,
  'super-teacher': 403,
  teacher: 403,
  student: 403,
  guest: 401,
};

interface Case {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: unknown;
  expect: Expect;
}

const cases: Case[] = [
  // Institutions
  { name: 'list institutions', method: 'GET', url: '/api/institutions', expect: SA_ONLY },
  {
    name: 'read own institution',
    method: 'GET',
    url: `/api/institutions/${own.id}`,
    expect: { 'super-teacher': 403, teacher: 403, student: 403, guest: 401 },
  },
  {
    name: 'read other institution',
    method: 'GET',
    url: `/api/institutions/${other.id}`,
    expect: { admin: 404, 'super-teacher': 403, teacher: 403, student: 403, guest: 401 },
  },
  {
    name: 'create institution',
    method: 'POST',
    url: '/api/institutions',
    payload: institutionBody,
    expect: SA_ONLY,
  },
  {
    name: 'edit own institution (no step-up)',
    method: 'PATCH',
    url: `/api/institutions/${own.id}`,
    payload: institutionBody,
    expect: { 'super-admin': 403, ...SA_ONLY },
  },
  {
    name: 'archive own institution',
    method: 'POST',
    url: `/api/institutions/${own.id}/archive`,
    expect: SA_ONLY,
  },
  {
    name: 'unarchive other institution',
    method: 'POST',
    url: `/api/institutions/${other.id}/unarchive`,
    expect: SA_ONLY,
  },
  {
    name: 'delete own institution',
    method: 'DELETE',
    url: `/api/institutions/${own.id}`,
    expect: { 'super-admin': 409, ...SA_ONLY },
  },
  {
    name: 'list institution programs',
    method: 'GET',
    url: `/api/institutions/${own.id}/programs`,
    expect: SA_ONLY,
  },
  {
    name: 'assign programs',
    method: 'PUT',
    url: `/api/institutions/${own.id}/programs`,
    payload: { ids: [freeProgram.id] },
    expect: SA_ONLY,
  },
  {
    name: 'dissociate program',
    method: 'DELETE',
    url: `/api/institutions/${own.id}/programs/${ownProgram.id}`,
    expect: SA_ONLY,
  },
  {
    name: 'list own institution modules',
    method: 'GET',
    url: `/api/institutions/${own.id}/modules`,
    expect: { 'super-teacher': 403, teacher: 403, student: 403, guest: 401 },
  },
  {
    name: 'list other institution modules',
    method: 'GET',
    url: `/api/institutions/${other.id}/modules`,
    expect: { admin: 404, 'super-teacher': 403, teacher: 403, student: 403, guest: 401 },
  },
  {
    name: 'assign module to other institution',
    method: 'PUT',
    url: `/api/institutions/${other.id}/modules`,
    payload: { ids: [freeModule!.id] },
    expect: { admin: 404, 'super-teacher': 403, teacher: 403, student: 403, guest: 401 },
  },
  {
    name: 'dissociate module of other institution',
    method: 'DELETE',
    url: `/api/institutions/${other.id}/modules/${otherModule!.id}`,
    expect: { admin: 404, 'super-teacher': 403, teacher: 403, student: 403, guest: 401 },
  },
  {
    name: 'assign module to own institution',
    method: 'PUT',
    url: `/api/institutions/${own.id}/modules`,
    payload: { ids: [freeModule!.id] },
    expect: { 'super-teacher': 403, teacher: 403, student: 403, guest: 401 },
  },
  // Files
  {
    name: 'file of another institution',
    method: 'GET',
    url: otherFile.url,
    expect: { admin: 404, 'super-teacher': 404, teacher: 404, student: 404, guest: 401 },
  },
  // Users
  { name: 'list users', method: 'GET', url: '/api/users', expect: SA_ONLY },
  {
    name: 'read user',
    method: 'GET',
    url: `/api/users/${people['own:teacher']!.id}`,
    expect: SA_ONLY,
  },
  { name: 'create user', method: 'POST', url: '/api/users', payload: userBody, expect: SA_ONLY },
  {
    name: 'edit user (no step-up)',
    method: 'PATCH',
    url: `/api/users/${people['own:teacher']!.id}`,
    payload: { ...userBody, email: people['own:teacher']!.email },
    expect: { 'super-admin': 403, ...SA_ONLY },
  },
  {
    name: 'archive user',
    method: 'POST',
    url: `/api/users/${people['other:student']!.id}/archive`,
    expect: SA_ONLY,
  },
  {
    name: 'unarchive user',
    method: 'POST',
    url: `/api/users/${people['own:student']!.id}/unarchive`,
    expect: SA_ONLY,
  },
  {
    name: 'delete user',
    method: 'DELETE',
    url: `/api/users/${people['other:teacher']!.id}`,
    expect: SA_ONLY,
  },
  // Programs
  {
    name: 'list programs',
    method: 'GET',
    url: '/api/programs',
    expect: { teacher: 403, student: 403, guest: 401 },
  },
  {
    name: 'read own program',
    method: 'GET',
    url: `/api/programs/${ownProgram.id}`,
    expect: { teacher: 403, student: 403, guest: 401 },
  },
  {
    name: 'read other program',
    method: 'GET',
    url: `/api/programs/${otherProgram.id}`,
    expect: { admin: 404, 'super-teacher': 404, teacher: 403, student: 403, guest: 401 },
  },
  {
    name: 'create program',
    method: 'POST',
    url: '/api/programs',
    payload: programBody,
    expect: SA_ONLY,
  },
  {
    name: 'edit program (no step-up)',
    method: 'PATCH',
    url: `/api/programs/${ownProgram.id}`,
    payload: programBody,
    expect: { 'super-admin': 403, ...SA_ONLY },
  },
  {
    name: 'archive program',
    method: 'POST',
    url: `/api/programs/${ownProgram.id}/archive`,
    expect: SA_ONLY,
  },
  {
    name: 'unarchive program',
    method: 'POST',
    url: `/api/programs/${ownProgram.id}/unarchive`,
    expect: SA_ONLY,
  },
  {
    name: 'delete program',
    method: 'DELETE',
    url: `/api/programs/${otherProgram.id}`,
    expect: SA_ONLY,
  },
  // Modules
  {
    name: 'list modules',
    method: 'GET',
    url: '/api/modules',
    expect: { teacher: 403, student: 403, guest: 401 },
  },
  {
    name: 'read other module',
    method: 'GET',
    url: `/api/modules/${otherModule!.id}`,
    expect: { admin: 404, 'super-teacher': 404, teacher: 403, student: 403, guest: 401 },
  },
  {
    name: 'create module',
    method: 'POST',
    url: '/api/modules',
    payload: moduleBody,
    expect: SA_ONLY,
  },
  {
    name: 'edit module',
    method: 'PATCH',
    url: `/api/modules/${ownModule!.id}`,
    payload: moduleBody,
    expect: SA_ONLY,
  },
  {
    name: 'archive module',
    method: 'POST',
    url: `/api/modules/${ownModule!.id}/archive`,
    expect: SA_ONLY,
  },
  {
    name: 'unarchive module',
    method: 'POST',
    url: `/api/modules/${ownModule!.id}/unarchive`,
    expect: SA_ONLY,
  },
  {
    name: 'delete module',
    method: 'DELETE',
    url: `/api/modules/${otherModule!.id}`,
    expect: SA_ONLY,
  },
  {
    name: 'subjects of other module',
    method: 'GET',
    url: `/api/modules/${otherModule!.id}/subjects`,
    expect: { admin: 404, 'super-teacher': 404, teacher: 403, student: 403, guest: 401 },
  },
  {
    name: 'link other subject to own module',
    method: 'PUT',
    url: `/api/modules/${ownModule!.id}/subjects`,
    payload: { ids: [otherSubject.id] },
    expect: { admin: 404, 'super-teacher': 404, teacher: 403, student: 403, guest: 401 },
  },
  {
    name: 'dissociate subject of other module',
    method: 'DELETE',
    url: `/api/modules/${otherModule!.id}/subjects/${otherSubject.id}`,
    expect: { admin: 404, 'super-teacher': 404, teacher: 403, student: 403, guest: 401 },
  },
];

describe('unauthorized access (issue 5 part A)', () => {
  for (const entry of cases) {
    it(`${entry.method} ${entry.name}`, async () => {
      for (const who of WHO) {
        const status = entry.expect[who];
        if (status === undefined) continue;
        const before = await snapshot();
        const token = tokens[who];
        const response = await app.inject({
          method: entry.method,
          url: entry.url,
          headers: token ? bearer(token) : {},
          ...(entry.payload === undefined ? {} : { payload: entry.payload as object }),
        });
        expect({ who, status: response.statusCode }).toEqual({ who, status });
        expect(response.json()).toHaveProperty('message');
        expect(await snapshot(), `${who}: database changed`).toBe(before);
      }
    });
  }

  it('POST logo: refused to every role but the super-admin, nothing stored', async () => {
    const boundary = '----skolar';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nnot really\r\n--${boundary}--\r\n`;
    for (const who of WHO) {
      if (who === 'super-admin') continue;
      const before = await snapshot();
      const token = tokens[who];
      const response = await app.inject({
        method: 'POST',
        url: `/api/institutions/${own.id}/logo`,
        headers: {
          ...(token ? bearer(token) : {}),
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload,
      });
      expect({ who, status: response.statusCode }).toEqual({
        who,
        status: who === 'guest' ? 401 : 403,
      });
      expect(await snapshot()).toBe(before);
    }
  });
});

describe('the snapshot itself', () => {
  it('sees a change made by an allowed call', async () => {
    const before = await snapshot();
    expect(before.length).toBeGreaterThan(500);
    const response = await app.inject({
      method: 'POST',
      url: '/api/programs',
      headers: bearer(tokens['super-admin']!),
      payload: programBody,
    });
    expect(response.statusCode).toBe(201);
    expect(await snapshot()).not.toBe(before);
  });
});
