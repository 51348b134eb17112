import {
  type BankImportBody,
  type BankQuestionBody,
  bankCategory,
  bankQuestionBody,
  type QuestionFileFormat,
} from '@skolar/shared';
import { record } from '../../audit/audit.ts';
import { bankSubjectScope, can } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { notFound, validationFailed } from '../../http/errors.ts';
import { type ListQuery, pageOf } from '../../http/pagination.ts';
import type { Locale } from '../../i18n/messages.ts';
import {
  applyImport,
  check,
  normalised,
  planItems,
  questionFile,
  readFile,
  signatureOf,
  stored,
} from '../exams/questions.service.ts';
import {
  type BankFilter,
  type BankRow,
  bankPage,
  bankQuestionIn,
  categoriesOf,
  currentOf,
  insertBankQuestions,
  subjectIn,
  tagsOf,
  updateBankQuestion,
  versionsOf,
} from './bank.queries.ts';

type Listed = { row: BankRow; used_in: number; taken: boolean };

const presentBank = ({ row, used_in, taken }: Listed) => ({
  id: row.id,
  subject_id: row.subject_id,
  family_id: row.family_id ?? row.id,
  version: row.version,
  category: row.category,
  tags: row.tags,
  kind: row.kind,
  prompt: row.prompt,
  format: row.format,
  title: row.title,
  choices: row.choices,
  options: row.options,
  answer_key: row.answer_key,
  points: row.points,
  used_in,
  taken,
  replaced_at: row.replaced_at,
  archived_at: row.archived_at,
  updated_at: row.updated_at,
});

/** The subject whose bank the actor keeps (404 otherwise, another institution's included). */
async function bankSubject(db: DbOrTx, actor: Actor, subjectId: number) {
  const subject = await subjectIn(db, bankSubjectScope(actor), subjectId);
  if (!subject) throw notFound();
  return subject;
}

/**
 * A file's category as the bank keeps it: Moodle's context prefix (`$course$/`, `$system$/`…)
 * and its `top` level dropped, the rest as a path (`Geometry/Triangles`).
 */
export function bankCategoryOf(raw: string | null, fallback: string): string {
  if (raw === null) return fallback;
  const path = raw.replace(/^\$[a-z0-9]+\$\/?/i, '').replace(/^top(\/|$)/i, '');
  return bankCategory.parse(path) || fallback;
}

/** One page of a subject's bank (current versions), with its categories and tags. */
export async function list(
  ctx: AppContext,
  actor: Actor,
  subjectId: number,
  query: ListQuery & Omit<BankFilter, 'q'>,
) {
  const subject = await bankSubject(ctx.db, actor, subjectId);
  const [{ rows, total }, categories, tags] = await Promise.all([
    bankPage(ctx.db, subject.id, query, query),
    categoriesOf(ctx.db, subject.id),
    tagsOf(ctx.db, subject.id),
  ]);
  return { ...pageOf(query, rows.map(presentBank), total), categories, tags };
}

/** A bank question the actor keeps (404 otherwise), any version. */
async function bankQuestionFor(db: DbOrTx, actor: Actor, id: number, lock = false) {
  const found = await bankQuestionIn(db, can(actor, 'read', 'bank_question').where, id, lock);
  if (!found) throw notFound();
  return found;
}

/** The question as the bank stores it: the exam's checks, with its category and tags. */
function bankValues(body: ReturnType<typeof bankQuestionBody.parse>) {
  const question = normalised(body);
  check(question);
  return { ...stored(question), category: body.category, tags: body.tags };
}

export async function create(
  ctx: AppContext,
  actor: Actor,
  subjectId: number,
  given: BankQuestionBody,
) {
  const values = bankValues(bankQuestionBody.parse(given));
  return ctx.db.transaction(async (tx) => {
    const subject = await bankSubject(tx, actor, subjectId);
    const [row] = await insertBankQuestions(tx, [
      {
        ...values,
        subject_id: subject.id,
        institution_id: subject.institution_id,
        created_by: actor.userId,
      },
    ]);
    return presentBank({ row: row!, used_in: 0, taken: false });
  });
}

/**
 * Applies the given fields (decision 191). A version no student has met in an exam changes in
 * place; one that an exam with attempts holds stays as it was (those attempts were scored by it)
 * and the change becomes the next version, which the bank shows from now on. Exams keep the copy
 * they took either way. An old version cannot be edited: 409.
 */
