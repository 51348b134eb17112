import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { LOCALES, type Locale } from '../i18n/messages.ts';
import { isMailTemplate, renderMail } from '../mail/templates.ts';
import type { MailTransport } from '../mail/transport.ts';
import { isAccountRequest, resolveAccountRequest } from '../modules/auth/passwords.service.ts';
import { claimMail, lockDueMail, updateMail } from './jobs.queries.ts';
import { repeatEvery } from './repeat.ts';

/** After this many failed attempts a mail is marked failed and left alone. */
export const MAX_MAIL_ATTEMPTS = 6;
/** The first retry waits this long; each next one twice as long (30 s, 1 min, 2 min, 4 min…). */
const MAIL_BACKOFF_MS = 30 * 1000;
/**
 * A claim's lease: a row stays `sending` with `next_attempt_at` this far ahead; if its node dies
 * mid-send, the row is taken again once the lease has run out.
 */
export const STALE_SENDING_MS = 10 * 60 * 1000;

export interface OutboxRun {
  sent: number;
  retried: number;
  failed: number;
}

/** The wait before the next attempt, after `attempts` failures. */
export function backoffMs(attempts: number): number {
  return MAIL_BACKOFF_MS * 2 ** Math.max(0, attempts - 1);
}

/**
 * Sends the mail that is due, once: takes up to `limit` rows with `FOR UPDATE SKIP LOCKED` and
 * marks them `sending` in a short transaction (another node skips them), then sends each and
 * records the outcome. A failure is retried later with exponential backoff, up to
 * MAX_MAIL_ATTEMPTS. The loop below calls it; tests call it directly, with their clock.
 */
export async function processOutbox(
  ctx: AppContext,
  options: { limit?: number; transport: MailTransport; log?: FastifyBaseLogger },
): Promise<OutboxRun> {
  const limit = options.limit ?? 20;
  const now = ctx.clock.now();
  const claimed = await ctx.db.transaction(async (tx) => {
    const due = await lockDueMail(tx, now, limit);
    if (due.length === 0) return [];
    return claimMail(
      tx,
      due.map((row) => row.id),
      { now, leaseUntil: new Date(now.getTime() + STALE_SENDING_MS) },
    );
  });

  const run: OutboxRun = { sent: 0, retried: 0, failed: 0 };
  for (const claim of claimed.sort((a, b) => a.id - b.id)) {
    const attempts = claim.attempts + 1;
    let row = claim;
    try {
      // A reset or verification request: its address is resolved here, off the request path.
      if (isAccountRequest(claim.payload)) {
        const mail = await resolveAccountRequest(ctx, claim, options.log);
        if (!mail) continue;
        row = mail;
      }
      if (!isMailTemplate(row.template)) throw new Error(`unknown mail template ${row.template}`);
      const locale: Locale = (LOCALES as readonly string[]).includes(row.locale)
        ? row.locale
        : 'fr';
      const rendered = renderMail(row.template, locale, row.payload);
      await options.transport.send({ ...rendered, from: ctx.config.MAIL_FROM, to: row.to_address });
      await updateMail(ctx.db, claim.id, {
        status: 'sent',
        attempts,
        sent_at: ctx.clock.now(),
        last_error: null,
        updated_at: ctx.clock.now(),
      });
      run.sent += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = attempts >= MAX_MAIL_ATTEMPTS;
      await updateMail(ctx.db, claim.id, {
        status: giveUp ? 'failed' : 'pending',
        attempts,
        last_error: message.slice(0, 500),
        next_attempt_at: new Date(ctx.clock.now().getTime() + backoffMs(attempts)),
        updated_at: ctx.clock.now(),
      });
      // The address is personal data of a third party, the payload may carry a token: log neither.
      options.log?.warn({ mailId: claim.id, attempts, giveUp, err: message }, 'mail not sent');
      if (giveUp) run.failed += 1;
      else run.retried += 1;
    }
  }
  return run;
}

/**
 * Runs processOutbox every `intervalMs` until stopped; a run never overlaps the previous one.
 * Answers the function that stops it (and waits for the run in progress).
 */
export function startOutboxWorker(
  ctx: AppContext,
  options: { transport: MailTransport; intervalMs?: number; log?: FastifyBaseLogger },
): () => Promise<void> {
  const stop = repeatEvery(options.intervalMs ?? 2000, () => processOutbox(ctx, options), {
    log: options.log,
    failure: 'mail outbox run failed',
  });
  return async () => {
    await stop();
    options.transport.close();
  };
}
