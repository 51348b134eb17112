import { once } from 'node:events';
import type { MultipartFile } from '@fastify/multipart';
import { type ExtensionBody, roleMay } from '@skolar/shared';
import { ZipArchive } from 'archiver';
import type { FastifyBaseLogger } from 'fastify';
import { record } from '../../audit/audit.ts';
import { can } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { blindFileName } from '../../files/names.ts';
import { storageFor } from '../../files/storage.ts';
import { maxBytesOf, readPart, saveFile } from '../../files/uploads.ts';
import { conflict, notFound, validationFailed } from '../../http/errors.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { notify } from '../../notify/notify.ts';
import { teachersOfSubject } from '../../notify/recipients.queries.ts';
import { localDateTime, zonedInstant, zonedTimestamp } from '../../time.ts';
import {
  type IdentityMask,
  identityMask,
  inMarkingOrder,
  resolveStudent,
} from '../evaluations/blind.ts';
import { assertWithinQuota, quotaOf } from '../evaluations/hand-in-quota.ts';
import { evaluationWindow, isOpen, ownWindow } from '../evaluations/window.ts';
import {
  deleteExtension,
  evaluationInScope,
  extensionOf,
  extensionsOf,
  handInUsage,
  insertSubmission,
  latestSubmissions,
  lockHandIns,
  mailRecipient,
  nextVersion,
  promotionGroups,
  rosterPeople,
  setExtension,
  versionsOf,
} from './projects.queries.ts';
import { zipEntryName, zipName } from './zip-names.ts';

type Project = NonNullable<Awaited<ReturnType<typeof evaluationInScope>>>;

/**
 * The project as the actor may `read` it (a student handing in) or mark it (`update`: the staff's
 * roster, versions and zip, decision 175); 404 outside that scope (another institution too).
 */
async function projectFor(
  ctx: AppContext,
  actor: Actor,
  id: number,
  action: 'read' | 'update' = 'read',
): Promise<Project> {
  const row = await evaluationInScope(ctx.db, id, can(actor, action, 'evaluation').where);
  if (!row) throw notFound();
  return row;
}

/**
 * 409 unless the project takes hand-ins at `now` (server clock): an exam never does, a project
 * from its opening until its deadline, or the student's own (`extension`, decision 192), or its
 * cut-off for late hand-ins when it has one (decision 195); the closing instant itself is too
 * late. Answers the student's window (`dueAt`: from when a hand-in is late).
 */
function assertOpen(project: Project, now: Date, extension?: { deadline: Date }) {
  if (project.type !== 'project') throw conflict('projects.notAProject');
  const window = ownWindow(
    evaluationWindow(project, project.timezone),
    extension,
    project.timezone,
  );
  if (now.getTime() < window.opensAt.getTime()) throw conflict('projects.notOpenYet');
  if (!isOpen(window, now)) throw conflict('projects.closed');
  return window;
}

/**
 * A student hands in a file: checked against the window and the quota before the bytes are read,
 * then, under the pair's lock, against the window at the instant the server has them all (the
 * receipt's time) and against the quota with this file's size, before anything is stored
 * (decisions: quotas of issue 28). Stored with its SHA-256 as a new version (every earlier one
 * kept), and the receipt mailed in the same transaction: one mail per version, which the quota
 * (20 versions) and the upload rate limit bound.
 */
