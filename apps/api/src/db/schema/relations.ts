import { relations } from 'drizzle-orm';
import { auditLog } from './audit.ts';
import { oneTimeTokens, sessions } from './auth.ts';
import { events } from './calendar.ts';
import { contactRequests } from './contact.ts';
import { answers, attempts, evaluations, questions, submissions } from './evaluations.ts';
import { files } from './files.ts';
import { groupStudents, groupSubjects, groups } from './groups.ts';
import { institutions } from './institutions.ts';
import { chapters, lessons, subjectLessons } from './lessons.ts';
import { institutionModules, modules } from './modules.ts';
import { institutionPrograms, programs } from './programs.ts';
import { promotionStudents, promotions, promotionTeachers } from './promotions.ts';
import { resources } from './resources.ts';
import { gradeChanges, results } from './results.ts';
import { episodes, seminars } from './seminars.ts';
import { moduleSubjects, subjects, teacherSubjects } from './subjects.ts';
import { trainingModules, trainings } from './trainings.ts';
import { users } from './users.ts';

// Relations for `db.query.<table>.findMany({ with: … })`. They add no SQL constraint.

export const institutionsRelations = relations(institutions, ({ many }) => ({
  users: many(users),
  institutionPrograms: many(institutionPrograms),
  institutionModules: many(institutionModules),
  promotions: many(promotions),
  trainings: many(trainings),
  subjects: many(subjects),
  lessons: many(lessons),
  seminars: many(seminars),
  groups: many(groups),
  evaluations: many(evaluations),
  events: many(events),
}));

export const usersRelations = relations(users, ({ one, many }) => ({
  institution: one(institutions, {
    fields: [users.institution_id],
    references: [institutions.id],
  }),
  sessions: many(sessions),
  oneTimeTokens: many(oneTimeTokens),
  promotionStudents: many(promotionStudents),
  promotionTeachers: many(promotionTeachers),
  groupStudents: many(groupStudents),
  teacherSubjects: many(teacherSubjects),
  results: many(results, { relationName: 'result_student' }),
  attempts: many(attempts),
  submissions: many(submissions),
  events: many(events),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.user_id], references: [users.id] }),
}));

export const oneTimeTokensRelations = relations(oneTimeTokens, ({ one }) => ({
  user: one(users, { fields: [oneTimeTokens.user_id], references: [users.id] }),
}));

export const programsRelations = relations(programs, ({ many }) => ({
  institutionPrograms: many(institutionPrograms),
  promotions: many(promotions),
}));

export const institutionProgramsRelations = relations(institutionPrograms, ({ one }) => ({
  institution: one(institutions, {
    fields: [institutionPrograms.institution_id],
    references: [institutions.id],
  }),
  program: one(programs, { fields: [institutionPrograms.program_id], references: [programs.id] }),
}));

export const modulesRelations = relations(modules, ({ many }) => ({
  institutionModules: many(institutionModules),
  trainingModules: many(trainingModules),
  moduleSubjects: many(moduleSubjects),
}));

export const institutionModulesRelations = relations(institutionModules, ({ one }) => ({
  institution: one(institutions, {
    fields: [institutionModules.institution_id],
    references: [institutions.id],
  }),
  module: one(modules, { fields: [institutionModules.module_id], references: [modules.id] }),
}));

export const promotionsRelations = relations(promotions, ({ one, many }) => ({
  institution: one(institutions, {
    fields: [promotions.institution_id],
    references: [institutions.id],
  }),
  program: one(programs, { fields: [promotions.program_id], references: [programs.id] }),
  students: many(promotionStudents),
  teachers: many(promotionTeachers),
  trainings: many(trainings),
  groups: many(groups),
  seminars: many(seminars),
}));

export const promotionStudentsRelations = relations(promotionStudents, ({ one }) => ({
  promotion: one(promotions, {
    fields: [promotionStudents.promotion_id],
    references: [promotions.id],
  }),
  student: one(users, { fields: [promotionStudents.student_id], references: [users.id] }),
}));

