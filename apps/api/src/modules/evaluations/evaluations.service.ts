import type { MultipartFile } from '@fastify/multipart';
import {
  type evaluationFields,
  evaluationRuleErrors,
  type newEvaluationBody,
  roleMay,
} from '@skolar/shared';
import type { z } from 'zod';
import { archiveEvent, deleteEvent, record } from '../../audit/audit.ts';
import { can, requireAccess, withPermissions } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { saveUpload } from '../../files/uploads.ts';
import { conflict, notFound, validationFailed } from '../../http/errors.ts';
import type { ListQuery } from '../../http/pagination.ts';
import { pageOf } from '../../http/pagination.ts';
import { notify } from '../../notify/notify.ts';
import { studentsOfTraining } from '../../notify/recipients.queries.ts';
import { localDateTime, zonedInstant } from '../../time.ts';
import {
  deleteEvaluation,
  type EvaluationFilters,
  type EvaluationRow,
  evaluationById,
  hasPublishedResults,
  insertEvaluation,
  institutionZone,
  latestAttemptDeadlines,
  listEvaluations,
  lockSubject,
  subjectInScope,
  trainingsOfSubject,
  updateEvaluation,
  usedHundredths,
} from './evaluations.queries.ts';
import { answersClosedAt, evaluationWindow } from './window.ts';

type Fields = z.output<typeof evaluationFields>;
type NewBody = z.output<typeof newEvaluationBody>;
export type FileSlot = 'document' | 'correction';

/** `HH:MM` of a `time` column (`HH:MM:SS`). */
const hhmm = (time: string | null) => (time === null ? null : time.slice(0, 5));

/** The deadline as the institution's wall clock shows it, `YYYY-MM-DDTHH:MM` (datetime-local). */
const localDeadline = (instant: Date | null, zone: string) =>
  instant === null ? null : localDateTime(instant, zone);

/** Staff (who may read an answer key at all) never take a student's route to a correction. */
const readsAnswers = (actor: Actor) => roleMay(actor.role, 'read', 'question');

/**
 * The evaluations among `rows` whose correction has reached their students by the server's clock:
 * once nothing takes an answer any more (answersClosedAt, decision 173), one query for them all.
 */
export async function releasedCorrections(
  db: DbOrTx,
  rows: readonly EvaluationRow[],
  now: Date,
): Promise<Set<number>> {
  const withCorrection = rows.filter((row) => row.correction_file_id !== null);
  const latest = await latestAttemptDeadlines(
    db,
    withCorrection.map((row) => row.id),
  );
  const released = withCorrection.filter((row) => {
    const window = evaluationWindow(row, row.time_zone);
    return now >= answersClosedAt(row.type, window, latest.get(row.id) ?? null);
  });
  return new Set(released.map((row) => row.id));
}

/**
 * The correction's link: the file itself for those who mark the evaluation (`can.update`,
 * decision 175), a student's own route once it is released, nothing for other staff.
 */
function correctionLinkFor(
  actor: Actor,
  row: EvaluationRow & { can: { update: boolean } },
  released: ReadonlySet<number>,
) {
  if (row.correction_file_id === null) return null;
  if (row.can.update) return `/api/files/${row.correction_file_id}`;
  if (readsAnswers(actor)) return null;
  return released.has(row.id) ? `/api/me/evaluations/${row.id}/correction` : null;
}

/** The corrections released among `rows`, asked only for those who do not read the answers. */
const releasedFor = (db: DbOrTx, actor: Actor, rows: readonly EvaluationRow[], now: Date) =>
  readsAnswers(actor) ? Promise.resolve(new Set<number>()) : releasedCorrections(db, rows, now);

/** The fields every answer about an evaluation shares (evaluationCore), times in the zone. */
export function presentCore(row: EvaluationRow) {
  const window = evaluationWindow(row, row.time_zone);
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    date: row.date,
    start_time: hhmm(row.start_time),
    end_time: hhmm(row.end_time),
    duration_minutes: row.duration_minutes,
    deadline: row.deadline,
    late_until: row.late_until,
    late_penalty: row.late_penalty,
    location: row.location,
    organizer: row.organizer,
    domain: row.domain,
    percentage: row.percentage,
    scale: row.scale,
    has_quiz: row.has_quiz,
    opens_at: window.opensAt,
    closes_at: window.closesAt,
    subject: row.subject,
    training: row.training,
    time_zone: row.time_zone,
  };
}

