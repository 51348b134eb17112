import type { MultipartFile } from '@fastify/multipart';
import {
  justificationBody,
  justificationDecisionBody,
  justificationListQuery,
  roleMay,
} from '@skolar/shared';
import { record } from '../../audit/audit.ts';
import { can } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { saveUpload } from '../../files/uploads.ts';
import { conflict, fieldErrorsOf, notFound, validationFailed } from '../../http/errors.ts';
import { notify } from '../../notify/notify.ts';
import {
  decideJustification,
  excuseAbsences,
  insertJustification,
  justificationsIn,
  lockJustification,
} from './justifications.queries.ts';

// Justifications of absences (issue 32, decision 199): a learner sends a reason and a document
// for some days; an admin or a super-teacher accepts it, and the learner's absences of those days
// become excused, or refuses it with a note. Decided once.

type Row = Awaited<ReturnType<typeof justificationsIn>>[number];

function present(actor: Actor, row: Row) {
  const j = row.row;
  return {
    id: j.id,
    student: row.student,
    from: j.from_day,
    to: j.to_day,
    reason: j.reason,
    file: { id: j.file_id, name: row.file_name, url: `/api/files/${j.file_id}` },
    status: j.status,
    note: j.note,
    absences: Number(row.absences),
    excused: j.excused,
    submitted_at: j.created_at,
    decided_at: j.decided_at,
    decided_by:
      j.decided_by === null
        ? null
        : { id: j.decided_by, name: `${row.decider_first_name} ${row.decider_last_name}` },
    can: { decide: j.status === 'pending' && roleMay(actor.role, 'update', 'justification') },
  };
}

async function one(db: DbOrTx, actor: Actor, id: number) {
  const [row] = await justificationsIn(db, can(actor, 'read', 'justification').where, { id });
  if (!row) throw notFound();
  return present(actor, row);
}

/**
 * `GET /api/attendance/justifications`: a learner's own, or the institution's for its admins and
 * super-teachers; the pending ones first.
 */
export async function list(ctx: AppContext, actor: Actor, query: unknown) {
  const { status } = justificationListQuery.parse(query);
  const rows = await justificationsIn(ctx.db, can(actor, 'list', 'justification').where, {
    status,
  });
  return { data: rows.map((row) => present(actor, row)) };
}

/** The text of a multipart field sent before the file, if any. */
function fieldOf(part: MultipartFile, name: string): string | undefined {
  const field = part.fields[name];
  const single = Array.isArray(field) ? field[0] : field;
  return single && 'value' in single && typeof single.value === 'string' ? single.value : undefined;
}

/**
 * `POST /api/attendance/justifications` (multipart: `from`, `to`, `reason`, then the document in
 * `file`): a learner justifies their absences of those days; pending until decided.
 */
export async function submit(ctx: AppContext, actor: Actor, part: MultipartFile) {
  const parsed = justificationBody.safeParse({
    from: fieldOf(part, 'from'),
    to: fieldOf(part, 'to'),
    reason: fieldOf(part, 'reason'),
  });
  if (!parsed.success) {
    // The file is not read: drain it so the request ends.
    part.file.resume();
    throw validationFailed(fieldErrorsOf(parsed.error));
  }
  const institutionId = actor.institutionId;
  if (institutionId === null) throw notFound();
  const id = await ctx.db.transaction(async (tx) => {
    const saved = await saveUpload(ctx, tx, {
      kind: 'attendance/justification',
      ownerId: actor.userId,
      institutionId,
      part,
    });
    const now = ctx.clock.now();
    const row = await insertJustification(tx, {
      institution_id: institutionId,
      student_id: actor.userId,
      from_day: parsed.data.from,
      to_day: parsed.data.to,
      reason: parsed.data.reason,
      file_id: saved.id,
      created_at: now,
      updated_at: now,
    });
    return row.id;
  });
  return one(ctx.db, actor, id);
}

/**
 * `POST /api/attendance/justifications/:id/decision`: accepted (the learner's absent lines of
 * those days become excused) or refused, with a note; once (409 after), audited.
 */
export async function decide(ctx: AppContext, actor: Actor, id: number, input: unknown) {
  const body = justificationDecisionBody.parse(input);
  const [seen] = await justificationsIn(ctx.db, can(actor, 'update', 'justification').where, {
    id,
  });
  if (!seen) throw notFound();
  await ctx.db.transaction(async (tx) => {
    const row = (await lockJustification(tx, id))!;
    if (row.status !== 'pending') throw conflict('attendance.justification.decided');
    const now = ctx.clock.now();
    const excused =
      body.status === 'accepted'
        ? await excuseAbsences(tx, {
            institutionId: row.institution_id,
            studentId: row.student_id,
            from: row.from_day,
            to: row.to_day,
            by: actor.userId,
            at: now,
          })
        : [];
    await decideJustification(tx, id, {
      status: body.status,
      note: body.note,
      excused: excused.length,
      decided_by: actor.userId,
      decided_at: now,
      updated_at: now,
    });
    await record(tx, ctx, actor, {
      action: `attendance.justification.${body.status === 'accepted' ? 'accept' : 'refuse'}`,
      entity: 'justification',
      entityId: id,
      institutionId: row.institution_id,
      after: { note: body.note, excused },
    });
    await notify(ctx, tx, [row.student_id], {
      type: body.status === 'accepted' ? 'justification_accepted' : 'justification_refused',
      params: { from: row.from_day, to: row.to_day },
      link: '/check-in',
      key: `justification:${id}`,
    });
  });
  return one(ctx.db, actor, id);
}
