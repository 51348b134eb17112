import { z } from 'zod';
import { NOTIFICATION_TYPES } from '../rules/notifications.ts';
import type { Wire } from '../wire.ts';

// The notification centre (issue 33, decision 200): one record per person and event, its link,
// read or not; each person's delivery per type; the daily digest's hour and zone.

export const notificationType = z.enum(NOTIFICATION_TYPES);

/** A notification: its type, the values its text is made of, and where it leads. */
export const notification = z.object({
  id: z.number().int(),
  type: notificationType,
  /** Names and titles the text is made of (`notificationText` renders it in any language). */
  params: z.record(z.string(), z.string()),
  /** A path of the web application (`/results`, `/evaluation-details/12`…). */
  link: z.string(),
  created_at: z.date(),
  read_at: z.date().nullable(),
});
export type Notification = Wire<z.output<typeof notification>>;

/** `GET /api/notifications?before=&unread=&limit=`: the latest first, by pages. */
export const notificationListQuery = z.object({
  /** Only those older than this id (the next page). */
  before: z.coerce.number().int().positive().optional(),
  unread: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const notificationList = z.object({
  data: z.array(notification),
  /** How many of the person's notifications are unread (all of them, not only this page). */
  unread: z.number().int(),
  has_more: z.boolean(),
});
export type NotificationList = Wire<z.output<typeof notificationList>>;

/** The answer of marking read: the unread count after it. */
export const unreadCount = z.object({ unread: z.number().int() });

/**
 * How a person receives one type: in the application only, also by e-mail at once, also in the
 * daily digest, or not at all.
 */
export const DELIVERIES = ['app', 'instant', 'digest', 'off'] as const;
export type Delivery = (typeof DELIVERIES)[number];

/** Whether the string names a time zone this runtime knows (`Europe/Paris`, `UTC`…). */
export function isTimeZone(value: string): boolean {
  if (value === '') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const deliveryField = z.enum(DELIVERIES, { error: 'notifications.validation.delivery' });
const digestHourField = z
  .number({ error: 'notifications.validation.hour' })
  .int({ error: 'notifications.validation.hour' })
  .min(0, { error: 'notifications.validation.hour' })
  .max(23, { error: 'notifications.validation.hour' });
const timeZoneField = z
  .string({ error: 'notifications.validation.timeZone' })
  .max(64, { error: 'notifications.validation.timeZone' })
  .refine(isTimeZone, { error: 'notifications.validation.timeZone' });

/**
 * `GET /api/me/notification-preferences`: each type the person may receive with its delivery,
 * the digest's hour (0–23) and the zone it is read in.
 */
export const notificationPreferences = z.object({
  types: z.array(
    z.object({ type: notificationType, delivery: z.enum(DELIVERIES), default: z.enum(DELIVERIES) }),
  ),
  digest_hour: z.number().int(),
  time_zone: z.string(),
  /** False when the account's e-mail notifications are off: nothing is mailed, whatever the type says. */
  email_enabled: z.boolean(),
});
export type NotificationPreferences = Wire<z.output<typeof notificationPreferences>>;

/** `PATCH /api/me/notification-preferences`: the fields given, and the types given. */
export const notificationPreferencesPatch = z.object({
  types: z
    .array(z.object({ type: notificationType, delivery: deliveryField }))
    .max(100)
    .optional(),
  digest_hour: digestHourField.optional(),
  time_zone: timeZoneField.optional(),
});
export type NotificationPreferencesPatch = z.input<typeof notificationPreferencesPatch>;

/** `GET /api/notifications/unsubscribe/:token`: what the link would stop, before confirming. */
export const unsubscribeInfo = z.object({
  /** The type the link stops mailing, or `digest` for the daily digest as a whole. */
  type: z.union([notificationType, z.literal('digest')]),
  institution_name: z.string(),
  used: z.boolean(),
});
export type UnsubscribeInfo = Wire<z.output<typeof unsubscribeInfo>>;
