import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../../test/clock.ts';
import { openTestDatabase } from '../../../test/database.ts';
import { tempDir } from '../../../test/temp-dir.ts';
import { RateLimits } from '../../auth/rate-limit.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { evaluations, files, submissions, users } from '../../db/schema/index.ts';
import { storageFor } from '../../files/storage.ts';
import { saveFile } from '../../files/uploads.ts';
import { seedDemo } from './demo.ts';

const NOW = new Date('2026-11-22T10:00:00Z');
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SEED: 'none',
  DATA_DIR: tempDir('seed-submissions'),
});

describe('the demo’s project hand-in', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    const ctx = { config, db: database.db, clock: new TestClock(NOW), limits: new RateLimits() };
    await seedDemo(database.db, { now: NOW, storeFile: (db, input) => saveFile(ctx, db, input) });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('gives student@uni a stored version 1 of the open project, before its deadline', async () => {
    const rows = await database.db
      .select({ submission: submissions, file: files, deadline: evaluations.deadline })
      .from(submissions)
      .innerJoin(files, eq(files.id, submissions.file_id))
      .innerJoin(evaluations, eq(evaluations.id, submissions.evaluation_id))
      .innerJoin(users, eq(users.id, submissions.student_id))
      .where(
        and(
          eq(users.email, 'student@uni.skolar.test'),
          eq(evaluations.title, 'Projet : API REST typée'),
        ),
      );
    expect(rows).toHaveLength(1);
    const { submission, file, deadline } = rows[0]!;
    expect(submission.version).toBe(1);
    expect(submission.submitted_at < NOW && NOW < deadline!).toBe(true);
    const asset = readFileSync(new URL('./assets/api-rest-v1.zip', import.meta.url));
    const stored = await storageFor(config).get(file.storage_key);
    expect(file).toMatchObject({ kind: 'submission', mime: 'application/zip' });
    expect(createHash('sha256').update(stored!).digest('hex')).toBe(
      createHash('sha256').update(asset).digest('hex'),
    );
    expect(file.sha256).toBe(createHash('sha256').update(asset).digest('hex'));
  });
});
