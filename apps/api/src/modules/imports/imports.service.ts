import {
  guessMapping,
  IMPORT_MAX_ROWS,
  type ImportBody,
  type ImportField,
  type ImportLine,
  type ImportReport,
  importRow,
} from '@skolar/shared';
import Papa from 'papaparse';
import { record } from '../../audit/audit.ts';
import { inviteUser } from '../../auth/invitations.ts';
import { authorize, can } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import { requireStepUp } from '../../auth/step-up.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { fieldErrorsOf, HttpError, notFound, validationFailed } from '../../http/errors.ts';
import { type ListQuery, pageOf } from '../../http/pagination.ts';
import { isMessageKey, type Locale, translate } from '../../i18n/messages.ts';
import {
  addressesTaken,
  assignTeacher,
  enrolStudent,
  importHistory,
  insertImport,
  insertPerson,
  institutionAccountsByEmail,
  openPromotionsOf,
  updatePersonOf,
} from './imports.queries.ts';

type Kind = 'student' | 'teacher';

const GENDERS: Record<string, 'Mr' | 'Mme'> = {
  mr: 'Mr',
  m: 'Mr',
  h: 'Mr',
  male: 'Mr',
  homme: 'Mr',
  herr: 'Mr',
  mme: 'Mme',
  mrs: 'Mme',
  ms: 'Mme',
  f: 'Mme',
  female: 'Mme',
  femme: 'Mme',
  frau: 'Mme',
};

interface Parsed {
  headers: string[];
  rows: Record<string, string>[];
}

/** Parses the CSV with its header line; the separator (comma, semicolon, tab) is detected. */
function parse(content: string): Parsed {
  const result = Papa.parse<Record<string, string>>(content.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim(),
  });
  const headers = (result.meta.fields ?? []).filter((header) => header !== '');
  if (headers.length === 0) throw validationFailed({ content: ['cohorts.import.bad_file'] });
  if (result.data.length > IMPORT_MAX_ROWS) {
    throw validationFailed({ content: ['cohorts.import.too_many_rows'] });
  }
  return { headers, rows: result.data };
}

interface Planned {
  line: ImportLine;
  email: string;
  existingId?: number;
  promotionId?: number;
  person: {
    first_name: string;
    last_name: string;
    gender: 'Mr' | 'Mme' | null;
    phone: string | null;
  };
}

/**
 * Checks every line and says what the import would do: create, update (same e-mail, same role,
 * same institution) or refuse with the reasons, field by field. Nothing is written.
 */
