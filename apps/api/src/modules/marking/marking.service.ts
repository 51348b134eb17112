import type { AgreementBody, GradeEntry, MarkingBody } from '@skolar/shared';
import { agreementBody, latePenalty, markingBody, penalizedGrade } from '@skolar/shared';
import { can } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { StoredCriterion, StoredScore } from '../../db/schema/index.ts';
import { blindFileName } from '../../files/names.ts';
import { conflict, type FieldErrors, notFound, validationFailed } from '../../http/errors.ts';
import { translate } from '../../i18n/messages.ts';
import { identityMask, inMarkingOrder, resolveStudent } from '../evaluations/blind.ts';
import { extensionsOf, latestSubmissions } from '../projects/projects.queries.ts';
import { applyGrades } from '../results/grades.ts';
import { enrolledInTraining, lockResultLines } from '../results/results.queries.ts';
import { evaluationFor, grid } from '../results/results.service.ts';
import {
  groupMemberships,
  latestLateMinutes,
  lockProposals,
  ownResult,
  proposalsOf,
  rubricOf,
  type SheetRow,
  sheetsOf,
  upsertProposal,
  upsertSheet,
} from './marking.queries.ts';
import { rubricAnswer } from './rubrics.service.ts';

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * What a sheet's scores give (issue 31, decision 193): each criterion's points (a rubric's chosen
 * level, a guide's points up to its maximum), their sum, and, once every criterion is scored, the
 * grade on the evaluation's scale: points over the criteria's maxima, two decimals (Moodle's
 * rubric and guide with their lowest grade locked at zero). 422 per score for an unknown
 * criterion or level, a criterion scored twice, or points beyond a guide's maximum.
 */
function scoreSheet(
  kind: 'rubric' | 'guide',
  criteria: readonly StoredCriterion[],
  given: MarkingBody['scores'],
  scale: number,
) {
  const errors: FieldErrors = {};
  const byId = new Map(criteria.map((criterion) => [criterion.id, criterion]));
  const scored = new Map<string, StoredScore>();
  (given ?? []).forEach((score, index) => {
    const criterion = byId.get(score.criterion_id);
    if (!criterion || scored.has(score.criterion_id)) {
      errors[`scores.${index}.criterion_id`] = ['marking.validation.criterion'];
      return;
    }
    let points: number | null = null;
    let levelId: string | null = null;
    if (kind === 'rubric') {
      if (score.level_id) {
        const level = criterion.levels.find((candidate) => candidate.id === score.level_id);
        if (!level) errors[`scores.${index}.level_id`] = ['marking.validation.level'];
        else {
          points = level.points;
          levelId = level.id;
        }
      }
    } else if (score.points !== undefined && score.points !== null) {
      if (score.points > criterion.max_points)
        errors[`scores.${index}.points`] = ['marking.validation.overMax'];
      points = score.points;
    }
    scored.set(criterion.id, {
      criterion_id: criterion.id,
      level_id: levelId,
      points,
      comment: score.comment ?? null,
    });
  });
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const scores = criteria.map(
    (criterion) =>
      scored.get(criterion.id) ?? {
        criterion_id: criterion.id,
        level_id: null,
        points: null,
        comment: null,
      },
  );
  const points = round2(scores.reduce((sum, score) => sum + (score.points ?? 0), 0));
  const maxPoints = round2(criteria.reduce((sum, criterion) => sum + criterion.max_points, 0));
  const complete = scores.every((score) => score.points !== null);
  const computed =
    complete && maxPoints > 0 ? round2(Math.min(scale, (points / maxPoints) * scale)) : null;
  return { scores, points, max_points: maxPoints, computed };
}

const sheetAnswer = (sheet: SheetRow) => ({
  kind: sheet.kind as 'rubric' | 'guide',
  title: sheet.title,
  criteria: sheet.criteria,
  scores: sheet.scores,
  points: sheet.points,
  max_points: sheet.max_points,
  computed: sheet.computed,
  late_days: sheet.late_days,
  penalty: sheet.penalty,
  rubric_version: sheet.rubric_version,
  updated_at: sheet.updated_at,
});

/**
 * The marking screen of an evaluation, for those who mark it (404 otherwise): its rubric, its
 * groups, and each student of the promotion with their latest hand-in (late by how much against
 * their own deadline), their result, their sheet and where their marking stands.
 */
export async function queue(ctx: AppContext, actor: Actor, id: number) {
  const gradeGrid = await grid(ctx, actor, id, null, ctx.db, 'raw');
  const evaluation = gradeGrid.evaluation;
  const project = evaluation.type === 'project';
  const full = await evaluationFor(ctx.db, actor, id);
  const twice = full.second_marking;
  const [rubric, sheets, memberships, latest, extensions, proposals] = await Promise.all([
    rubricOf(ctx.db, evaluation.id),
    sheetsOf(ctx.db, evaluation.id),
    groupMemberships(ctx.db, evaluation.promotion.id),
    project ? latestSubmissions(ctx.db, evaluation.id, can(actor, 'list', 'submission').where) : [],
    project ? extensionsOf(ctx.db, evaluation.id) : [],
    twice ? proposalsOf(ctx.db, evaluation.id) : [],
  ]);
  const proposalsBy = new Map<number, typeof proposals>();
  for (const proposal of proposals)
    proposalsBy.set(proposal.student_id, [
      ...(proposalsBy.get(proposal.student_id) ?? []),
      proposal,
    ]);
  // Each marker reads their own sheet: round 1 when marked once; their round when marked twice.
  const roundOf = (studentId: number) =>
    twice
      ? (proposalsBy.get(studentId)?.find((proposal) => proposal.marker_id === actor.userId)
          ?.round ?? null)
      : 1;
  const sheetBy = new Map(
    sheets
      .filter((sheet) => sheet.round === roundOf(sheet.student_id))
      .map((sheet) => [sheet.student_id, sheet]),
  );
  const latestBy = new Map(latest.map((row) => [row.student_id, row]));
  const extensionBy = new Map(extensions.map((row) => [row.student_id, row.deadline]));
  const groupsBy = new Map<number, number[]>();
  for (const { student_id, group_id } of memberships)
    groupsBy.set(student_id, [...(groupsBy.get(student_id) ?? []), group_id]);
  // The students the grid grades: those of the promotion (one who left it keeps their hand-ins
  // in the project's roster and zip, but is no longer graded here, as in the grid).
  const students = gradeGrid.rows.map((row) => ({ student: row.student, result: row.result }));
  // A blind-marked project's students are participant numbers, and so are their files' names.
  const mask = await identityMask(
    ctx.db,
    full,
    students.map(({ student }) => student.id),
  );
  return {
    blind: mask.blind,
    evaluation: {
      id: evaluation.id,
      title: evaluation.title,
      type: evaluation.type,
      scale: evaluation.scale,
      deadline: evaluation.deadline,
      late_until: evaluation.late_until,
      late_penalty: evaluation.late_penalty,
      second_marking: twice,
      time_zone: evaluation.time_zone,
      subject: evaluation.subject,
    },
    rubric: rubric ? rubricAnswer(rubric) : null,
    groups: mask.blind ? [] : gradeGrid.groups,
    students: inMarkingOrder(
      mask,
      students.map(({ student, result }) => {
        const row = latestBy.get(student.id);
        const deadline = extensionBy.get(student.id) ?? evaluation.deadline;
        const sheet = sheetBy.get(student.id);
        const graded = result !== null && (result.grade !== null || result.absent);
        const own = proposalsBy.get(student.id) ?? [];
        const ready = own.length === 2 && own.every((proposal) => proposal.grade !== null);
        return {
          student: mask.person(student),
          // Groups would narrow a blind marker's guess to a handful of names: none while blind.
          group_ids: mask.blind ? [] : (groupsBy.get(student.id) ?? []),
          latest: row
            ? {
                id: row.id,
                version: row.version,
                submitted_at: row.submitted_at,
                file_name: mask.blind
                  ? blindFileName(mask.label(student.id), row.version, row.file_name)
                  : row.file_name,
                mime: row.mime,
                size: row.size,
                sha256: row.sha256,
                file_link: row.file_link,
                late_minutes: row.late_minutes,
              }
            : null,
          versions: row?.versions ?? 0,
          deadline,
          result,
          sheet: sheet ? sheetAnswer(sheet) : null,
          state:
            graded && result.published_at !== null
              ? ('released' as const)
              : graded
                ? ('marked' as const)
                : ready
                  ? ('ready_for_agreement' as const)
                  : sheet || own.length > 0
                    ? ('in_marking' as const)
                    : ('not_marked' as const),
          // The other marker's proposal stays hidden until both are in (decision 197).
          proposals: own.map((proposal) => {
            const mine = proposal.marker_id === actor.userId;
            const hidden = !mine && !ready && !graded;
            return {
              round: proposal.round,
              marker_name: proposal.marker_name,
              mine,
              hidden,
              grade: hidden ? null : proposal.grade,
              comment: hidden ? null : proposal.comment,
            };
          }),
        };
      }),
    ),
  };
}

/**
 * A marker fills one student's sheet and grades them, in one transaction: the sheet is kept, and
 * the grade goes through the grid's path (`applyGrades`: history, 409 on a line changed meanwhile,
 * published lines dated as corrected). Without `grade`, the rubric's grade is written once every
 * criterion is scored; a grade that differs from it needs a reason, kept in the history. Answers
 * the marking screen.
 */
export async function mark(
  ctx: AppContext,
  actor: Actor,
  id: number,
  participant: number,
  input: MarkingBody,
) {
  const body = markingBody.parse(input);
  const evaluation = await evaluationFor(ctx.db, actor, id);
  // Blind marking names the student by their participant number (decision 196).
  const studentId = await resolveStudent(ctx.db, evaluation, participant);
  const enrolled = await enrolledInTraining(ctx.db, evaluation.training_id, [studentId]);
  if (enrolled.length === 0) throw notFound();
  const rubric = await rubricOf(ctx.db, evaluation.id);
  if (!rubric && body.scores.length > 0)
    throw validationFailed({ scores: ['marking.validation.noRubric'] });
  const sheet = rubric
    ? scoreSheet(rubric.kind as 'rubric' | 'guide', rubric.criteria, body.scores, evaluation.scale)
    : null;
  // A late hand-in's penalty comes off the rubric's grade (decision 195); a typed grade is the
  // marker's own, compared with the penalized one.
  const late =
    sheet && evaluation.late_penalty
      ? latePenalty(
          await latestLateMinutes(ctx.db, evaluation.id, studentId),
          evaluation.late_penalty,
          evaluation.scale,
        )
      : { days: 0, points: 0 };
  const expected = sheet ? penalizedGrade(sheet.computed, late.points) : null;
  const grade = body.grade !== undefined ? body.grade : (expected ?? undefined);
  const overridden =
    sheet !== null && body.grade !== undefined && body.grade !== null && body.grade !== expected;
  // A proposal at a project marked twice is the marker's own word: the agreement is the grade.
  if (overridden && !body.reason && !evaluation.second_marking)
    throw validationFailed({ reason: ['marking.validation.reason'] });
  if (evaluation.second_marking) {
    await propose(ctx, actor, evaluation, studentId, {
      sheet: rubric && sheet ? { rubric, sheet, late } : null,
      grade: grade ?? null,
      comment: body.comment ?? null,
    });
    return queue(ctx, actor, id);
  }
  const entry: GradeEntry = { student_id: studentId, version: body.version };
  if (grade !== undefined) entry.grade = grade;
  if (body.comment !== undefined) entry.comment = body.comment;
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    // The grid's checks first (the student belongs to the evaluation, the line did not move).
    await applyGrades(
      tx,
      actor,
      evaluation,
      [entry],
      now,
      overridden ? new Map([[studentId, body.reason!]]) : undefined,
    );
    if (rubric && sheet)
      await upsertSheet(
        tx,
        sheetRow({ rubric, sheet, late }, evaluation.id, studentId, 1, actor.userId),
        now,
      );
  });
  return queue(ctx, actor, id);
}

