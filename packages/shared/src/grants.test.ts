import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from './access.ts';
import { ACTIONS, type Action, ENTITIES, type Entity, GRANTS, roleMay } from './grants.ts';
import { ROLES, type Role } from './roles.ts';
import { type Need, SCREEN_NEEDS } from './screens.ts';

/**
 * Grants that no screen of the role needs, on purpose, each with its reason. Anything else a role
 * may do must be needed by a screen it may open.
 */
const API_ONLY: Readonly<Record<string, string>> = {
  'super-admin file:read': 'files are read through the row that links them',
  'admin file:read': 'files are read through the row that links them',
  'super-teacher file:read': 'files are read through the row that links them',
  'teacher file:read': 'files are read through the row that links them',
  'student file:read': 'files are read through the row that links them',
  'super-admin training:read': 'the super-admin reads any row, for support, read-only',
  'super-admin group:read': 'the super-admin reads any row, for support, read-only',
};

/** The screens a role may open (the spec's table and the pages outside it), with their needs. */
function screensOf(role: Role) {
  return APP_ROUTES.filter((route) => route.roles === null || route.roles.includes(role)).map(
    (route) => {
      const all = SCREEN_NEEDS[route.path] ?? [];
      return {
        path: route.path,
        /** What the screen calls: the role must have it. */
        needs: all.filter((need) => !need.endsWith('?')) as Need[],
        /** What it may offer on rows: a reason for the grant, not a requirement. */
        offers: all.map((need) => need.replace(/\?$/, '') as Need),
      };
    },
  );
}

describe('grants against the screens', () => {
  it('names only screens of the route table', () => {
    const paths = new Set<string>(APP_ROUTES.map((route) => route.path));
    expect(Object.keys(SCREEN_NEEDS).filter((path) => !paths.has(path))).toEqual([]);
  });

  it('gives every role the grants that the screens it may open need', () => {
    const missing = ROLES.flatMap((role) =>
      screensOf(role).flatMap(({ path, needs }) =>
        needs
          .filter((need) => {
            const [entity, action] = need.split(':') as [Entity, Action];
            return !roleMay(role, action, entity);
          })
          .map((need) => `${role} on ${path}: ${need}`),
      ),
    );
    expect(missing).toEqual([]);
  });

  it('gives no role a grant that none of its screens needs, beside the listed ones', () => {
    const extra: string[] = [];
    for (const role of ROLES) {
      const needed = new Set<Need>(screensOf(role).flatMap(({ offers }) => offers));
      for (const entity of ENTITIES) {
        for (const action of ACTIONS) {
          const need: Need = `${entity}:${action}`;
          if (!GRANTS[entity][action]?.includes(role)) continue;
          if (!needed.has(need) && !API_ONLY[`${role} ${need}`]) extra.push(`${role} ${need}`);
        }
      }
    }
    expect(extra).toEqual([]);
  });
});

/**
 * The grants written out per role, reviewed line by line: a change to GRANTS shows here as the
 * exact permission a role gains or loses (the screens above allow optional row actions either way).
 */
