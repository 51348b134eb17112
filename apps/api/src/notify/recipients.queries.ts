import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import {
  evaluations,
  groupStudents,
  groupSubjects,
  moduleSubjects,
  promotionStudents,
  subjectLessons,
  subjects,
  teacherSubjects,
  trainingModules,
  trainings,
  users,
} from '../db/schema/index.ts';

// Who an event concerns, as the policy reaches them (auth/policy/scope.ts): the students of a
// promotion, of a group, of a training's promotion, of a lesson. Only active students.

const active = and(eq(users.role, 'student'), isNull(users.disabled_at), isNull(users.archived_at));

const ids = async (rows: Promise<Array<{ id: number }>>) => (await rows).map((row) => row.id);

/** The active students of the promotions. */
export function studentsOfPromotions(db: DbOrTx, promotionIds: readonly number[]) {
  if (promotionIds.length === 0) return Promise.resolve([]);
  return ids(
    db
      .selectDistinct({ id: users.id })
      .from(promotionStudents)
      .innerJoin(users, eq(users.id, promotionStudents.student_id))
      .where(and(inArray(promotionStudents.promotion_id, [...promotionIds]), active)),
  );
}

/** The active students of the group. */
export function studentsOfGroup(db: DbOrTx, groupId: number) {
  return ids(
    db
      .selectDistinct({ id: users.id })
      .from(groupStudents)
      .innerJoin(users, eq(users.id, groupStudents.student_id))
      .where(and(eq(groupStudents.group_id, groupId), active)),
  );
}

/** The active students of the promotion of the training. */
export function studentsOfTraining(db: DbOrTx, trainingId: number) {
  return ids(
    db
      .selectDistinct({ id: users.id })
      .from(trainings)
      .innerJoin(promotionStudents, eq(promotionStudents.promotion_id, trainings.promotion_id))
      .innerJoin(users, eq(users.id, promotionStudents.student_id))
      .where(and(eq(trainings.id, trainingId), active)),
  );
}

/**
 * The active students who read the lesson: those of the promotions whose trainings hold one of
 * its subjects (through a module), and those of the groups one of its subjects is taught to.
 */
export function studentsOfLesson(db: DbOrTx, lessonId: number) {
  const subjectsOfLesson = sql`(select ${subjectLessons.subject_id} from ${subjectLessons} where ${subjectLessons.lesson_id} = ${lessonId})`;
  return ids(
    db
      .selectDistinct({ id: users.id })
      .from(users)
      .where(
        and(
          active,
          sql`${users.id} in (
            select ${promotionStudents.student_id} from ${promotionStudents}
            join ${trainings} on ${trainings.promotion_id} = ${promotionStudents.promotion_id}
            join ${trainingModules} on ${trainingModules.training_id} = ${trainings.id}
            join ${moduleSubjects} on ${moduleSubjects.module_id} = ${trainingModules.module_id}
            where ${moduleSubjects.subject_id} in ${subjectsOfLesson}
            union select ${groupStudents.student_id} from ${groupStudents}
            join ${groupSubjects} on ${groupSubjects.group_id} = ${groupStudents.group_id}
            where ${groupSubjects.subject_id} in ${subjectsOfLesson})`,
        ),
      ),
  );
}

/** The active teachers and super-teachers who teach the subject (those who mark its projects). */
export function teachersOfSubject(db: DbOrTx, subjectId: number) {
  return ids(
    db
      .selectDistinct({ id: users.id })
      .from(teacherSubjects)
      .innerJoin(users, eq(users.id, teacherSubjects.teacher_id))
      .where(
        and(
          eq(teacherSubjects.subject_id, subjectId),
          isNull(users.disabled_at),
          isNull(users.archived_at),
        ),
      ),
  );
}

/** The active students of the institution. */
export function studentsOfInstitution(db: DbOrTx, institutionId: number) {
  return ids(
    db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.institution_id, institutionId), active)),
  );
}

/**
 * The active people who read the subject, as the policy's subject rule reaches them
 * (auth/policy/teaching.ts, checked against it by discussions.test.ts): the learners of the
 * promotions whose trainings hold it or set an evaluation in it and of the groups it is taught
 * to, its teachers, and the institution's super-teachers and admins; within `scope`, a condition
 * on `users`. With names, by last name.
 */
export function subjectReaders(db: DbOrTx, subjectId: number, scope?: SQL) {
  const learners = sql`(
    select ${promotionStudents.student_id} from ${promotionStudents}
    join ${trainings} on ${trainings.promotion_id} = ${promotionStudents.promotion_id}
    join ${trainingModules} on ${trainingModules.training_id} = ${trainings.id}
    join ${moduleSubjects} on ${moduleSubjects.module_id} = ${trainingModules.module_id}
    where ${moduleSubjects.subject_id} = ${subjectId}
    union select ${promotionStudents.student_id} from ${promotionStudents}
    join ${trainings} on ${trainings.promotion_id} = ${promotionStudents.promotion_id}
    join ${evaluations} on ${evaluations.training_id} = ${trainings.id}
    where ${evaluations.subject_id} = ${subjectId}
    union select ${groupStudents.student_id} from ${groupStudents}
    join ${groupSubjects} on ${groupSubjects.group_id} = ${groupStudents.group_id}
    where ${groupSubjects.subject_id} = ${subjectId})`;
  const teachers = sql`(select ${teacherSubjects.teacher_id} from ${teacherSubjects} where ${teacherSubjects.subject_id} = ${subjectId})`;
  return db
    .select({
      id: users.id,
      first_name: users.first_name,
      last_name: users.last_name,
      staff: sql<boolean>`${users.role} <> 'student'`,
    })
    .from(users)
    .where(
      and(
        isNull(users.disabled_at),
        isNull(users.archived_at),
        sql`${users.institution_id} = (select ${subjects.institution_id} from ${subjects} where ${subjects.id} = ${subjectId})`,
        sql`(
          (${users.role} = 'student' and ${users.id} in ${learners})
          or (${users.role} = 'teacher' and ${users.id} in ${teachers})
          or ${users.role} in ('super-teacher', 'admin'))`,
        scope,
      ),
    )
    .orderBy(asc(users.last_name), asc(users.first_name), asc(users.id));
}
