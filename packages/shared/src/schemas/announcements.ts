import { z } from 'zod';
import type { Wire } from '../wire.ts';
import { instantField, requiredText } from './common-fields.ts';

// Announcements (issue 33, decision 201): staff post rich text to their institution, a promotion
// or a group they reach, now or at a chosen instant; pinned ones come first; edited or withdrawn.

export const ANNOUNCEMENT_AUDIENCES = ['institution', 'promotion', 'group'] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];

/** An announcement's text is at most this long (HTML, as the chapters' editor writes it). */
export const ANNOUNCEMENT_MAX_LENGTH = 20_000;

const audienceFields = {
  audience: z.enum(ANNOUNCEMENT_AUDIENCES, { error: 'announcements.validation.audience' }),
  /** The promotion or the group; none for the institution. */
  audience_id: z.number().int().positive().nullable().default(null),
};

const contentFields = {
  title: requiredText(200),
  body: requiredText(ANNOUNCEMENT_MAX_LENGTH),
  pinned: z.boolean().default(false),
  /** When it appears (and its audience is told); none: at once. */
  publish_at: instantField().nullable().default(null),
};

/** `POST /api/announcements`. */
export const announcementBody = z
  .object({ ...audienceFields, ...contentFields })
  .refine((value) => (value.audience === 'institution') === (value.audience_id === null), {
    error: 'announcements.validation.audience',
    path: ['audience_id'],
  });
export type AnnouncementBody = z.input<typeof announcementBody>;

/** `PATCH /api/announcements/:id`: the fields given (its audience stays). */
export const announcementPatch = z.object({
  title: contentFields.title.optional(),
  body: contentFields.body.optional(),
  pinned: z.boolean().optional(),
  publish_at: instantField().nullable().optional(),
});
export type AnnouncementPatch = z.input<typeof announcementPatch>;

export const announcement = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Sanitised HTML. */
  body: z.string(),
  audience: z.object({
    kind: z.enum(ANNOUNCEMENT_AUDIENCES),
    id: z.number().int().nullable(),
    label: z.string(),
  }),
  author: z.object({ id: z.number().int(), name: z.string() }),
  pinned: z.boolean(),
  /** When it appears (scheduled in the future, or past). */
  publish_at: z.date(),
  /** Null while scheduled. */
  published_at: z.date().nullable(),
  edited_at: z.date().nullable(),
  created_at: z.date(),
  can: z.object({ update: z.boolean(), delete: z.boolean() }),
});
export type Announcement = Wire<z.output<typeof announcement>>;

/** `GET /api/announcements`: pinned first, then the latest. */
export const announcementList = z.object({ data: z.array(announcement) });
export type AnnouncementList = Wire<z.output<typeof announcementList>>;

/** `GET /api/announcements/audiences`: where the actor may post. */
export const announcementAudiences = z.object({
  institution: z.boolean(),
  promotions: z.array(z.object({ id: z.number().int(), label: z.string() })),
  groups: z.array(z.object({ id: z.number().int(), label: z.string() })),
});
export type AnnouncementAudiences = Wire<z.output<typeof announcementAudiences>>;
