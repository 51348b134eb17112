import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn } from '../../test/app.ts';
import { createInstitution, createUser } from '../../test/factories.ts';

const { app, db } = await createTestApp();

/** The root route of each resource, registered as `/` under its prefix. */
const RESOURCE_ROOTS = [
  '/api/institutions',
  '/api/students',
  '/api/teachers',
  '/api/promotions',
  '/api/trainings',
  '/api/groups',
  '/api/imports',
  '/api/users',
  '/api/programs',
  '/api/modules',
];

describe('the OpenAPI document, for generated clients', () => {
  it('names every path without a trailing slash, resource roots included', async () => {
    const document = (await app.inject({ url: '/api/openapi.json' })).json();
    const paths = Object.keys(document.paths);
    expect(paths.filter((path) => path.endsWith('/'))).toEqual([]);
    for (const root of RESOURCE_ROOTS) expect(paths, root).toContain(root);
    expect(Object.keys(document.paths['/api/students']).sort()).toEqual(['get', 'post']);
  });

  it('gives the serving site as its server', async () => {
    const document = (await app.inject({ url: '/api/openapi.json' })).json();
    expect(document.servers).toEqual([
      { url: '/', description: 'The Skolar deployment serving this document' },
    ]);
  });

  it('leaves the API answering both spellings of a resource root', async () => {
    const institution = await createInstitution(db);
    const admin = await signIn(app, (await createUser(db, 'admin', institution.id)).email);
    await createUser(db, 'student', institution.id, { last_name: 'Lovelace' });
    for (const root of ['/api/students', '/api/teachers', '/api/groups']) {
      const plain = await app.inject({ url: root, headers: bearer(admin.accessToken) });
      const slashed = await app.inject({ url: `${root}/`, headers: bearer(admin.accessToken) });
      expect(plain.statusCode, root).toBe(200);
      expect(slashed.statusCode, `${root}/`).toBe(200);
      expect(slashed.json()).toEqual(plain.json());
    }
    const students = await app.inject({ url: '/api/students', headers: bearer(admin.accessToken) });
    expect(students.json().data.map((row: { last_name: string }) => row.last_name)).toEqual([
      'Lovelace',
    ]);
  });
});