async function plan(db: DbOrTx, actor: Actor, body: ImportBody, locale: Locale) {
  const institutionId = actor.institutionId!;
  const { headers, rows } = parse(body.content);
  const mapping = { ...guessMapping(headers), ...(body.mapping ?? {}) };
  for (const [field, header] of Object.entries(mapping)) {
    if (header && !headers.includes(header)) delete mapping[field as ImportField];
  }
  const t = (key: string) => (isMessageKey(key) ? translate(locale, key) : key);
  const cell = (row: Record<string, string>, field: ImportField) => {
    const header = mapping[field];
    return header ? (row[header] ?? '').trim() : '';
  };

  const emails = rows.map((row) => cell(row, 'email').toLowerCase()).filter(Boolean);
  // Only the institution's own accounts (decision 130).
  const existing = emails.length ? await institutionAccountsByEmail(db, institutionId, emails) : [];
  const byEmail = new Map(existing.map((row) => [row.email, row]));
  const promotionRows = await openPromotionsOf(db, institutionId);
  const promotionOf = (name: string) => {
    const wanted = name.toLowerCase();
    return promotionRows.find(
      (row) =>
        row.name.toLowerCase() === wanted ||
        `${row.name} (${row.year})`.toLowerCase() === wanted ||
        String(row.id) === wanted,
    );
  };
  const roles = body.kind === 'student' ? ['student'] : ['teacher', 'super-teacher'];

  const seen = new Set<string>();
  const planned: Planned[] = rows.map((row, index) => {
    const errors: Record<string, string[]> = {};
    const fail = (field: string, key: string) => {
      errors[field] = [...(errors[field] ?? []), t(key)];
    };
    const values = Object.fromEntries(
      (Object.keys(mapping) as ImportField[]).map((field) => [field, cell(row, field)]),
    );
    const rawGender = cell(row, 'gender');
    const gender = rawGender ? (GENDERS[rawGender.toLowerCase().replace('.', '')] ?? null) : null;
    if (rawGender && !gender) fail('gender', 'errors.validation');
    // The same rules as the person form: lengths, e-mail, phone.
    const checked = importRow.safeParse({
      first_name: cell(row, 'first_name'),
      last_name: cell(row, 'last_name'),
      email: cell(row, 'email'),
      phone: cell(row, 'phone').toLowerCase(),
      gender,
      promotion: cell(row, 'promotion'),
    });
    if (!checked.success) {
      for (const [field, keys] of Object.entries(fieldErrorsOf(checked.error))) {
        for (const key of keys) fail(field, key);
      }
    }
    const first_name = checked.data?.first_name ?? '';
    const last_name = checked.data?.last_name ?? '';
    const address = checked.data?.email.toLowerCase() ?? '';
    if (address && seen.has(address)) fail('email', 'cohorts.import.duplicate_in_file');
    if (address) seen.add(address);
    const phone = checked.data?.phone ?? null;
    const promotionName = checked.data?.promotion ?? '';
    const promotion = promotionName ? promotionOf(promotionName) : undefined;
    if (promotionName && !promotion) fail('promotion', 'cohorts.import.unknown_promotion');
    const found = address ? byEmail.get(address) : undefined;
    if (found && !errors.email && !roles.includes(found.role)) {
      fail('email', 'cohorts.import.other_role');
    }
    const action: ImportLine['action'] =
      Object.keys(errors).length > 0 ? 'error' : found ? 'update' : 'create';
    return {
      line: { line: index + 2, values, action, errors },
      email: address,
      existingId: found?.id,
      promotionId: promotion?.id,
      person: { first_name, last_name, gender, phone },
    };
  });
  const report: ImportReport = {
    headers,
    mapping,
    lines: planned.map((entry) => entry.line),
    counts: {
      create: planned.filter((p) => p.line.action === 'create').length,
      update: planned.filter((p) => p.line.action === 'update').length,
      error: planned.filter((p) => p.line.action === 'error').length,
    },
  };
  return { report, planned };
}

function guard(actor: Actor, kind: Kind) {
  // The routes declare import:create/list; the grant of the kind asked (student, teacher) is here.
  authorize(actor, 'create', kind);
  if (actor.institutionId === null) throw notFound();
}

/** The dry run: every line's outcome, nothing written. */
export async function dryRun(ctx: AppContext, actor: Actor, body: ImportBody, locale: Locale) {
  guard(actor, body.kind);
  return (await plan(ctx.db, actor, body, locale)).report;
}

/** The most lines written in one transaction: other requests are served between two batches. */
export const IMPORT_BATCH_SIZE = 200;

/** Lets the requests that waited for the database run before the next batch takes it. */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

interface Refused {
  line: number;
  email: string;
  errors: Record<string, string[]>;
}

/**
 * Runs an import (decision 128): the whole file is checked first and nothing is written unless
 * every line is valid (422 with the report otherwise); updating people who exist needs the same
 * step-up as their edit form (decision 129). Then the lines are written in batches of
 * IMPORT_BATCH_SIZE, one transaction each, and other requests run between two batches. A line
 * whose address turns out to be taken outside the institution is refused with a message that
 * does not say where (decision 130); the others are written. Creating and updating by e-mail
 * make a failed run resumable: run the same file again.
 */
export async function run(
  ctx: AppContext,
  actor: Actor,
  body: ImportBody,
  locale: Locale,
  stepUpToken?: string,
) {
  guard(actor, body.kind);
  const institutionId = actor.institutionId!;
  const { report, planned } = await plan(ctx.db, actor, body, locale);
  if (report.counts.error > 0 || planned.length === 0) {
    throw new HttpError(422, 'errors.validation', {
      content: [translate(locale, 'cohorts.import.fix_errors')],
    });
  }
  if (report.counts.update > 0) await requireStepUp(ctx, actor, stepUpToken, null);
  await chargeTakenElsewhere(ctx, actor, body, planned);

  let created = 0;
  let updated = 0;
  let invited = 0;
  const refused: Refused[] = [];
  for (let start = 0; start < planned.length; start += IMPORT_BATCH_SIZE) {
    if (start > 0) await yieldToOthers();
    const batch = planned.slice(start, start + IMPORT_BATCH_SIZE);
    const done = await ctx.db.transaction((tx) =>
      writeBatch(ctx, tx, actor, body.kind, batch, locale),
    );
    created += done.created;
    updated += done.updated;
    invited += done.invited;
    refused.push(...done.refused);
  }
  // The history row and its audit row commit together (decision 132).
  const history = await ctx.db.transaction(async (tx) => {
    const row = await insertImport(tx, {
      institution_id: institutionId,
      actor_id: actor.userId,
      kind: body.kind,
      file_name: body.file_name,
      total: planned.length,
      created,
      updated,
      invited,
    });
    const { id, actor_id: _, ...after } = row;
    await record(tx, ctx, actor, { action: 'import', entity: 'import', entityId: id, after });
    return row;
  });
  return { ...history, refused };
}