type Scored = NonNullable<ReturnType<typeof scoreSheet>>;
type FilledSheet = {
  rubric: NonNullable<Awaited<ReturnType<typeof rubricOf>>>;
  sheet: Scored;
  late: { days: number; points: number };
};

/** The row a marker's filled sheet keeps: the rubric as it stood, the scores and the penalty. */
const sheetRow = (
  { rubric, sheet, late }: FilledSheet,
  evaluationId: number,
  studentId: number,
  round: number,
  markerId: number,
) => ({
  evaluation_id: evaluationId,
  student_id: studentId,
  round,
  kind: rubric.kind,
  title: rubric.title,
  criteria: rubric.criteria,
  scores: sheet.scores,
  rubric_version: rubric.version,
  points: sheet.points,
  max_points: sheet.max_points,
  computed: sheet.computed,
  late_days: late.days,
  penalty: late.points,
  marked_by: markerId,
});

/**
 * One marker's proposal at a project marked twice (decision 197): the first to mark a student
 * is round 1, another marker round 2, and each later save of theirs replaces their own; a third
 * marker gets 409 (the grade remains to be agreed), and so does anyone once it is agreed. Their
 * rubric sheet is theirs too. The grade itself is not written.
 */
async function propose(
  ctx: AppContext,
  actor: Actor,
  evaluation: { id: number },
  studentId: number,
  input: {
    sheet: FilledSheet | null;
    grade: number | null;
    comment: string | null;
  },
) {
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    await lockProposals(tx, evaluation.id, studentId);
    const [line] = await lockResultLines(tx, evaluation.id, [studentId]);
    if (line && (line.grade !== null || line.absent)) throw conflict('marking.agreed');
    const proposals = await proposalsOf(tx, evaluation.id, [studentId]);
    const mine = proposals.find((proposal) => proposal.marker_id === actor.userId);
    if (!mine && proposals.length >= 2) throw conflict('marking.twiceMarked');
    const round = mine?.round ?? (proposals.some((proposal) => proposal.round === 1) ? 2 : 1);
    await upsertProposal(
      tx,
      {
        evaluation_id: evaluation.id,
        student_id: studentId,
        round,
        marker_id: actor.userId,
        grade: input.grade,
        comment: input.comment,
      },
      now,
    );
    if (input.sheet)
      await upsertSheet(
        tx,
        sheetRow(input.sheet, evaluation.id, studentId, round, actor.userId),
        now,
      );
  });
}