export async function update(
  ctx: AppContext,
  actor: Actor,
  id: number,
  patch: Partial<BankQuestionBody>,
) {
  return ctx.db.transaction(async (tx) => {
    const found = await bankQuestionFor(tx, actor, id, true);
    const { row } = found;
    if (row.replaced_at !== null || row.archived_at !== null) {
      throw validationFailed({ _: ['exams.conflict.bankArchived'] });
    }
    const merged = bankQuestionBody.parse({
      kind: patch.kind ?? row.kind,
      prompt: patch.prompt ?? row.prompt,
      format: patch.format ?? row.format,
      title: patch.title === undefined ? row.title : patch.title,
      choices: patch.choices ?? row.choices,
      options: patch.options ?? row.options,
      answer_key: patch.answer_key === undefined ? row.answer_key : patch.answer_key,
      points: patch.points ?? row.points,
      category: patch.category ?? row.category,
      tags: patch.tags ?? row.tags,
    });
    const values = bankValues(merged);
    const now = ctx.clock.now();
    if (!found.taken) {
      await updateBankQuestion(tx, row.id, { ...values, updated_at: now });
      return presentBank(
        (await bankQuestionIn(tx, can(actor, 'read', 'bank_question').where, row.id))!,
      );
    }
    await updateBankQuestion(tx, row.id, { replaced_at: now });
    const [next] = await insertBankQuestions(tx, [
      {
        ...values,
        subject_id: row.subject_id,
        institution_id: row.institution_id,
        family_id: row.family_id ?? row.id,
        version: row.version + 1,
        created_by: actor.userId,
      },
    ]);
    await record(tx, ctx, actor, {
      action: 'bank.version',
      entity: 'bank_question',
      entityId: next!.id,
      before: { id: row.id, version: row.version },
      after: { id: next!.id, version: next!.version },
    });
    return presentBank({ row: next!, used_in: 0, taken: false });
  });
}

/** Takes a question out of the bank; exams keep their copies, its versions stay readable. */
export async function archive(ctx: AppContext, actor: Actor, id: number) {
  await ctx.db.transaction(async (tx) => {
    const { row } = await bankQuestionFor(tx, actor, id, true);
    if (row.archived_at !== null) return;
    await updateBankQuestion(tx, row.id, { archived_at: ctx.clock.now() });
    await record(tx, ctx, actor, { action: 'archive', entity: 'bank_question', entityId: row.id });
  });
}

/** Every version of a question, the newest first. */
export async function versions(ctx: AppContext, actor: Actor, id: number) {
  const { row } = await bankQuestionFor(ctx.db, actor, id);
  return { data: (await versionsOf(ctx.db, row.family_id ?? row.id)).map(presentBank) };
}

/**
 * Each question of a file as the bank will take it: the exam import's preview (decision 187),
 * with the category it goes to (the file's, or the one chosen for the questions outside any);
 * duplicates are the bank's.
 */
async function planBankImport(db: DbOrTx, subjectId: number, body: BankImportBody, locale: Locale) {
  const parsed = { ...body, category: bankCategory.parse(body.category ?? '') };
  const known = new Set((await currentOf(db, subjectId)).map(signatureOf));
  return planItems(
    readFile({ text: body.text, format: body.format ?? 'gift' }, locale),
    known,
    locale,
  ).map((item) => ({ ...item, category: bankCategoryOf(item.category, parsed.category) }));
}

export async function previewImport(
  ctx: AppContext,
  actor: Actor,
  subjectId: number,
  body: BankImportBody,
  locale: Locale,
) {
  const subject = await bankSubject(ctx.db, actor, subjectId);
  return { data: await planBankImport(ctx.db, subject.id, body, locale) };
}

/**
 * A file's questions into the bank, in one transaction, each in its category: 422 when one is
 * refused and the teacher did not choose to skip the refused ones; a question the bank already
 * has is left out and counted.
 */
export async function importFile(
  ctx: AppContext,
  actor: Actor,
  subjectId: number,
  body: BankImportBody,
  locale: Locale,
) {
  return ctx.db.transaction(async (tx) => {
    const subject = await bankSubject(tx, actor, subjectId);
    const plan = await planBankImport(tx, subject.id, body, locale);
    return applyImport(plan, body.skip_refused ?? false, locale, (taken) =>
      insertBankQuestions(
        tx,
        taken.map(({ item, question }) => ({
          ...stored(question),
          category: item.category ?? '',
          subject_id: subject.id,
          institution_id: subject.institution_id,
          created_by: actor.userId,
        })),
      ),
    );
  });
}

/**
 * The bank (or one category of it, with those under it) as a GIFT or Moodle XML file, each
 * question under its category, for Moodle or another subject's bank; named after the subject.
 */
export async function exportBank(
  ctx: AppContext,
  actor: Actor,
  subjectId: number,
  format: QuestionFileFormat,
  category: string | undefined,
) {
  const subject = await bankSubject(ctx.db, actor, subjectId);
  const rows = await currentOf(ctx.db, subject.id, category);
  const byCategory = new Map<string, BankRow[]>();
  for (const row of rows)
    byCategory.set(row.category, [...(byCategory.get(row.category) ?? []), row]);
  const sections = [...byCategory].map(([name, questions]) => ({
    category: name || null,
    questions,
  }));
  return questionFile(sections, format, subject.name);
}