/** The staff answer (`evaluation`), with what the actor may do with the row. */
function presentStaff(
  row: EvaluationRow & { can: { update: boolean; delete: boolean; archive: boolean } },
  actor: Actor,
  released: ReadonlySet<number>,
) {
  const core = presentCore(row);
  return {
    ...core,
    description: row.description,
    deadline_local: localDeadline(row.deadline, row.time_zone),
    late_until_local: localDeadline(row.late_until, row.time_zone),
    blind_marking: row.blind_marking,
    identities_revealed_at: row.identities_revealed_at,
    second_marking: row.second_marking,
    shuffle: row.shuffle,
    document_link: row.document_file_id === null ? null : `/api/files/${row.document_file_id}`,
    correction_link: correctionLinkFor(actor, row, released),
    question_count: row.question_count,
    archived_at: row.archived_at,
    permissions: withGrade(actor, row.can),
  };
}

/** An evaluation with a history (attempts, hand-ins, grades) is archived, never deleted. */
const deletable = (
  row: EvaluationRow,
  can: { update: boolean; delete: boolean; archive: boolean },
) => ({
  ...can,
  delete: can.delete && !row.in_use,
});

/**
 * The row's permissions with `grade`: its grades are written by those who may change it
 * (`can(…, 'update', 'evaluation')` and `can(…, 'update', 'result')` both narrow to the evaluations
 * the actor marks, decision 175) when their role grades at all.
 */
const withGrade = (actor: Actor, can: { update: boolean; delete: boolean; archive: boolean }) => ({
  ...can,
  grade: can.update && roleMay(actor.role, 'update', 'result'),
});

async function present(ctx: AppContext, actor: Actor, id: number) {
  const [row] = await withPermissions(
    ctx.db,
    actor,
    'evaluation',
    [await evaluationById(ctx.db, id)],
    deletable,
  );
  return presentStaff(row!, actor, await releasedFor(ctx.db, actor, [row!], ctx.clock.now()));
}

/** Evaluations in the actor's scope, with filters; students get theirs (the `/quizz` screen). */
export async function list(
  ctx: AppContext,
  actor: Actor,
  query: ListQuery,
  filters: EvaluationFilters,
) {
  const { rows, total } = await listEvaluations(
    ctx.db,
    can(actor, 'list', 'evaluation').where,
    query,
    filters,
  );
  const [withCan, released] = await Promise.all([
    withPermissions(ctx.db, actor, 'evaluation', rows, deletable),
    releasedFor(ctx.db, actor, rows, ctx.clock.now()),
  ]);
  return pageOf(
    query,
    withCan.map((row) => presentStaff(row, actor, released)),
    total,
  );
}

export async function read(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'read', 'evaluation', id);
  return present(ctx, actor, id);
}

/**
 * A subject the actor may edit (issue 10: a teacher, the subjects they teach; a super-teacher,
 * theirs and those of their promotions' trainings; an admin, the institution's); 404 otherwise.
 */
async function writableSubject(db: DbOrTx, actor: Actor, subjectId: number) {
  const subject = await subjectInScope(db, subjectId, can(actor, 'update', 'subject').where);
  if (!subject) throw notFound();
  return subject;
}

/**
 * The training must contain the subject (spec: no evaluation while the subject is in no
 * training), and the percentages of the subject in it, this one included, at most 100.
 * Called inside the write's transaction, after the subject's row is locked.
 */
async function checkPlace(
  tx: DbOrTx,
  subject: { id: number; institution_id: number },
  trainingId: number,
  percentage: number,
  excludeId?: number,
) {
  const trainings = await trainingsOfSubject(tx, subject.id, subject.institution_id);
  if (trainings.length === 0) {
    throw validationFailed({ subject_id: ['evaluations.validation.subjectHasNoTraining'] });
  }
  if (!trainings.some((training) => training.id === trainingId)) {
    throw validationFailed({ training_id: ['evaluations.validation.trainingOfSubject'] });
  }
  const used = (await usedHundredths(tx, subject.id, [trainingId], excludeId)).get(trainingId) ?? 0;
  if (used + Math.round(percentage * 100) > 100 * 100) {
    throw validationFailed({ percentage: ['evaluations.validation.percentageSum'] });
  }
}