export async function handIn(ctx: AppContext, actor: Actor, id: number, part: MultipartFile) {
  const project = await projectFor(ctx, actor, id);
  const extension = await extensionOf(ctx.db, project.id, actor.userId);
  assertOpen(project, ctx.clock.now(), extension);
  assertWithinQuota(await handInUsage(ctx.db, project.id, actor.userId), 0);
  const bytes = await readPart(part, maxBytesOf('submission'));
  return ctx.db.transaction(async (tx) => {
    const submittedAt = ctx.clock.now();
    const window = assertOpen(
      project,
      submittedAt,
      await extensionOf(tx, project.id, actor.userId),
    );
    await lockHandIns(tx, project.id, actor.userId);
    // A hand-in is stored byte for byte: its size now is the size it is stored with.
    const usage = await handInUsage(tx, project.id, actor.userId);
    assertWithinQuota(usage, bytes.length);
    const file = await saveFile(ctx, tx, {
      kind: 'submission',
      ownerId: actor.userId,
      institutionId: project.institution_id,
      bytes,
      filename: part.filename,
    });
    const version = await nextVersion(tx, project.id, actor.userId);
    const submissionId = await insertSubmission(tx, {
      evaluation_id: project.id,
      student_id: actor.userId,
      file_id: file.id,
      submitted_at: submittedAt,
      version,
      created_at: submittedAt,
      updated_at: submittedAt,
    });
    const receipt = {
      id: submissionId,
      version,
      submitted_at: submittedAt,
      file_name: file.name,
      mime: file.mime,
      size: file.size,
      sha256: file.sha256,
      file_link: file.url,
      late_minutes: Math.max(
        0,
        Math.ceil((submittedAt.getTime() - window.dueAt.getTime()) / 60_000),
      ),
      quota: quotaOf({ versions: usage.versions + 1, bytes: usage.bytes + file.size }),
    };
    await mailReceipt(ctx, tx, actor, project, receipt);
    await tellMarkers(ctx, tx, actor, project);
    return receipt;
  });
}

/**
 * The receipt by mail, in the student's language with the time in the institution's zone. It is
 * sent whatever the student's notification settings: a receipt is proof, not a notification
 * (decisions.md, 50).
 */
async function mailReceipt(
  ctx: AppContext,
  tx: DbOrTx,
  actor: Actor,
  project: Project,
  receipt: { version: number; submitted_at: Date; file_name: string; size: number; sha256: string },
) {
  const student = await mailRecipient(tx, actor.userId);
  if (!student) return;
  await enqueueMail(tx, {
    at: receipt.submitted_at,
    to: student.email,
    template: 'submission-receipt',
    locale: student.locale,
    payload: {
      first_name: student.first_name,
      evaluation_title: project.title,
      file_name: receipt.file_name,
      size: receipt.size,
      version: receipt.version,
      sha256: receipt.sha256,
      submitted_at: zonedTimestamp(receipt.submitted_at, project.timezone, student.locale),
      link: new URL(`/evaluation-details/${project.id}`, ctx.config.PUBLIC_URL).toString(),
      institution_name: project.institution_name,
      color_code: project.color_code,
    },
  });
}

/**
 * Tells the subject's teachers that the student handed in (decision 200), once per student and
 * project (later versions do not repeat it), by participant number while marking is blind.
 */
async function tellMarkers(ctx: AppContext, tx: DbOrTx, actor: Actor, project: Project) {
  const mask = await identityMask(tx, project, [actor.userId]);
  const student = await mailRecipient(tx, actor.userId);
  if (!student) return;
  await notify(ctx, tx, await teachersOfSubject(tx, project.subject_id), {
    type: 'submission_received',
    params: {
      student: mask.blind
        ? `#${mask.label(actor.userId)}`
        : `${student.first_name} ${student.last_name}`,
      evaluation: project.title,
    },
    link: `/marking/${project.id}`,
    key: `submission:${project.id}:${actor.userId}`,
  });
}

/** A receipt as a blind marker reads it: the file named after the participant, not the student. */
function maskReceipt<R extends { version: number; file_name: string }>(
  mask: IdentityMask,
  studentId: number,
  receipt: R,
): R {
  return mask.blind
    ? {
        ...receipt,
        file_name: blindFileName(mask.label(studentId), receipt.version, receipt.file_name),
      }
    : receipt;
}

