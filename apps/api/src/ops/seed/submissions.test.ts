import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../../test/clock.ts';
import { openTestDatabase } from '../../../test/database.ts';
import { tempDir } from '../../../test/temp-dir.ts';
import { RateLimits } from '../../auth/rate-limit.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import {
  evaluations,
  files,
  markingProposals,
  markingSheets,
  results,
  rubrics,
  submissions,
  users,
} from '../../db/schema/index.ts';
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

  it('hands in the formative report four ways, marks one with the rubric and starts another', async () => {
    const [report] = await database.db
      .select()
      .from(evaluations)
      .where(eq(evaluations.title, 'Rapport d’étape : architecture de l’API'));
    expect(report!.deadline! < NOW).toBe(true);
    // Late reports are still taken, with a penalty (decision 195); one came after the deadline.
    expect(report!.late_until! > NOW).toBe(true);
    expect(report!.late_penalty).toBe(10);
    const handIns = await database.db
      .select({
        mime: files.mime,
        name: files.original_name,
        late: sql<boolean>`${submissions.submitted_at} > ${report!.deadline}`,
      })
      .from(submissions)
      .innerJoin(files, eq(files.id, submissions.file_id))
      .where(eq(submissions.evaluation_id, report!.id));
    expect(handIns.map((row) => row.mime).sort()).toEqual([
      'application/pdf',
      'application/pdf',
      'image/png',
      'text/plain',
    ]);
    expect(handIns.filter((row) => row.late).map((row) => row.name)).toEqual([
      'schema-architecture.png',
    ]);
    const [own] = await database.db
      .select()
      .from(rubrics)
      .where(eq(rubrics.evaluation_id, report!.id));
    expect(own!.criteria.reduce((sum, criterion) => sum + criterion.max_points, 0)).toBe(20);
    const library = await database.db
      .select()
      .from(rubrics)
      .where(and(eq(rubrics.subject_id, report!.subject_id), isNull(rubrics.evaluation_id)));
    expect(library).toHaveLength(1);
    const sheets = await database.db
      .select()
      .from(markingSheets)
      .where(eq(markingSheets.evaluation_id, report!.id));
    expect(sheets.map((sheet) => sheet.computed).sort()).toEqual([17, null]);
    const [line] = await database.db
      .select()
      .from(results)
      .where(eq(results.evaluation_id, report!.id));
    expect(line).toMatchObject({ grade: 17, published_at: null });
  });

  it('hands in the blind-marked code review twice, names the teacher cannot see (decision 196)', async () => {
    const [review] = await database.db
      .select()
      .from(evaluations)
      .where(eq(evaluations.title, 'Revue de code anonyme : module de validation'));
    expect(review).toMatchObject({
      blind_marking: true,
      identities_revealed_at: null,
      second_marking: true,
    });
    const proposals = await database.db
      .select()
      .from(markingProposals)
      .where(eq(markingProposals.evaluation_id, review!.id));
    expect(proposals).toMatchObject([{ round: 1, grade: 13 }]);
    const handIns = await database.db
      .select({ submitted_at: submissions.submitted_at })
      .from(submissions)
      .where(eq(submissions.evaluation_id, review!.id));
    expect(handIns).toHaveLength(2);
    expect(handIns.every((row) => row.submitted_at < review!.deadline!)).toBe(true);
  });
});
