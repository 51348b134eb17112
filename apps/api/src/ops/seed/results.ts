import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { gradeChanges, results } from '../../db/schema/index.ts';
import { EVALUATIONS } from './evaluations.ts';
import { DAY, type IdOf } from './keys.ts';
import { PROMOTION_STUDENTS } from './people.ts';

/**
 * The grades of student@uni in the past evaluations of the L3 (`null`: absent); the others are
 * drawn. Published, except the probability midterm: graded, waiting for its teacher to publish
 * it, so the student's transcript lists it as pending (with the project not graded yet).
 */
const GRADES_OF_STUDENT_UNI: Record<string, number | null> = {
  algoMidterm: 14.5,
  tsCli: 16,
  sqlQuiz: null,
  probaMidterm: 15,
  webProject: 31,
};

const UNPUBLISHED = new Set(['probaMidterm']);

/** Days before `now` at which each evaluation was graded (and published the day after). */
const GRADED_DAYS_AGO: Record<string, number> = {
  algoMidterm: 25,
  tsCli: 8,
  sqlQuiz: 15,
  probaMidterm: 2,
  webProject: 3,
  responsive: 6,
};

const GRADERS: Record<string, string> = {
  algoMidterm: 'teacherUni',
  tsCli: 'teacherUni',
  sqlQuiz: 'teacherUni',
  probaMidterm: 'superteacher',
  webProject: 'marc',
};

/** A small deterministic generator (mulberry32) so every seed gives the same grades. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Grades of the past evaluations (absences included), each with the history row of its entry,
 * and one corrected grade, so the audit trail has something to show.
 */
export async function seedResults(
  tx: Tx,
  deps: { now: Date; user: IdOf; evaluation: IdOf },
): Promise<void> {
  const rand = random(20_260_901);
  const gradeFor = (scale: number, floor: number) => {
    const raw = floor + rand() * (scale - floor);
    return Math.round(raw * 2) / 2;
  };
  const daysAgo = (days: number) => new Date(deps.now.getTime() - days * DAY);
  const resultValues: (typeof results.$inferInsert)[] = [];
  for (const key of Object.keys(GRADES_OF_STUDENT_UNI)) {
    const scale = EVALUATIONS.find((e) => e.key === key)!.scale as number;
    for (const student of PROMOTION_STUDENTS.ulcL3) {
      const absent =
        (key === 'sqlQuiz' && student === 'enzo') ||
        (student === 'studentUni' && GRADES_OF_STUDENT_UNI[key] === null);
      const graded = daysAgo(GRADED_DAYS_AGO[key]!);
      resultValues.push({
        evaluation_id: deps.evaluation(key),
        student_id: deps.user(student),
        grade: absent
          ? null
          : student === 'studentUni'
            ? GRADES_OF_STUDENT_UNI[key]!
            : gradeFor(scale, scale * 0.3),
        absent,
        comment: absent ? 'Absence non justifiée.' : null,
        graded_by: deps.user(GRADERS[key]!),
        published_at: UNPUBLISHED.has(key) ? null : new Date(graded.getTime() + DAY),
        created_at: graded,
        updated_at: graded,
      });
    }
  }
  for (const student of PROMOTION_STUDENTS.ehnB2) {
    const graded = daysAgo(GRADED_DAYS_AGO.responsive!);
    resultValues.push({
      evaluation_id: deps.evaluation('responsive'),
      student_id: deps.user(student),
      grade: student === 'studentSchool' ? 13 : gradeFor(20, 7),
      absent: false,
      graded_by: deps.user('teacherSchool'),
      published_at: new Date(graded.getTime() + DAY),
      created_at: graded,
      updated_at: graded,
    });
  }
  const resultRows = await tx.insert(results).values(resultValues).returning();
  // The entry of every grade, then one correction (version 2) of student@uni's midterm.
  const corrected = resultRows.find(
    (r) =>
      r.evaluation_id === deps.evaluation('algoMidterm') &&
      r.student_id === deps.user('studentUni'),
  )!;
  const changes: (typeof gradeChanges.$inferInsert)[] = resultRows.map((row) => ({
    result_id: row.id,
    old_grade: null,
    new_grade: row === corrected ? 13 : row.grade,
    old_absent: false,
    new_absent: row.absent,
    old_comment: null,
    new_comment: row.comment,
    changed_by: row.graded_by,
    at: row.created_at,
  }));
  changes.push({
    result_id: corrected.id,
    old_grade: 13,
    new_grade: corrected.grade,
    changed_by: deps.user('teacherUni'),
    at: daysAgo(20),
  });
  await tx.insert(gradeChanges).values(changes);
  await tx.update(results).set({ version: 2 }).where(eq(results.id, corrected.id));
}
