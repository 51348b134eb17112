import { type contactRequestWithInstitution, PLATFORM_CONTACT } from '@skolar/shared';
import type { z } from 'zod';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import { validationFailed } from '../../http/errors.ts';
import { type Locale, translate } from '../../i18n/messages.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { accountOf, insertContactRequest, openInstitution } from './contact.queries.ts';

type ContactRequest = z.output<typeof contactRequestWithInstitution>;

interface Sender {
  /** The signed-in user sending it (user-request), or null for a guest (client-request). */
  actor: Actor | null;
  ip: string;
  locale: Locale;
}

/**
 * Stores a contact request and, in the same transaction, queues the notification to the
 * institution (or the platform). A signed-in sender also gets an acknowledgement, at their
 * account's (verified) address; a guest gets none: the address they type is anyone's, and the
 * form would mail it their text (decision 126). Answers the message to show.
 */
export async function send(ctx: AppContext, sender: Sender, body: ContactRequest) {
  if (sender.actor) await ctx.limits.hit('contact:account', String(sender.actor.userId));
  else await ctx.limits.hit('contact:ip', sender.ip);

  // A signed-in user writes to their own institution; a guest may name a public one.
  const institutionId = sender.actor ? sender.actor.institutionId : (body.institution_id ?? null);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const institution = institutionId ? await openInstitution(tx, institutionId) : undefined;
    if (institutionId && !institution) {
      throw validationFailed({ institution_id: ['errors.not_found'] });
    }
    const requestId = await insertContactRequest(tx, {
      first_name: body.first_name,
      last_name: body.last_name,
      email: body.email,
      phone: body.phone,
      need: body.need,
      object: body.object,
      message: body.message,
      user_id: sender.actor?.userId ?? null,
      institution_id: institution?.id ?? null,
      created_at: now,
      updated_at: now,
    });
    const payload = {
      request_id: requestId,
      first_name: body.first_name,
      last_name: body.last_name,
      email: body.email,
      phone: body.phone,
      need: body.need,
      object: body.object,
      message: body.message,
      institution: institution?.name ?? null,
    };
    await enqueueMail(tx, {
      at: now,
      to: institution?.email ?? PLATFORM_CONTACT.email,
      template: 'contact-request',
      locale: 'fr',
      payload,
    });
    if (!sender.actor) return;
    const account = await accountOf(tx, sender.actor.userId);
    if (!account) return;
    await enqueueMail(tx, {
      at: now,
      to: account.email,
      template: 'contact-acknowledgement',
      locale: sender.locale,
      payload: {
        request_id: requestId,
        first_name: account.first_name,
        object: body.object,
        institution_name: institution?.name ?? 'Skolar',
      },
    });
  });
  return { message: translate(sender.locale, 'contact.sent') };
}