export const promotionTeachersRelations = relations(promotionTeachers, ({ one }) => ({
  promotion: one(promotions, {
    fields: [promotionTeachers.promotion_id],
    references: [promotions.id],
  }),
  teacher: one(users, { fields: [promotionTeachers.teacher_id], references: [users.id] }),
}));

export const trainingsRelations = relations(trainings, ({ one, many }) => ({
  institution: one(institutions, {
    fields: [trainings.institution_id],
    references: [institutions.id],
  }),
  promotion: one(promotions, { fields: [trainings.promotion_id], references: [promotions.id] }),
  trainingModules: many(trainingModules),
  evaluations: many(evaluations),
}));

export const trainingModulesRelations = relations(trainingModules, ({ one }) => ({
  training: one(trainings, { fields: [trainingModules.training_id], references: [trainings.id] }),
  module: one(modules, { fields: [trainingModules.module_id], references: [modules.id] }),
}));

export const groupsRelations = relations(groups, ({ one, many }) => ({
  institution: one(institutions, {
    fields: [groups.institution_id],
    references: [institutions.id],
  }),
  promotion: one(promotions, { fields: [groups.promotion_id], references: [promotions.id] }),
  students: many(groupStudents),
  subjects: many(groupSubjects),
}));

export const groupStudentsRelations = relations(groupStudents, ({ one }) => ({
  group: one(groups, { fields: [groupStudents.group_id], references: [groups.id] }),
  student: one(users, { fields: [groupStudents.student_id], references: [users.id] }),
}));

export const groupSubjectsRelations = relations(groupSubjects, ({ one }) => ({
  group: one(groups, { fields: [groupSubjects.group_id], references: [groups.id] }),
  subject: one(subjects, { fields: [groupSubjects.subject_id], references: [subjects.id] }),
}));

export const subjectsRelations = relations(subjects, ({ one, many }) => ({
  institution: one(institutions, {
    fields: [subjects.institution_id],
    references: [institutions.id],
  }),
  moduleSubjects: many(moduleSubjects),
  teacherSubjects: many(teacherSubjects),
  subjectLessons: many(subjectLessons),
  groupSubjects: many(groupSubjects),
  evaluations: many(evaluations),
}));

export const moduleSubjectsRelations = relations(moduleSubjects, ({ one }) => ({
  module: one(modules, { fields: [moduleSubjects.module_id], references: [modules.id] }),
  subject: one(subjects, { fields: [moduleSubjects.subject_id], references: [subjects.id] }),
}));

export const teacherSubjectsRelations = relations(teacherSubjects, ({ one }) => ({
  teacher: one(users, { fields: [teacherSubjects.teacher_id], references: [users.id] }),
  subject: one(subjects, { fields: [teacherSubjects.subject_id], references: [subjects.id] }),
}));

export const lessonsRelations = relations(lessons, ({ one, many }) => ({
  institution: one(institutions, {
    fields: [lessons.institution_id],
    references: [institutions.id],
  }),
  subjectLessons: many(subjectLessons),
  chapters: many(chapters),
}));

export const subjectLessonsRelations = relations(subjectLessons, ({ one }) => ({
  subject: one(subjects, { fields: [subjectLessons.subject_id], references: [subjects.id] }),
  lesson: one(lessons, { fields: [subjectLessons.lesson_id], references: [lessons.id] }),
}));

export const chaptersRelations = relations(chapters, ({ one, many }) => ({
  lesson: one(lessons, { fields: [chapters.lesson_id], references: [lessons.id] }),
  resources: many(resources),
}));

export const seminarsRelations = relations(seminars, ({ one, many }) => ({
  institution: one(institutions, {
    fields: [seminars.institution_id],
    references: [institutions.id],
  }),
  promotion: one(promotions, { fields: [seminars.promotion_id], references: [promotions.id] }),
  syllabus: one(files, { fields: [seminars.syllabus_file_id], references: [files.id] }),
  episodes: many(episodes),
}));