/** The columns of the form's fields: the deadline typed in the zone becomes an instant. */
function columnsOf(fields: Fields, zone: string) {
  const exam = fields.type === 'exam';
  const instant = (local: string | null) =>
    !exam && local ? zonedInstant(local.slice(0, 10), local.slice(11), zone) : null;
  const deadline = instant(fields.deadline);
  const lateUntil = instant(fields.late_until);
  return {
    training_id: fields.training_id,
    type: fields.type,
    title: fields.title,
    description: fields.description,
    date: fields.date,
    start_time: fields.start_time,
    end_time: fields.end_time,
    duration_minutes: exam ? fields.duration_minutes : null,
    deadline,
    late_until: lateUntil,
    late_penalty: lateUntil ? fields.late_penalty : null,
    blind_marking: !exam && fields.blind_marking,
    second_marking: !exam && fields.second_marking,
    location: fields.location,
    organizer: fields.organizer,
    domain: fields.domain,
    percentage: fields.percentage,
    scale: fields.scale,
    has_quiz: exam && fields.has_quiz,
    shuffle: exam && fields.shuffle,
  };
}

/** Creates an evaluation of a subject the actor may edit, in one of the subject's trainings. */
export async function create(ctx: AppContext, actor: Actor, body: NewBody) {
  const { subject_id: subjectId, ...fields } = body;
  const subject = await writableSubject(ctx.db, actor, subjectId);
  const zone = await institutionZone(ctx.db, subject.institution_id);
  const id = await ctx.db.transaction(async (tx) => {
    await lockSubject(tx, subject.id);
    await checkPlace(tx, subject, fields.training_id, fields.percentage);
    const created = await insertEvaluation(tx, {
      ...columnsOf(fields, zone),
      institution_id: subject.institution_id,
      subject_id: subject.id,
    });
    // Whoever creates an evaluation marks it (decision 175): a subject they may edit, placed in
    // a training whose evaluations they do not mark, is refused and nothing stays.
    await requireAccess(tx, actor, 'update', 'evaluation', created);
    await notify(ctx, tx, await studentsOfTraining(tx, fields.training_id), {
      type: 'evaluation_added',
      params: { evaluation: fields.title, subject: subject.name },
      link: `/evaluation-details/${created}`,
      key: `evaluation:${created}`,
    });
    return created;
  });
  return present(ctx, actor, id);
}

/** The stored row as the form's fields, to merge a partial edit into. */
function fieldsOf(row: EvaluationRow): Fields {
  return {
    training_id: row.training.id,
    type: row.type,
    title: row.title,
    description: row.description,
    date: row.date,
    start_time: hhmm(row.start_time),
    end_time: hhmm(row.end_time),
    duration_minutes: row.duration_minutes,
    deadline: localDeadline(row.deadline, row.time_zone),
    late_until: localDeadline(row.late_until, row.time_zone),
    late_penalty: row.late_penalty,
    blind_marking: row.blind_marking,
    second_marking: row.second_marking,
    location: row.location,
    organizer: row.organizer,
    domain: row.domain,
    percentage: row.percentage,
    scale: row.scale,
    has_quiz: row.has_quiz,
    shuffle: row.shuffle,
  };
}

/** Whether the learners' dates changed: the exam's day or hours, the project's deadlines. */
function movedInTime(before: Fields, after: Fields): boolean {
  const keys = ['date', 'start_time', 'end_time', 'deadline', 'late_until'] as const;
  return keys.some((key) => (before[key] ?? null) !== (after[key] ?? null));
}

/**
 * A partial edit: the given fields are merged into the stored ones, the rules across fields are
 * checked on the result (422 per field), then the place and the percentages, under the lock.
 */
