import type { DbOrTx } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';
import type { Locale } from '../i18n/messages.ts';

/** Every mail the product sends; each has an HTML and a text template per locale. */
export type MailTemplate =
  | 'invitation'
  | 'verify-email'
  | 'reset-password'
  | 'password-changed'
  | 'mfa-enrolment-code'
  | 'mfa-enabled'
  | 'contact-request'
  | 'contact-acknowledgement'
  | 'submission-receipt'
  | 'results-published'
  | 'exam-reminder'
  | 'deadline-reminder'
  | 'notification'
  | 'notification-digest';

export interface OutgoingMail {
  to: string;
  template: MailTemplate;
  locale: Locale;
  /** What the template needs (names, links, institution name and colour…). */
  payload: Record<string, unknown>;
  /** When it is queued (`ctx.clock.now()`): due at once, and the worker compares it with its clock. */
  at: Date;
}

/**
 * Queues a mail in the outbox. Call it with the transaction that writes what the mail is about
 * (a token, a request): the mail exists if and only if that write commits. A worker sends it.
 */
export async function enqueueMail(db: DbOrTx, mail: OutgoingMail): Promise<void> {
  await db.insert(mailOutbox).values({
    to_address: mail.to,
    template: mail.template,
    locale: mail.locale,
    payload: mail.payload,
    next_attempt_at: mail.at,
    created_at: mail.at,
    updated_at: mail.at,
  });
}
