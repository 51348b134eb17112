import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  canAccess,
  homePath,
  matchRoute,
  menuFor,
  ROUTES,
  routeAccess,
  showsCalendarLink,
  userMenuFor,
} from './access.ts';
import { ROLES, type Role } from './roles.ts';

interface SpecRoute {
  path: string;
  name?: string;
  roles: string[] | null;
  guestOnly?: boolean;
  query?: string[];
}

// The spec's route table is vendored beside this package (packages/shared/spec/routes.json), so a
// clone of the repository alone runs these tests.
const vendored = path.resolve(import.meta.dirname, '../spec/routes.json');
const spec = JSON.parse(readFileSync(vendored, 'utf8')) as {
  roleNames: Record<string, Role>;
  routes: SpecRoute[];
};

// Where the product's shared folder sits beside the repository (the team's machines and CI), the
// vendored table must not drift from it; a user's clone has no such folder and has nothing to
// compare. The table is compared, not the file: its `about` is written in the repository's terms.
const upstream = path.resolve(import.meta.dirname, '../../../../shared/spec/routes.json');
const table = (file: string) => {
  const { about: _about, ...rest } = JSON.parse(readFileSync(file, 'utf8')) as { about?: string };
  return rest;
};
// Skipped where no spec folder sits beside the repository (a user's clone): nothing to compare.
describe.skipIf(!existsSync(upstream))('the vendored route table', () => {
  it('is the table of the spec folder, unchanged', () => {
    expect(table(vendored)).toEqual(table(upstream));
  });
});

describe('ROUTES against the vendored route table', () => {
  it('has every row, in order', () => {
    expect(ROUTES).toHaveLength(spec.routes.length);
    expect(ROUTES.map((route) => route.path)).toEqual(spec.routes.map((route) => route.path));
  });

  it.each(spec.routes.map((row, index) => [index, row.path, row] as const))(
    'row %i (%s) has the spec roles, name, guestOnly and query',
    (index, _path, row) => {
      const route = ROUTES[index]!;
      const expectedRoles = row.roles?.map((short) => spec.roleNames[short]!) ?? null;
      expect(route.roles === null ? null : [...route.roles].sort()).toEqual(
        expectedRoles === null ? null : [...expectedRoles].sort(),
      );
      expect(route.name).toBe(row.name);
      expect(route.guestOnly ?? false).toBe(row.guestOnly ?? false);
      expect(route.query ?? []).toEqual(row.query ?? []);
    },
  );

  it('has no duplicate path', () => {
    expect(new Set(ROUTES.map((route) => route.path)).size).toBe(ROUTES.length);
  });
});

