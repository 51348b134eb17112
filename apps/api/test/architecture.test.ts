import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The rules of docs/architecture.md that a reader of one file cannot see break: SQL lives in the
// modules' queries files, and only the policy and the grants name a role.
const SRC = new URL('../src/', import.meta.url).pathname;

function sources(folder: string): string[] {
  return readdirSync(join(SRC, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => join(folder, file));
}

const text = (file: string) => readFileSync(join(SRC, file), 'utf8');

describe('the API code base', () => {
  it('keeps every SQL statement of a module or a job in a queries file', () => {
    const statementImport =
      /^import (?!type )[^;]*from '(drizzle-orm|[./]*db\/schema\/index\.ts|[./]*db\/schema\/[a-z-]+\.ts)';/m;
    const outside = [...sources('modules'), ...sources('jobs')].filter(
      (file) => !file.endsWith('.queries.ts') && statementImport.test(text(file)),
    );
    expect(outside).toEqual([]);
  });

  it('tests a role by name only in the policy, the sessions and the places listed with a reason', () => {
    // Each remaining test of a role in a module, with why it stays. A new one fails this test:
    // a refusal by role is a grant (packages/shared/src/grants.ts) checked by the route.
    const reasons: Record<string, string> = {
      'modules/account/account.service.ts':
        'MFA is required of staff roles (the target user’s role, not the actor’s)',
    };
    const roleTest = /\b(actor|user|row)\.role\s*[!=]==|\.has\(actor\.role\)|role !== 'student'/;
    const found = sources('modules').filter((file) => roleTest.test(text(file)));
    expect(found.sort()).toEqual(Object.keys(reasons).sort());
  });

  it('names the role predicates of the policy in one file', () => {
    const predicates = sources('auth/policy').filter((file) => /\.role === '/.test(text(file)));
    expect(found(predicates)).toEqual(['auth/policy/scope.ts']);
  });
});

const found = (files: string[]) => files.map((file) => relative('.', file)).sort();