/** Every student of the project's promotion, with their latest version and how many they sent. */
export async function roster(ctx: AppContext, actor: Actor, id: number) {
  const project = await projectFor(ctx, actor, id, 'update');
  const where = can(actor, 'list', 'submission').where;
  const [people, latest, extensions, groups] = await Promise.all([
    rosterPeople(ctx.db, project.id, project.promotion_id),
    latestSubmissions(ctx.db, project.id, where),
    extensionsOf(ctx.db, project.id),
    promotionGroups(ctx.db, project.promotion_id),
  ]);
  const byStudent = new Map(latest.map((row) => [row.student_id, row]));
  const extensionBy = new Map(
    extensions.map(({ student_id, ...extension }) => [
      student_id,
      { ...extension, deadline_local: localDateTime(extension.deadline, project.timezone) },
    ]),
  );
  // Blind marking: participant numbers for names, neutral file names, no groups (decision 196).
  const mask = await identityMask(
    ctx.db,
    project,
    people.map((person) => person.id),
  );
  return {
    blind: mask.blind,
    data: inMarkingOrder(
      mask,
      people.map((person) => {
        const student = mask.person(person);
        const row = byStudent.get(person.id);
        const extension = extensionBy.get(person.id) ?? null;
        if (!row) return { student, latest: null, versions: 0, extension };
        const { student_id: _student, versions, storage_key: _key, ...receipt } = row;
        return { student, latest: maskReceipt(mask, person.id, receipt), versions, extension };
      }),
    ),
    groups: mask.blind
      ? []
      : groups.map((group) => ({
          id: group.id,
          name: group.name,
          student_ids: group.student_ids.map(Number),
        })),
  };
}

/**
 * One student's own deadline at a project (decision 192), for those who mark it (`assign` on the
 * evaluation, as extra time at an exam): later than the project's (422 otherwise), with a reason,
 * replacing any given before; audited with what it replaced. 404 for a student not on the roster.
 */
export async function extend(
  ctx: AppContext,
  actor: Actor,
  id: number,
  participant: number,
  body: ExtensionBody,
) {
  const { project, studentId } = await extendable(ctx, actor, id, participant);
  const deadline = ownDeadline(project, body);
  await ctx.db.transaction(async (tx) => {
    const before = await setExtension(
      tx,
      { evaluationId: project.id, studentId, deadline, reason: body.reason, by: actor.userId },
      ctx.clock.now(),
    );
    await record(tx, ctx, actor, {
      action: 'extension.grant',
      entity: 'evaluation',
      entityId: project.id,
      institutionId: project.institution_id,
      before: before ? { student_id: studentId, ...before } : null,
      after: { student_id: studentId, deadline, reason: body.reason },
    });
  });
  return {
    deadline,
    deadline_local: localDateTime(deadline, project.timezone),
    reason: body.reason,
  };
}

/** The deadline typed (the institution's wall clock) as an instant, later than the project's. */
function ownDeadline(project: Project, body: ExtensionBody) {
  const deadline = zonedInstant(
    body.deadline.slice(0, 10),
    body.deadline.slice(11),
    project.timezone,
  );
  const common = evaluationWindow(project, project.timezone).dueAt;
  if (deadline <= common) throw validationFailed({ deadline: ['projects.extensionBefore'] });
  return deadline;
}

/**
 * The same own deadline for every student of one group of the project's promotion (issue 31): each
 * gets theirs, replacing any before, in one transaction, with one audit row naming the group and
 * its students. 404 for a group of another promotion; 422 for an empty group.
 */
export async function extendGroup(
  ctx: AppContext,
  actor: Actor,
  id: number,
  groupId: number,
  body: ExtensionBody,
) {
  const project = await projectFor(ctx, actor, id, 'update');
  if (project.type !== 'project') throw validationFailed({ _: ['projects.notAProject'] });
  const group = (await promotionGroups(ctx.db, project.promotion_id)).find(
    (row) => row.id === groupId,
  );
  if (!group) throw notFound();
  const studentIds = group.student_ids.map(Number);
  if (studentIds.length === 0) throw validationFailed({ group: ['projects.emptyGroup'] });
  const deadline = ownDeadline(project, body);
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    for (const studentId of studentIds)
      await setExtension(
        tx,
        { evaluationId: project.id, studentId, deadline, reason: body.reason, by: actor.userId },
        now,
      );
    await record(tx, ctx, actor, {
      action: 'extension.grant',
      entity: 'evaluation',
      entityId: project.id,
      institutionId: project.institution_id,
      after: { group_id: group.id, student_ids: studentIds, deadline, reason: body.reason },
    });
  });
  return {
    students: studentIds.length,
    deadline,
    deadline_local: localDateTime(deadline, project.timezone),
    reason: body.reason,
  };
}