describe('matchRoute', () => {
  it('matches static paths and extracts params', () => {
    expect(matchRoute('/institutions/12')).toEqual({
      route: expect.objectContaining({ path: '/institutions/:id' }),
      params: { id: '12' },
    });
    expect(matchRoute('/4/7/trainings/9')?.params).toEqual({
      id: '4',
      promotionId: '7',
      trainingId: '9',
    });
  });

  it('prefers static segments over params', () => {
    expect(matchRoute('/students/add')?.route.path).toBe('/students/add');
    expect(matchRoute('/students/5')?.route.path).toBe('/students/:id');
    expect(matchRoute('/3/promotions/add')?.route.path).toBe('/:id/promotions/add');
    expect(matchRoute('/3/promotions/8')?.route.path).toBe('/:id/promotions/:promotionId');
    expect(matchRoute('/subjects/edit/2')?.route.path).toBe('/subjects/edit/:subjectId');
  });

  it('accepts a missing optional segment', () => {
    expect(matchRoute('/promotions')).toEqual({
      route: expect.objectContaining({ path: '/:id?/promotions' }),
      params: {},
    });
    expect(matchRoute('/5/promotions')?.params).toEqual({ id: '5' });
    expect(matchRoute('/subjects/add')?.route.path).toBe('/:moduleId?/subjects/add');
    expect(matchRoute('/3/subjects/add')).toEqual({
      route: expect.objectContaining({ path: '/:moduleId?/subjects/add' }),
      params: { moduleId: '3' },
    });
  });

  it('ignores the query, the hash and a trailing slash', () => {
    expect(matchRoute('/login?error_message=x#top')?.route.path).toBe('/login');
    expect(matchRoute('/students/')?.route.path).toBe('/students');
    expect(matchRoute('/')?.route.path).toBe('/');
  });

  it('prefers more static segments even over an earlier row, and keeps table order on a tie', () => {
    // Ids are numbers in real links, but a typed address can put a word where an id goes: the
    // guard must pick the row React Router shows. '/:id/promotions/add' (2 static segments) beats
    // the earlier '/edit-profile/:id/:token' (1); between '/users/:id' and the later
    // '/:id?/promotions', one static segment each, the earlier row wins.
    expect(matchRoute('/edit-profile/promotions/add')).toEqual({
      route: expect.objectContaining({ path: '/:id/promotions/add' }),
      params: { id: 'edit-profile' },
    });
    expect(canAccess('/edit-profile/promotions/add', 'super-teacher')).toBe('redirect-home');
    expect(matchRoute('/users/promotions')).toEqual({
      route: expect.objectContaining({ path: '/users/:id' }),
      params: { id: 'promotions' },
    });
    expect(canAccess('/users/promotions', 'admin')).toBe('redirect-home');
  });

  it('decodes escaped segments, and keeps a malformed one as it is', () => {
    expect(matchRoute('/students/caf%C3%A9')?.params).toEqual({ id: 'café' });
    expect(matchRoute('/students/%E0%A4%A')).toEqual({
      route: expect.objectContaining({ path: '/students/:id' }),
      params: { id: '%E0%A4%A' },
    });
    // A malformed escape must not turn a restricted page into an unknown (open) one.
    expect(canAccess('/students/%E0%A4%A', 'student')).toBe('redirect-home');
    expect(canAccess('/students/%E0%A4%A', 'super-teacher')).toBe('ok');
  });

  it('answers null outside the table', () => {
    expect(matchRoute('/nowhere/at/all/here/really')).toBeNull();
    expect(matchRoute('/student')).toBeNull();
  });

  it('finds every row from a path built from it', () => {
    for (const route of ROUTES) {
      const sample = route.path.replace(/:[A-Za-z]+\??/g, '1');
      expect(matchRoute(sample)?.route.path, sample).toBe(route.path);
    }
  });
});

describe('canAccess', () => {
  it('sends visitors of a restricted route home', () => {
    expect(canAccess('/dashboard', null)).toBe('redirect-home');
    expect(canAccess('/institutions', 'admin')).toBe('redirect-home');
    expect(canAccess('/student/trainings', 'teacher')).toBe('redirect-home');
    expect(canAccess('/groups/add', 'super-teacher')).toBe('redirect-home');
  });

  it('lets listed roles in', () => {
    expect(canAccess('/dashboard', 'student')).toBe('ok');
    expect(canAccess('/institutions', 'super-admin')).toBe('ok');
    expect(canAccess('/students/add', 'admin')).toBe('ok');
    expect(canAccess('/students/4', 'super-teacher')).toBe('ok');
    expect(canAccess('/students/add', 'super-teacher')).toBe('redirect-home');
    expect(canAccess('/promotions', 'super-teacher')).toBe('ok');
  });

  it('sends signed-in users away from guest-only pages', () => {
    expect(canAccess('/login', 'teacher')).toBe('redirect-dashboard');
    expect(canAccess('/', 'student')).toBe('redirect-dashboard');
    expect(canAccess('/public-trainings/3', 'admin')).toBe('redirect-dashboard');
    expect(canAccess('/login', null)).toBe('ok');
    expect(canAccess('/', null)).toBe('ok');
  });

  it('lets anyone open routes without a rule', () => {
    for (const role of [null, ...ROLES]) {
      expect(canAccess('/calendar', role)).toBe('ok');
      expect(canAccess('/contact', role)).toBe('ok');
      expect(canAccess('/faq', role)).toBe('ok');
    }
  });

  it('leaves paths outside the table to the not-found page', () => {
    expect(canAccess('/no/such/page/at/all', null)).toBe('ok');
  });

  it('agrees with routeAccess on every row', () => {
    for (const route of ROUTES) {
      for (const role of [null, ...ROLES]) {
        const sample = route.path.replace(/:[A-Za-z]+\??/g, '1');
        expect(canAccess(sample, role)).toBe(routeAccess(route, role));
      }
    }
  });
});

