import {
  type Delivery,
  NOTIFICATION_RULES,
  type NotificationType,
  notificationPreferencesPatch,
  notificationTypesOf,
} from '@skolar/shared';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { fieldErrorsOf, validationFailed } from '../../http/errors.ts';
import { deliveriesOf, digestOf, setDelivery, setDigest } from './preferences.queries.ts';

// A person's notification preferences (decision 200): per type, in the application only, also by
// e-mail at once, also in the daily digest, or not at all; the digest's hour in their zone.

async function read(db: DbOrTx, actor: Actor) {
  const [own, digest] = await Promise.all([
    deliveriesOf(db, actor.userId),
    digestOf(db, actor.userId),
  ]);
  const chosen = new Map(own.map((row) => [row.type, row.delivery]));
  return {
    types: notificationTypesOf(actor.role).map((type) => ({
      type,
      delivery: (chosen.get(type) ?? NOTIFICATION_RULES[type].delivery) as Delivery,
      default: NOTIFICATION_RULES[type].delivery,
    })),
    digest_hour: Number(digest?.digest_hour ?? 7),
    time_zone: digest?.time_zone ?? 'Europe/Paris',
    email_enabled: digest?.email_enabled ?? false,
  };
}

/** `GET /api/me/notification-preferences`. */
export const get = (ctx: AppContext, actor: Actor) => read(ctx.db, actor);

/**
 * `PATCH /api/me/notification-preferences`: the types given (only those the person's role may
 * receive), the digest's hour or zone; the rest unchanged.
 */
export async function update(ctx: AppContext, actor: Actor, body: unknown) {
  const parsed = notificationPreferencesPatch.safeParse(body);
  if (!parsed.success) throw validationFailed(fieldErrorsOf(parsed.error));
  const patch = parsed.data;
  const allowed = new Set<NotificationType>(notificationTypesOf(actor.role));
  const refused = (patch.types ?? []).findIndex((entry) => !allowed.has(entry.type));
  if (refused !== -1) {
    throw validationFailed({ [`types.${refused}.type`]: ['notifications.validation.type'] });
  }
  return ctx.db.transaction(async (tx) => {
    for (const entry of patch.types ?? []) {
      const isDefault = NOTIFICATION_RULES[entry.type].delivery === entry.delivery;
      await setDelivery(tx, actor.userId, entry.type, entry.delivery, isDefault);
    }
    if (patch.digest_hour !== undefined || patch.time_zone !== undefined) {
      await setDigest(tx, actor.userId, {
        ...(patch.digest_hour === undefined ? {} : { digest_hour: patch.digest_hour }),
        ...(patch.time_zone === undefined ? {} : { time_zone: patch.time_zone }),
      });
    }
    return read(tx, actor);
  });
}
