// Who sees, sets and marks evaluations, and who reads their questions, attempts, hand-ins, grades
// and the history of a grade.
import { and, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  attempts,
  bankQuestions,
  evaluations,
  gradeChanges,
  questions,
  results,
  rubrics,
  subjects,
  submissions,
  trainings,
} from '../../db/schema/index.ts';
import type { Actor } from '../sessions.ts';
import {
  type EntityRules,
  FALSE,
  isStudent,
  isSuperTeacher,
  isTeacher,
  studentPromotions,
  teacherPromotions,
  teacherSubjectIds,
  tenant,
} from './scope.ts';
import { superTeacherSubjectIds } from './teaching.ts';

export function evaluationScope(actor: Actor): SQL {
  const base = tenant(actor, evaluations.institution_id);
  const trainingOf = (promotionIds: SQL) =>
    sql`${evaluations.training_id} in (select ${trainings.id} from ${trainings} where ${trainings.promotion_id} in ${promotionIds})`;
  if (isTeacher(actor)) {
    return and(
      base,
      or(
        sql`${evaluations.subject_id} in ${teacherSubjectIds(actor)}`,
        trainingOf(teacherPromotions(actor)),
      ),
    )!;
  }
  // An archived evaluation is withdrawn from students, as an archived lesson is: it takes no
  // start, answer or hand-in, and leaves their lists and transcript (issue 28).
  if (isStudent(actor))
    return and(base, trainingOf(studentPromotions(actor)), isNull(evaluations.archived_at))!;
  return base;
}

/**
 * The evaluations whose content, answer key, marking and grades the actor may change (decision
 * 175): a teacher, those of the subjects they teach; a super-teacher, those of the subjects they
 * teach and of the trainings of the promotions assigned to them; an admin, the institution's; the
 * super-admin, every one; a student, none. Seeing an evaluation (a teacher of its promotion, a
 * super-teacher of the institution) gives none of this.
 */
export function markedEvaluations(actor: Actor): SQL {
  if (isStudent(actor)) return FALSE;
  const base = tenant(actor, evaluations.institution_id);
  if (isTeacher(actor))
    return and(base, sql`${evaluations.subject_id} in ${teacherSubjectIds(actor)}`)!;
  if (isSuperTeacher(actor))
    return and(
      base,
      or(
        sql`${evaluations.subject_id} in ${teacherSubjectIds(actor)}`,
        // Their promotions' own evaluations, not those of the same subject in other promotions.
        sql`${evaluations.training_id} in (select ${trainings.id} from ${trainings} where ${trainings.promotion_id} in ${teacherPromotions(actor)})`,
      ),
    )!;
  return base;
}

/**
 * The subjects whose question bank the actor keeps (decision 191), as a condition on `column` (a
 * subject id), with `institution` the row's institution: those whose exams they set, as
 * markedEvaluations says it: a teacher, the subjects they teach; a super-teacher, those and the
 * subjects of their promotions' trainings and of the evaluations of those trainings; an admin, the
 * institution's; the super-admin, all.
 */
function bankSubjects(actor: Actor, column: PgColumn, institution: PgColumn): SQL {
  if (isStudent(actor)) return FALSE;
  const base = tenant(actor, institution);
  if (isTeacher(actor)) return and(base, sql`${column} in ${teacherSubjectIds(actor)}`)!;
  if (isSuperTeacher(actor))
    return and(
      base,
      or(
        sql`${column} in ${superTeacherSubjectIds(actor)}`,
        // The subjects of the evaluations they mark in their promotions' trainings.
        sql`${column} in (select ${evaluations.subject_id} from ${evaluations} where ${evaluations.training_id} in (select ${trainings.id} from ${trainings} where ${trainings.promotion_id} in ${teacherPromotions(actor)}))`,
      ),
    )!;
  return base;
}

/** The subjects whose bank the actor keeps, as a condition on the subjects table. */
export const bankSubjectScope = (actor: Actor) =>
  bankSubjects(actor, subjects.id, subjects.institution_id);

const ofEvaluations = (column: PgColumn, where: SQL) =>
  sql`${column} in (select ${evaluations.id} from ${evaluations} where ${where})`;

function resultScope(actor: Actor): SQL {
  return and(
    ofEvaluations(results.evaluation_id, evaluationScope(actor)),
    isStudent(actor)
      ? // A student sees their own grades, and only once published.
        and(eq(results.student_id, actor.userId), isNotNull(results.published_at))!
      : // Staff see the drafts of the evaluations they mark, and the published grades of
        // the others they see (what the transcript shows them).
        or(
          isNotNull(results.published_at),
          ofEvaluations(results.evaluation_id, markedEvaluations(actor)),
        )!,
  )!;
}

export const assessmentRules = {
  evaluation: {
    table: evaluations,
    id: evaluations.id,
    visible: evaluationScope,
    // Every change to an evaluation (its fields, documents, extra time): those who mark it,
    // whatever else they see.
    writable: markedEvaluations,
  },
  question: {
    // The answer key stays with those who set and mark the exam: students read questions only
    // through their attempt.
    table: questions,
    id: questions.id,
    visible: (actor) => ofEvaluations(questions.evaluation_id, markedEvaluations(actor)),
  },
  bank_question: {
    // A subject's bank, keys included: those who set the subject's exams (decision 191).
    table: bankQuestions,
    id: bankQuestions.id,
    visible: (actor) => bankSubjects(actor, bankQuestions.subject_id, bankQuestions.institution_id),
  },
  rubric: {
    // A subject's library of rubrics and guides, and the evaluations' own: those who set the
    // subject's evaluations, as its bank (issue 31).
    table: rubrics,
    id: rubrics.id,
    visible: (actor) => bankSubjects(actor, rubrics.subject_id, rubrics.institution_id),
  },
  attempt: {
    // A student's own; staff, those of the evaluations they mark (the scores are drafts).
    table: attempts,
    id: attempts.id,
    visible: (actor) =>
      isStudent(actor)
        ? and(
            ofEvaluations(attempts.evaluation_id, evaluationScope(actor)),
            eq(attempts.student_id, actor.userId),
          )!
        : ofEvaluations(attempts.evaluation_id, markedEvaluations(actor)),
  },
  submission: {
    table: submissions,
    id: submissions.id,
    visible: (actor) =>
      isStudent(actor)
        ? and(
            ofEvaluations(submissions.evaluation_id, evaluationScope(actor)),
            eq(submissions.student_id, actor.userId),
          )!
        : ofEvaluations(submissions.evaluation_id, markedEvaluations(actor)),
  },
  result: {
    table: results,
    id: results.id,
    visible: resultScope,
    // Grades change only by those who mark their evaluation.
    writable: (actor) => ofEvaluations(results.evaluation_id, markedEvaluations(actor)),
  },
  record: {
    // A student's own record: their results as the result rule shows them (published, of the
    // evaluations not withdrawn); nobody else's.
    table: results,
    id: results.id,
    visible: (actor) => and(resultScope(actor), eq(results.student_id, actor.userId))!,
  },
  grade_change: {
    // The history of a grade, drafts included: those who mark its evaluation.
    table: gradeChanges,
    id: gradeChanges.id,
    visible: (actor) =>
      sql`${gradeChanges.result_id} in (select ${results.id} from ${results} where ${ofEvaluations(results.evaluation_id, markedEvaluations(actor))})`,
  },
} satisfies EntityRules;