export const episodesRelations = relations(episodes, ({ one, many }) => ({
  seminar: one(seminars, { fields: [episodes.seminar_id], references: [seminars.id] }),
  resources: many(resources),
}));

export const resourcesRelations = relations(resources, ({ one }) => ({
  chapter: one(chapters, { fields: [resources.chapter_id], references: [chapters.id] }),
  episode: one(episodes, { fields: [resources.episode_id], references: [episodes.id] }),
  file: one(files, { fields: [resources.file_id], references: [files.id] }),
}));

export const filesRelations = relations(files, ({ one }) => ({
  owner: one(users, { fields: [files.owner_id], references: [users.id] }),
  institution: one(institutions, { fields: [files.institution_id], references: [institutions.id] }),
}));

export const evaluationsRelations = relations(evaluations, ({ one, many }) => ({
  institution: one(institutions, {
    fields: [evaluations.institution_id],
    references: [institutions.id],
  }),
  subject: one(subjects, { fields: [evaluations.subject_id], references: [subjects.id] }),
  training: one(trainings, { fields: [evaluations.training_id], references: [trainings.id] }),
  document: one(files, {
    fields: [evaluations.document_file_id],
    references: [files.id],
    relationName: 'evaluation_document',
  }),
  correction: one(files, {
    fields: [evaluations.correction_file_id],
    references: [files.id],
    relationName: 'evaluation_correction',
  }),
  questions: many(questions),
  attempts: many(attempts),
  submissions: many(submissions),
  results: many(results),
}));

export const questionsRelations = relations(questions, ({ one, many }) => ({
  evaluation: one(evaluations, {
    fields: [questions.evaluation_id],
    references: [evaluations.id],
  }),
  answers: many(answers),
}));

export const attemptsRelations = relations(attempts, ({ one, many }) => ({
  evaluation: one(evaluations, { fields: [attempts.evaluation_id], references: [evaluations.id] }),
  student: one(users, { fields: [attempts.student_id], references: [users.id] }),
  answers: many(answers),
}));

export const answersRelations = relations(answers, ({ one }) => ({
  attempt: one(attempts, { fields: [answers.attempt_id], references: [attempts.id] }),
  question: one(questions, { fields: [answers.question_id], references: [questions.id] }),
}));

export const submissionsRelations = relations(submissions, ({ one }) => ({
  evaluation: one(evaluations, {
    fields: [submissions.evaluation_id],
    references: [evaluations.id],
  }),
  student: one(users, { fields: [submissions.student_id], references: [users.id] }),
  file: one(files, { fields: [submissions.file_id], references: [files.id] }),
}));

export const resultsRelations = relations(results, ({ one, many }) => ({
  evaluation: one(evaluations, { fields: [results.evaluation_id], references: [evaluations.id] }),
  student: one(users, {
    fields: [results.student_id],
    references: [users.id],
    relationName: 'result_student',
  }),
  grader: one(users, {
    fields: [results.graded_by],
    references: [users.id],
    relationName: 'result_grader',
  }),
  changes: many(gradeChanges),
}));

export const gradeChangesRelations = relations(gradeChanges, ({ one }) => ({
  result: one(results, { fields: [gradeChanges.result_id], references: [results.id] }),
  changedBy: one(users, { fields: [gradeChanges.changed_by], references: [users.id] }),
}));

export const eventsRelations = relations(events, ({ one }) => ({
  institution: one(institutions, {
    fields: [events.institution_id],
    references: [institutions.id],
  }),
  owner: one(users, { fields: [events.owner_id], references: [users.id] }),
}));

export const contactRequestsRelations = relations(contactRequests, ({ one }) => ({
  user: one(users, { fields: [contactRequests.user_id], references: [users.id] }),
  institution: one(institutions, {
    fields: [contactRequests.institution_id],
    references: [institutions.id],
  }),
}));

export const auditLogRelations = relations(auditLog, ({ one }) => ({
  actor: one(users, { fields: [auditLog.actor_id], references: [users.id] }),
}));
