import { randomBytes } from 'node:crypto';
import type { RubricBody } from '@skolar/shared';
import { rubricBody } from '@skolar/shared';
import { record } from '../../audit/audit.ts';
import { bankSubjectScope, can } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { StoredCriterion } from '../../db/schema/index.ts';
import { notFound, validationFailed } from '../../http/errors.ts';
import { evaluationFor } from '../results/results.service.ts';
import {
  archiveRubric,
  deleteEvaluationRubric,
  insertLibraryRubric,
  libraryOf,
  libraryRubric,
  type RubricRow,
  subjectIn,
  upsertEvaluationRubric,
} from './marking.queries.ts';

const newId = () => `c${randomBytes(6).toString('base64url')}`;
const round2 = (value: number) => Math.round(value * 100) / 100;

type ParsedRubric = ReturnType<typeof rubricBody.parse>;

/**
 * The criteria as they are kept: every criterion and level with an id (the browser's, or a new
 * one), a rubric's levels from the fewest points up and its maximum its best level, a guide
 * without levels. 422 when two parts share an id.
 */
function storedCriteria(body: ParsedRubric): StoredCriterion[] {
  const seen = new Set<string>();
  const errors: Record<string, string[]> = {};
  const idOf = (given: string | undefined, path: string) => {
    const value = given ?? newId();
    if (seen.has(value)) errors[path] = ['marking.validation.id'];
    seen.add(value);
    return value;
  };
  const criteria = body.criteria.map((criterion, index) => {
    const levels =
      body.kind === 'rubric'
        ? criterion.levels
            .map((level, at) => ({
              id: idOf(level.id, `criteria.${index}.levels.${at}.id`),
              title: level.title,
              description: level.description,
              points: level.points,
            }))
            .sort((a, b) => a.points - b.points)
        : [];
    return {
      id: idOf(criterion.id, `criteria.${index}.id`),
      title: criterion.title,
      description: criterion.description,
      max_points:
        body.kind === 'rubric'
          ? Math.max(...levels.map((level) => level.points))
          : (criterion.max_points ?? 0),
      levels,
    };
  });
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  if (criteria.every((criterion) => criterion.max_points <= 0))
    throw validationFailed({ criteria: ['marking.validation.noPoints'] });
  return criteria;
}

/** A rubric as the API answers it, with the points that give the full scale. */
export function rubricAnswer(row: RubricRow) {
  return {
    id: row.id,
    kind: row.kind as 'rubric' | 'guide',
    title: row.title,
    criteria: row.criteria,
    max_points: round2(row.criteria.reduce((sum, criterion) => sum + criterion.max_points, 0)),
    version: row.version,
    updated_at: row.updated_at,
  };
}

/**
 * Sets the rubric or guide an evaluation is marked with (those who mark it): a new one, or the next
 * version of its own. The sheets already filled keep the criteria they were filled against.
 */
export async function setEvaluationRubric(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: RubricBody,
) {
  const evaluation = await evaluationFor(ctx.db, actor, id);
  const parsed = rubricBody.parse(body);
  const criteria = storedCriteria(parsed);
  const row = await ctx.db.transaction((tx) =>
    upsertEvaluationRubric(
      tx,
      {
        institution_id: evaluation.institution_id,
        subject_id: evaluation.subject.id,
        evaluation_id: evaluation.id,
        kind: parsed.kind,
        title: parsed.title,
        criteria,
        created_by: actor.userId,
      },
      ctx.clock.now(),
    ),
  );
  return rubricAnswer(row);
}

/** Marks the evaluation without a rubric again; 404 when it had none. */
export async function removeEvaluationRubric(ctx: AppContext, actor: Actor, id: number) {
  const evaluation = await evaluationFor(ctx.db, actor, id);
  if (!(await deleteEvaluationRubric(ctx.db, evaluation.id))) throw notFound();
}

async function librarySubject(ctx: AppContext, actor: Actor, subjectId: number) {
  const subject = await subjectIn(ctx.db, subjectId, bankSubjectScope(actor));
  if (!subject) throw notFound();
  return subject;
}

/** A subject's library of rubrics and guides (those who set its evaluations). */
export async function library(ctx: AppContext, actor: Actor, subjectId: number) {
  const subject = await librarySubject(ctx, actor, subjectId);
  const rows = await libraryOf(ctx.db, subject.id, can(actor, 'list', 'rubric').where);
  return { data: rows.map(rubricAnswer) };
}

/** Keeps a rubric in a subject's library, to start other evaluations' rubrics from. */
export async function addToLibrary(
  ctx: AppContext,
  actor: Actor,
  subjectId: number,
  body: RubricBody,
) {
  const subject = await librarySubject(ctx, actor, subjectId);
  const parsed = rubricBody.parse(body);
  const row = await insertLibraryRubric(
    ctx.db,
    {
      institution_id: subject.institution_id,
      subject_id: subject.id,
      kind: parsed.kind,
      title: parsed.title,
      criteria: storedCriteria(parsed),
      created_by: actor.userId,
    },
    ctx.clock.now(),
  );
  return rubricAnswer(row);
}

/** Takes a rubric out of its library (audited); the evaluations that copied it keep theirs. */
export async function archiveFromLibrary(ctx: AppContext, actor: Actor, id: number) {
  const row = await libraryRubric(ctx.db, id, can(actor, 'archive', 'rubric').where);
  if (!row) throw notFound();
  await ctx.db.transaction(async (tx) => {
    await archiveRubric(tx, row.id, ctx.clock.now());
    await record(tx, ctx, actor, {
      action: 'archive',
      entity: 'rubric',
      entityId: row.id,
      institutionId: row.institution_id,
      before: { title: row.title, subject_id: row.subject_id },
    });
  });
}