/** Takes a student's own deadline back: they hand in until the project's again. */
export async function unextend(ctx: AppContext, actor: Actor, id: number, participant: number) {
  const { project, studentId } = await extendable(ctx, actor, id, participant);
  await ctx.db.transaction(async (tx) => {
    const removed = await deleteExtension(tx, project.id, studentId);
    if (!removed) return;
    await record(tx, ctx, actor, {
      action: 'extension.remove',
      entity: 'evaluation',
      entityId: project.id,
      institutionId: project.institution_id,
      before: { student_id: studentId, ...removed },
    });
  });
}

/**
 * A project the actor marks and a student of its roster (404 otherwise), named by their
 * participant number while the project is marked blind (decision 196).
 */
async function extendable(ctx: AppContext, actor: Actor, id: number, participant: number) {
  const project = await projectFor(ctx, actor, id, 'update');
  if (project.type !== 'project') throw validationFailed({ _: ['projects.notAProject'] });
  const studentId = await resolveStudent(ctx.db, project, participant);
  const people = await rosterPeople(ctx.db, project.id, project.promotion_id);
  if (!people.some((person) => person.id === studentId)) throw notFound();
  return { project, studentId };
}

/** Every version one student handed in, the latest first; 404 for someone not on the roster. */
export async function studentVersions(
  ctx: AppContext,
  actor: Actor,
  id: number,
  participant: number,
) {
  // Who hands in reads their own versions; staff, those of the projects they mark (by the
  // student's participant number while it is marked blind, decision 196).
  const handsIn = roleMay(actor.role, 'create', 'submission');
  const project = await projectFor(ctx, actor, id, handsIn ? 'read' : 'update');
  const studentId = handsIn ? participant : await resolveStudent(ctx.db, project, participant);
  if (handsIn && studentId !== actor.userId) throw notFound();
  const people = await rosterPeople(ctx.db, project.id, project.promotion_id);
  if (!people.some((person) => person.id === studentId)) throw notFound();
  const data = await versionsOf(
    ctx.db,
    project.id,
    studentId,
    can(actor, 'read', 'submission').where,
  );
  const mask = handsIn ? null : await identityMask(ctx.db, project, [studentId]);
  return { data: mask ? data.map((row) => maskReceipt(mask, studentId, row)) : data };
}

/**
 * The latest version of every student as one zip, streamed: entries are fetched from storage one
 * at a time, each only once the archive has taken the previous one, so the server holds one file
 * and never the archive (decisions.md, 51). An evaluation with no hand-in gives an empty zip.
 */
export async function latestAsZip(
  ctx: AppContext,
  actor: Actor,
  id: number,
  log: FastifyBaseLogger,
) {
  const project = await projectFor(ctx, actor, id, 'update');
  const where = can(actor, 'list', 'submission').where;
  const [people, latest] = await Promise.all([
    rosterPeople(ctx.db, project.id, project.promotion_id),
    latestSubmissions(ctx.db, project.id, where),
  ]);
  const names = new Map(people.map((person) => [person.id, person]));
  const mask = await identityMask(
    ctx.db,
    project,
    latest.map((row) => row.student_id),
  );
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const storage = storageFor(ctx.config);
  const fill = async () => {
    for (const row of latest) {
      const bytes = await storage.get(row.storage_key);
      if (!bytes) {
        log.warn({ submission: row.id }, 'submission file missing from storage');
        continue;
      }
      const person = names.get(row.student_id);
      const entry = once(archive, 'entry');
      archive.append(bytes, {
        name: mask.blind
          ? blindFileName(mask.label(row.student_id), row.version, row.file_name)
          : zipEntryName(person ?? { id: row.student_id }, row.version, row.file_name),
        date: row.submitted_at,
      });
      await entry;
    }
    await archive.finalize();
  };
  fill().catch((error: unknown) => {
    log.error({ err: error }, 'submissions zip failed');
    archive.destroy(error as Error);
  });
  return { archive, fileName: zipName(project.title, project.id) };
}
