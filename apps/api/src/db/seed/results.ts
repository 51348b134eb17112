import type { Tx } from '../client.ts';
import { gradeChanges, results } from '../schema/index.ts';
import { EVALUATIONS } from './evaluations.ts';
import { DAY, type IdOf } from './keys.ts';
import { PROMOTION_STUDENTS } from './people.ts';

/** The grades of student@uni in the past evaluations of the L3; the others are drawn. */
const GRADES_OF_STUDENT_UNI: Record<string, number> = {
  algoMidterm: 14.5,
  tsCli: 16,
  sqlQuiz: 12,
  probaMidterm: 15,
  webProject: 31,
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

/** Grades of the past evaluations (one absence), and one corrected grade for the audit trail. */
export async function seedResults(
  tx: Tx,
  deps: { now: Date; user: IdOf; evaluation: IdOf },
): Promise<void> {
  const rand = random(20_260_901);
  const gradeFor = (scale: number, floor: number) => {
    const raw = floor + rand() * (scale - floor);
    return Math.round(raw * 2) / 2;
  };
  const resultValues: (typeof results.$inferInsert)[] = [];
  for (const key of Object.keys(GRADES_OF_STUDENT_UNI)) {
    const scale = EVALUATIONS.find((e) => e.key === key)!.scale as number;
    for (const student of PROMOTION_STUDENTS.ulcL3) {
      const absent = key === 'sqlQuiz' && student === 'enzo';
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
      });
    }
  }
  for (const student of PROMOTION_STUDENTS.ehnB2) {
    resultValues.push({
      evaluation_id: deps.evaluation('responsive'),
      student_id: deps.user(student),
      grade: student === 'studentSchool' ? 13 : gradeFor(20, 7),
      absent: false,
      graded_by: deps.user('teacherSchool'),
    });
  }
  const resultRows = await tx.insert(results).values(resultValues).returning({
    id: results.id,
    student_id: results.student_id,
    evaluation_id: results.evaluation_id,
    grade: results.grade,
  });
  // One corrected grade, so the audit trail has something to show.
  const corrected = resultRows.find(
    (r) =>
      r.evaluation_id === deps.evaluation('algoMidterm') &&
      r.student_id === deps.user('studentUni'),
  )!;
  await tx.insert(gradeChanges).values([
    {
      result_id: corrected.id,
      old_grade: 13,
      new_grade: corrected.grade,
      changed_by: deps.user('teacherUni'),
      at: new Date(deps.now.getTime() - 20 * DAY),
    },
  ]);
}
