import type { DbOrTx } from '../../db/client.ts';
import { LOCALES, type Locale } from '../../i18n/messages.ts';
import { isMailTemplate, linksOf, renderMail } from '../../mail/templates.ts';
import { isAccountRequest } from '../auth/passwords.service.ts';
import { outboxNewestFirst } from './dev.queries.ts';

/** The outbox, newest first, each mail rendered as it is (or would be) sent. */
export async function listDevMail(db: DbOrTx, options: { to?: string; limit: number }) {
  const rows = await outboxNewestFirst(db, options);
  // A reset or verification request not yet resolved by the worker is no mail yet.
  return rows
    .filter((row) => !isAccountRequest(row.payload))
    .map((row) => {
      const locale: Locale = (LOCALES as readonly string[]).includes(row.locale)
        ? row.locale
        : 'fr';
      const rendered = isMailTemplate(row.template)
        ? renderMail(row.template, locale, row.payload)
        : { subject: row.template, text: '', html: '' };
      return {
        id: row.id,
        to: row.to_address,
        template: row.template,
        locale,
        status: row.status,
        created_at: row.created_at.toISOString(),
        ...rendered,
        links: linksOf(rendered.text),
      };
    });
}
