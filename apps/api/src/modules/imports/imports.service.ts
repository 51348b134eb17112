import {
  emailField,
  guessMapping,
  type ImportBody,
  type ImportField,
  type ImportLine,
  type ImportReport,
  phoneField,
} from '@skolar/shared';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { inviteUser } from '../../auth/invitations.ts';
import { authorize, can } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  imports,
  promotionStudents,
  promotions,
  promotionTeachers,
  users,
} from '../../db/schema/index.ts';
import { HttpError, notFound, validationFailed } from '../../http/errors.ts';
import type { ListQuery } from '../../http/pagination.ts';
import { isMessageKey, type Locale, translate } from '../../i18n/messages.ts';

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
  const existing = emails.length
    ? await db
        .select({
          id: users.id,
          email: sql<string>`lower(${users.email})`,
          role: users.role,
          institution_id: users.institution_id,
        })
        .from(users)
        .where(inArray(sql`lower(${users.email})`, emails))
    : [];
  const byEmail = new Map(existing.map((row) => [row.email, row]));
  const promotionRows = await db
    .select({ id: promotions.id, name: promotions.name, year: promotions.academic_year })
    .from(promotions)
    .where(and(eq(promotions.institution_id, institutionId), isNull(promotions.archived_at)))
    .orderBy(desc(promotions.academic_year));
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
    const first_name = cell(row, 'first_name');
    const last_name = cell(row, 'last_name');
    if (!first_name) fail('first_name', 'validation.required');
    if (!last_name) fail('last_name', 'validation.required');
    const email = emailField.safeParse(cell(row, 'email'));
    const address = email.success ? email.data.toLowerCase() : '';
    if (!email.success)
      fail('email', cell(row, 'email') ? 'validation.email' : 'validation.required');
    else if (seen.has(address)) fail('email', 'cohorts.import.duplicate_in_file');
    if (address) seen.add(address);
    const rawGender = cell(row, 'gender');
    const gender = rawGender ? (GENDERS[rawGender.toLowerCase().replace('.', '')] ?? null) : null;
    if (rawGender && !gender) fail('gender', 'errors.validation');
    const phone = phoneField.safeParse(cell(row, 'phone').toLowerCase());
    if (!phone.success) fail('phone', 'cohorts.validation.phone');
    const promotionName = cell(row, 'promotion');
    const promotion = promotionName ? promotionOf(promotionName) : undefined;
    if (promotionName && !promotion) fail('promotion', 'cohorts.import.unknown_promotion');
    const found = address ? byEmail.get(address) : undefined;
    if (
      found &&
      !errors.email &&
      (found.institution_id !== institutionId || !roles.includes(found.role))
    ) {
      fail('email', 'cohorts.import.other_role');
    }
    const action: ImportLine['action'] =
      Object.keys(errors).length > 0 ? 'error' : found ? 'update' : 'create';
    return {
      line: { line: index + 2, values, action, errors },
      email: address,
      existingId: found?.id,
      promotionId: promotion?.id,
      person: { first_name, last_name, gender, phone: phone.success ? (phone.data ?? null) : null },
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
  authorize(actor, 'create', kind);
  if (actor.institutionId === null) throw notFound();
}

/** The dry run: every line's outcome, nothing written. */
export async function dryRun(ctx: AppContext, actor: Actor, body: ImportBody, locale: Locale) {
  guard(actor, body.kind);
  return (await plan(ctx.db, actor, body, locale)).report;
}

/**
 * Runs the import in one transaction, only when every line is valid (otherwise 422 with the
 * report and nothing written): creates and invites new people, updates known ones, adds them to
 * their promotion, and records the counts in the history.
 */
export async function run(ctx: AppContext, actor: Actor, body: ImportBody, locale: Locale) {
  guard(actor, body.kind);
  const institutionId = actor.institutionId!;
  return ctx.db.transaction(async (tx) => {
    const { report, planned } = await plan(tx, actor, body, locale);
    if (report.counts.error > 0 || planned.length === 0) {
      throw new HttpError(422, 'errors.validation', {
        content: [translate(locale, 'cohorts.import.fix_errors')],
      });
    }
    let invited = 0;
    for (const entry of planned) {
      let id = entry.existingId;
      if (id) {
        await tx
          .update(users)
          .set({
            first_name: entry.person.first_name,
            last_name: entry.person.last_name,
            ...(entry.person.gender ? { gender: entry.person.gender } : {}),
            ...(entry.person.phone ? { phone: entry.person.phone } : {}),
          })
          .where(eq(users.id, id));
      } else {
        const [row] = await tx
          .insert(users)
          .values({
            institution_id: institutionId,
            role: body.kind,
            email: entry.email,
            ...entry.person,
            locale: actor.locale,
          })
          .returning({ id: users.id, email: users.email, first_name: users.first_name });
        id = row!.id;
        await inviteUser(ctx, tx, {
          id,
          email: row!.email,
          first_name: row!.first_name,
          locale: actor.locale,
          institution_id: institutionId,
        });
        invited += 1;
      }
      if (entry.promotionId) {
        if (body.kind === 'student') {
          await tx
            .insert(promotionStudents)
            .values({ promotion_id: entry.promotionId, student_id: id })
            .onConflictDoNothing();
        } else {
          await tx
            .insert(promotionTeachers)
            .values({ promotion_id: entry.promotionId, teacher_id: id })
            .onConflictDoNothing();
        }
      }
    }
    const [history] = await tx
      .insert(imports)
      .values({
        institution_id: institutionId,
        actor_id: actor.userId,
        kind: body.kind,
        file_name: body.file_name,
        total: planned.length,
        created: report.counts.create,
        updated: report.counts.update,
        invited,
      })
      .returning();
    return history!;
  });
}

/** The import history of the institution for one kind, newest first. */
export async function history(ctx: AppContext, actor: Actor, kind: Kind, query: ListQuery) {
  guard(actor, kind);
  authorize(actor, 'list', 'import');
  const where = and(can(actor, 'list', 'import').where, eq(imports.kind, kind));
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        id: imports.id,
        kind: imports.kind,
        file_name: imports.file_name,
        total: imports.total,
        created: imports.created,
        updated: imports.updated,
        invited: imports.invited,
        created_at: imports.created_at,
        actor_name: sql<string | null>`${users.first_name} || ' ' || ${users.last_name}`,
      })
      .from(imports)
      .leftJoin(users, eq(users.id, imports.actor_id))
      .where(where)
      .orderBy(desc(imports.created_at), desc(imports.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    ctx.db.select({ total: count() }).from(imports).where(where),
  ]);
  return {
    data: rows,
    meta: { page: query.page, per_page: query.per_page, total: Number(total?.total ?? 0) },
  };
}