/**
 * The lines whose address an account outside the institution holds cost what the person form's
 * answer about such an address costs (decision 174): one hit each of `address-taken:account`,
 * all of them before anything is written (429, nothing imported, past the budget), and one
 * `person.address_taken` audit row each. An import tells no more addresses apart than ten person
 * forms an hour would, and each is seen in the audit log.
 */
async function chargeTakenElsewhere(
  ctx: AppContext,
  actor: Actor,
  body: ImportBody,
  planned: readonly Planned[],
) {
  // `plan` found the institution's own accounts: any other line whose address is taken is held
  // by another institution (or the super-admin).
  const taken = await addressesTaken(
    ctx.db,
    planned.filter((entry) => entry.existingId === undefined).map((entry) => entry.email),
  );
  if (taken.length === 0) return;
  await ctx.limits.hit('address-taken:account', String(actor.userId), taken.length);
  await ctx.db.transaction(async (tx) => {
    for (const email of taken) {
      await record(tx, ctx, actor, {
        action: 'person.address_taken',
        entity: body.kind,
        entityId: null,
        after: { email, import: body.file_name },
      });
    }
  });
}

/** Writes one batch of checked lines in the caller's transaction. */
async function writeBatch(
  ctx: AppContext,
  tx: DbOrTx,
  actor: Actor,
  kind: Kind,
  batch: Planned[],
  locale: Locale,
) {
  const institutionId = actor.institutionId!;
  const result = { created: 0, updated: 0, invited: 0, refused: [] as Refused[] };
  // Checked again here: an account may have been created since the charge.
  const takenEmails = new Set(
    await addressesTaken(
      tx,
      batch.filter((entry) => entry.existingId === undefined).map((entry) => entry.email),
    ),
  );
  for (const entry of batch) {
    let id = entry.existingId;
    if (id) {
      const row = await updatePersonOf(tx, id, institutionId, {
        first_name: entry.person.first_name,
        last_name: entry.person.last_name,
        ...(entry.person.gender ? { gender: entry.person.gender } : {}),
        ...(entry.person.phone ? { phone: entry.person.phone } : {}),
      });
      if (!row) {
        result.refused.push(unavailable(entry, locale));
        continue;
      }
      result.updated += 1;
    } else if (takenEmails.has(entry.email)) {
      result.refused.push(unavailable(entry, locale));
      continue;
    } else {
      const row = await insertPerson(tx, {
        institution_id: institutionId,
        role: kind,
        email: entry.email,
        ...entry.person,
        locale: actor.locale,
      });
      id = row.id;
      await inviteUser(ctx, tx, {
        id,
        email: row.email,
        first_name: row.first_name,
        locale: actor.locale,
        institution_id: institutionId,
      });
      result.created += 1;
      result.invited += 1;
    }
    if (entry.promotionId) {
      if (kind === 'student') await enrolStudent(tx, entry.promotionId, id);
      else await assignTeacher(tx, entry.promotionId, id);
    }
  }
  return result;
}

const unavailable = (entry: Planned, locale: Locale): Refused => ({
  line: entry.line.line,
  email: entry.email,
  errors: { email: [translate(locale, 'cohorts.import.address_unavailable')] },
});

/** The import history of the institution for one kind, newest first. */
export async function history(ctx: AppContext, actor: Actor, kind: Kind, query: ListQuery) {
  guard(actor, kind);
  const { rows, total } = await importHistory(
    ctx.db,
    can(actor, 'list', 'import').where,
    kind,
    query,
  );
  return pageOf(query, rows, total);
}
