import { roleMay, type subjectBody, type subjectCreate } from '@skolar/shared';
import type { z } from 'zod';
import { archiveEvent, audited, deleteEvent, record } from '../../audit/audit.ts';
import {
  allowedIds,
  can,
  type RowPermissions,
  requireAccess,
  withPermission,
  withPermissions,
} from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { conflict, notFound, validationFailed } from '../../http/errors.ts';
import type { ListQuery } from '../../http/pagination.ts';
import { pageOf } from '../../http/pagination.ts';
import { changes } from '../../http/patch.ts';
import {
  deleteLessonsOfSubjectAlone,
  deleteSubject,
  insertSubject,
  institutionExists,
  linkSubjectToModule,
  listSubjects,
  moduleOffered,
  setSubjectArchived,
  subjectById,
  subjectContent,
  subjectHasEvaluations,
  updateSubject,
} from './subjects.queries.ts';

type Row = Awaited<ReturnType<typeof subjectById>>;
type Body = z.output<typeof subjectBody>;
type CreateBody = z.output<typeof subjectCreate>;

/** A subject with evaluations (and so, maybe, grades) cannot be deleted: it is archived instead. */
const unused = (row: Row, can: RowPermissions) => ({
  ...can,
  delete: can.delete && row.nb_evaluations === 0,
});

/** Subjects in the actor's scope: a teacher's own, the institution's for its staff. */
export async function list(ctx: AppContext, actor: Actor, query: ListQuery) {
  const { rows, total } = await listSubjects(ctx.db, can(actor, 'list', 'subject').where, query);
  return pageOf(query, await withPermissions(ctx.db, actor, 'subject', rows, unused), total);
}

/** Whether the actor may perform the action on the subject (false when the role may not at all). */
async function may(db: DbOrTx, actor: Actor, action: 'assign', id: number) {
  if (!roleMay(actor.role, action, 'subject')) return false;
  return (await allowedIds(db, actor, action, 'subject', [id])).has(id);
}

/** The subject with its modules, teachers and lessons, and what the viewer may do with it. */
export async function read(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'read', 'subject', id);
  const [row, content, assignLessons] = await Promise.all([
    subjectById(ctx.db, id),
    subjectContent(ctx.db, id),
    may(ctx.db, actor, 'assign', id),
  ]);
  const withCan = await withPermission(ctx.db, actor, 'subject', row, unused);
  return {
    ...withCan,
    ...content,
    can: {
      ...withCan.can,
      assign_lessons: assignLessons,
      // Staffing a subject is the teachers' grant (admins and super-teachers), on a subject in scope.
      assign_teachers: assignLessons && roleMay(actor.role, 'assign', 'teacher'),
    },
  };
}

/**
 * The institution a new subject belongs to: the actor's own; the super-admin, who has none, names
 * it. Naming another institution than one's own answers 404, as for any row not in scope.
 */
async function institutionOfNew(db: DbOrTx, actor: Actor, requested: number | undefined) {
  if (actor.institutionId !== null) {
    if (requested !== undefined && requested !== actor.institutionId) throw notFound();
    return actor.institutionId;
  }
  if (requested === undefined) {
    throw validationFailed({ institution_id: ['subjects.validation.institutionRequired'] });
  }
  if (!(await institutionExists(db, requested)))
    throw validationFailed({ institution_id: ['manage.validation.unknownInstitution'] });
  return requested;
}

/** Creates the subject, in the module when one is given (`/:moduleId/subjects/add`). */
export async function create(ctx: AppContext, actor: Actor, body: CreateBody) {
  const { module_id: moduleId, institution_id: requested, ...fields } = body;
  const institutionId = await institutionOfNew(ctx.db, actor, requested);
  if (moduleId !== undefined) {
    await requireAccess(ctx.db, actor, 'assign', 'module', moduleId);
    if (!(await moduleOffered(ctx.db, moduleId, institutionId)))
      throw validationFailed({ module_id: ['subjects.validation.moduleNotOffered'] });
  }
  const id = await ctx.db.transaction(async (tx) => {
    const subjectId = await insertSubject(tx, { ...fields, institution_id: institutionId });
    if (moduleId !== undefined) await linkSubjectToModule(tx, moduleId, subjectId);
    return subjectId;
  });
  return read(ctx, actor, id);
}

/** A partial edit: the fields given change, the others stay (a teacher edits what they teach). */
export async function update(ctx: AppContext, actor: Actor, id: number, body: Partial<Body>) {
  await requireAccess(ctx.db, actor, 'update', 'subject', id);
  const set = changes(body);
  if (set) await updateSubject(ctx.db, id, set);
  return read(ctx, actor, id);
}

export async function setArchived(ctx: AppContext, actor: Actor, id: number, archived: boolean) {
  await requireAccess(ctx.db, actor, 'archive', 'subject', id);
  await audited(ctx, actor, archiveEvent('subject', id, archived), (tx) =>
    setSubjectArchived(tx, id, archived ? ctx.clock.now() : null),
  );
  return read(ctx, actor, id);
}

/**
 * Deletes a subject no evaluation uses (409 otherwise: its grades stay, archive it instead), with
 * the lessons that belong to it alone (their chapters go with them); a lesson shared with another
 * subject stays there. Its links to modules, teachers and groups go with it.
 */
export async function remove(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'delete', 'subject', id);
  await ctx.db.transaction(async (tx) => {
    if (await subjectHasEvaluations(tx, id)) throw conflict('subjects.conflict.inUse');
    await deleteLessonsOfSubjectAlone(tx, id);
    await deleteSubject(tx, id);
    await record(tx, ctx, actor, deleteEvent('subject', id));
  });
}