export async function update(ctx: AppContext, actor: Actor, id: number, body: Partial<Fields>) {
  await requireAccess(ctx.db, actor, 'update', 'evaluation', id);
  const row = await evaluationById(ctx.db, id);
  const given = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
  const merged: Fields = { ...fieldsOf(row), ...given };
  const errors = evaluationRuleErrors(merged);
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  // Marking turns blind only while no grade is out (decision 196); its students are hidden again.
  const turnsBlind = merged.blind_marking && !row.blind_marking;
  if (turnsBlind && (await hasPublishedResults(ctx.db, id))) {
    throw validationFailed({ blind_marking: ['evaluations.validation.blindAfterRelease'] });
  }
  const subject = { id: row.subject.id, institution_id: row.institution_id };
  await ctx.db.transaction(async (tx) => {
    await lockSubject(tx, subject.id);
    if (row.archived_at === null) {
      await checkPlace(tx, subject, merged.training_id, merged.percentage, id);
    }
    await updateEvaluation(tx, id, {
      ...columnsOf(merged, row.time_zone),
      ...(turnsBlind ? { identities_revealed_at: null } : {}),
    });
    // Moved to another training, it must still be one the actor marks (decision 175).
    await requireAccess(tx, actor, 'update', 'evaluation', id);
    if (row.archived_at === null && movedInTime(fieldsOf(row), merged)) {
      await notify(ctx, tx, await studentsOfTraining(tx, merged.training_id), {
        type: 'evaluation_moved',
        params: { evaluation: merged.title, subject: row.subject.name },
        link: `/evaluation-details/${id}`,
      });
    }
  });
  return present(ctx, actor, id);
}

/** 409 once students have attempts, hand-ins or grades in it: archive it instead. */
export async function remove(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'delete', 'evaluation', id);
  await ctx.db.transaction(async (tx) => {
    const row = await evaluationById(tx, id);
    if (row.in_use) throw conflict('evaluations.conflict.inUse');
    await deleteEvaluation(tx, id);
    await record(tx, ctx, actor, deleteEvent('evaluation', id));
  });
}

/**
 * An archived evaluation leaves the lists and no longer counts in its subject's percentages;
 * bringing it back checks them again (422 when the others now fill the 100 %).
 */
export async function setArchived(ctx: AppContext, actor: Actor, id: number, archived: boolean) {
  await requireAccess(ctx.db, actor, 'archive', 'evaluation', id);
  const row = await evaluationById(ctx.db, id);
  await ctx.db.transaction(async (tx) => {
    if (!archived && row.archived_at !== null) {
      await lockSubject(tx, row.subject.id);
      await checkPlace(
        tx,
        { id: row.subject.id, institution_id: row.institution_id },
        row.training.id,
        row.percentage,
        id,
      );
    }
    await updateEvaluation(tx, id, { archived_at: archived ? ctx.clock.now() : null });
    await record(tx, ctx, actor, archiveEvent('evaluation', id, archived));
  });
  return present(ctx, actor, id);
}

const FILE_COLUMN = { document: 'document_file_id', correction: 'correction_file_id' } as const;

/** Stores the evaluation's document or correction (a PDF, 415 otherwise) and links it. */
export async function setFile(
  ctx: AppContext,
  actor: Actor,
  id: number,
  slot: FileSlot,
  part: MultipartFile,
) {
  await requireAccess(ctx.db, actor, 'update', 'evaluation', id);
  const row = await evaluationById(ctx.db, id);
  await ctx.db.transaction(async (tx) => {
    const saved = await saveUpload(ctx, tx, {
      kind: `evaluation/${slot}`,
      ownerId: actor.userId,
      institutionId: row.institution_id,
      part,
    });
    await updateEvaluation(tx, id, { [FILE_COLUMN[slot]]: saved.id });
  });
  return present(ctx, actor, id);
}

/** Unlinks the document or the correction (the file stays for its uploader). */
export async function clearFile(ctx: AppContext, actor: Actor, id: number, slot: FileSlot) {
  await requireAccess(ctx.db, actor, 'update', 'evaluation', id);
  await updateEvaluation(ctx.db, id, { [FILE_COLUMN[slot]]: null });
  return present(ctx, actor, id);
}

/**
 * The trainings that contain the subject, each with the percentage its evaluations already use
 * (`exclude`: the one being edited): the form's picker and its "x / 100 %" indicator.
 */
export async function budget(ctx: AppContext, actor: Actor, subjectId: number, exclude?: number) {
  const subject = await writableSubject(ctx.db, actor, subjectId);
  const trainings = await trainingsOfSubject(ctx.db, subject.id, subject.institution_id);
  const used = await usedHundredths(
    ctx.db,
    subject.id,
    trainings.map((training) => training.id),
    exclude,
  );
  return {
    trainings: trainings.map((training) => ({
      ...training,
      used: (used.get(training.id) ?? 0) / 100,
    })),
  };
}