/**
 * The agreed grade of a project marked twice (decision 197), once both markers have proposed
 * one (409 before): any marker of the evaluation writes it through the grid's path, its history
 * saying which two grades were proposed. Answers the marking screen.
 */
export async function agree(
  ctx: AppContext,
  actor: Actor,
  id: number,
  participant: number,
  input: AgreementBody,
) {
  const body = agreementBody.parse(input);
  const evaluation = await evaluationFor(ctx.db, actor, id);
  if (!evaluation.second_marking) throw notFound();
  const studentId = await resolveStudent(ctx.db, evaluation, participant);
  await ctx.db.transaction(async (tx) => {
    await lockProposals(tx, evaluation.id, studentId);
    const proposals = await proposalsOf(tx, evaluation.id, [studentId]);
    if (proposals.length < 2 || proposals.some((proposal) => proposal.grade === null))
      throw conflict('marking.notReady');
    const reason = translate(actor.locale, 'marking.agreedReason', {
      first: String(proposals[0]!.grade),
      second: String(proposals[1]!.grade),
    });
    const entry: GradeEntry = { student_id: studentId, grade: body.grade, version: body.version };
    if (body.comment !== undefined) entry.comment = body.comment;
    await applyGrades(
      tx,
      actor,
      evaluation,
      [entry],
      ctx.clock.now(),
      new Map([[studentId, reason]]),
    );
  });
  return queue(ctx, actor, id);
}

/**
 * What a student reads of their marking: their grade, its comment and the filled rubric, once the
 * grade is published (404 before, and for anyone else's).
 */
export async function feedback(ctx: AppContext, actor: Actor, id: number) {
  const line = await ownResult(ctx.db, id, actor.userId, can(actor, 'read', 'record').where);
  if (!line || line.published_at === null) throw notFound();
  // Marked twice, the first marker's rubric explains the agreed grade (decision 197).
  const sheet = (await sheetsOf(ctx.db, id, [actor.userId])).find((row) => row.round === 1);
  return {
    grade: line.grade,
    absent: line.absent,
    scale: line.scale,
    comment: line.comment,
    published_at: line.published_at,
    sheet: sheet ? sheetAnswer(sheet) : null,
  };
}