describe('menuFor', () => {
  const keys = (role: Role) => menuFor(role).map((item) => `${item.key} ${item.path}`);

  it('gives the student menu', () => {
    expect(keys('student')).toEqual([
      'trainings /student/trainings',
      'seminars /student/seminars',
      'evaluations /list-evaluations',
      'check-in /check-in',
      'announcements /announcements',
      'discussions /discussions',
      'messages /messages',
    ]);
  });

  it('gives the teacher menu', () => {
    expect(keys('teacher')).toEqual([
      'subjects /subjects',
      'groups /groups',
      'evaluations /evaluations',
      'attendance /attendance',
      'announcements /announcements',
      'discussions /discussions',
      'messages /messages',
    ]);
  });

  it('gives the super-teacher menu, with promotions', () => {
    expect(keys('super-teacher')).toEqual([
      'promotions /promotions',
      'subjects /subjects',
      'groups /groups',
      'evaluations /evaluations',
      'attendance /attendance',
      'announcements /announcements',
      'discussions /discussions',
      'messages /messages',
    ]);
  });

  it('gives the admin menu, with promotions (decision 87)', () => {
    expect(keys('admin')).toEqual([
      'programs /programs',
      'promotions /promotions',
      'students /students',
      'teachers /teachers',
      'modules /modules',
      'evaluations /evaluations',
      'attendance /attendance',
      'announcements /announcements',
      'discussions /discussions',
      'messages /messages',
      'audit /audit',
    ]);
  });

  it('gives the super-admin menu, without evaluations', () => {
    expect(keys('super-admin')).toEqual([
      'institutions /institutions',
      'programs /programs',
      'courses /trainings',
      'users /users',
      'modules /modules',
      'audit /audit',
    ]);
  });

  it('only links to routes the role may open', () => {
    for (const role of ROLES) {
      for (const item of [...menuFor(role), ...userMenuFor(role)]) {
        if (item.path) expect(canAccess(item.path, role), `${role} ${item.path}`).toBe('ok');
      }
    }
  });
});

describe('chrome helpers', () => {
  it('lists results and transcript in the badge for students only, and support for everyone', () => {
    expect(userMenuFor('student')).toEqual([
      { key: 'profile-details', path: '/profile-details' },
      { key: 'change-password', path: '/change-password' },
      { key: 'my-results', path: '/results' },
      { key: 'my-transcript', path: '/transcript' },
      { key: 'settings', path: '/settings' },
      { key: 'support', path: '/support' },
      { key: 'logout', path: null },
    ]);
    for (const role of ['teacher', 'super-teacher', 'admin', 'super-admin'] as const) {
      expect(userMenuFor(role), role).toEqual([
        { key: 'profile-details', path: '/profile-details' },
        { key: 'change-password', path: '/change-password' },
        { key: 'settings', path: '/settings' },
        { key: 'support', path: '/support' },
        { key: 'logout', path: null },
      ]);
    }
  });

  it('hides the calendar link for students only', () => {
    expect(showsCalendarLink('student')).toBe(false);
    expect(showsCalendarLink('teacher')).toBe(true);
    expect(showsCalendarLink(null)).toBe(true);
  });

  it('sends Home to the dashboard when signed in', () => {
    expect(homePath(null)).toBe('/');
    expect(homePath('admin')).toBe('/dashboard');
  });
});