const REVIEWED: Record<Role, string[]> = {
  student: [
    'training: list read',
    'subject: list read',
    'lesson: list read',
    'chapter: list read',
    'seminar: list read',
    'episode: list read',
    'evaluation: list read',
    'attempt: read create update',
    'submission: read create',
    'result: read',
    'event: list read create update delete',
    'calendar_feed: read create delete',
    'file: read',
    'progress: list read update',
    'record: read',
    'presence: list create',
    'justification: list read create',
    'notification: list read update',
    'announcement: list read',
    'discussion: list read create',
    'discussion_post: list create update delete',
    'discussion_report: create',
    'conversation: list read create',
    'message: create',
    'block: list create delete',
  ],
  teacher: [
    'promotion: list read',
    'training: list read',
    'subject: list read update assign',
    'lesson: list read create update delete archive',
    'chapter: list read create update delete archive',
    'seminar: list read update',
    'episode: list read create update delete',
    'group: list read',
    'evaluation: list read create update delete archive assign',
    'question: list read create update delete',
    'bank_question: list read create update archive',
    'rubric: list create archive',
    'attempt: list read',
    'submission: list read',
    'result: list read create update delete',
    'grade_change: list',
    'event: list read create update delete assign',
    'calendar_feed: read create delete',
    'file: read',
    'attendance: list read create update delete',
    'notification: list read update',
    'announcement: list read create update delete',
    'discussion: list read create update delete',
    'discussion_post: list create update delete',
    'discussion_report: list delete',
    'conversation: list read create',
    'message: create',
    'block: list create delete',
  ],
  'super-teacher': [
    'program: list read',
    'module: list read assign',
    'student: list read',
    'teacher: assign',
    'promotion: list read',
    'training: list read assign',
    'subject: list read create update delete archive assign',
    'lesson: list read create update delete archive',
    'chapter: list read create update delete archive',
    'seminar: list read create update delete archive',
    'episode: list read create update delete',
    'group: list read assign',
    'evaluation: list read create update delete archive assign',
    'question: list read create update delete',
    'bank_question: list read create update archive',
    'rubric: list create archive',
    'attempt: list read',
    'submission: list read',
    'result: list read create update delete',
    'grade_change: list',
    'event: list read create update delete assign',
    'calendar_feed: read create delete',
    'file: read',
    'attendance: list read create update delete',
    'justification: list read update',
    'notification: list read update',
    'announcement: list read create update delete',
    'discussion: list read create update delete',
    'discussion_post: list create update delete',
    'discussion_report: list delete',
    'conversation: list read create',
    'message: create',
    'block: list create delete',
  ],
  admin: [
    'institution: read assign',
    'program: list read',
    'module: list read assign',
    'student: list read create update delete archive assign',
    'teacher: list read create update delete archive assign',
    'promotion: list read create update delete archive assign',
    'training: list read create update delete archive assign',
    'subject: list read create update delete archive assign',
    'lesson: list read create update delete archive',
    'chapter: list read create update delete archive',
    'seminar: list read create update delete archive assign',
    'episode: list read create update delete',
    'group: list read create update delete archive assign',
    'evaluation: list read create update delete archive assign',
    'question: list read create update delete',
    'bank_question: list read create update archive',
    'rubric: list create archive',
    'attempt: list read',
    'submission: list read',
    'result: list read create update delete',
    'grade_change: list',
    'event: list read create update delete assign',
    'calendar_feed: read create delete',
    'import: list create',
    'file: read',
    'audit: list',
    'attendance: list read create update delete',
    'justification: list read update',
    'notification: list read update',
    'announcement: list read create update delete',
    'discussion: list read create update delete',
    'discussion_post: list create update delete',
    'discussion_report: list delete',
    'conversation: list read create',
    'message: create',
    'block: list create delete',
  ],
  'super-admin': [
    'institution: list read create update delete archive assign',
    'program: list read create update delete archive assign',
    'module: list read create update delete archive assign',
    'user: list read create update delete archive',
    'student: assign',
    'training: list read',
    'subject: list read create update delete archive assign',
    'lesson: list read create update delete archive',
    'chapter: list read create update delete archive',
    'seminar: list read create update delete archive assign',
    'episode: list read create update delete',
    'group: list read assign',
    'evaluation: list read create update delete archive assign',
    'question: list read create update delete',
    'bank_question: list read create update archive',
    'rubric: list create archive',
    'attempt: list read',
    'submission: list read',
    'result: list read create update delete',
    'grade_change: list',
    'event: list read create update delete assign',
    'calendar_feed: read create delete',
    'file: read',
    'audit: list',
    'notification: list read update',
  ],
};

describe('the reviewed grants', () => {
  it.each(ROLES)('grants %s exactly the reviewed actions', (role) => {
    const granted = ENTITIES.flatMap((entity) => {
      const actions = ACTIONS.filter((action) => roleMay(role, action, entity));
      return actions.length === 0 ? [] : [`${entity}: ${actions.join(' ')}`];
    });
    expect(granted).toEqual(REVIEWED[role]);
  });

  it('grants nothing for an action an entity does not have', () => {
    expect(roleMay('admin', 'assign', 'lesson')).toBe(false);
    expect(roleMay('super-admin', 'delete', 'audit')).toBe(false);
  });
});
