import { z } from 'zod';
import type { Wire } from '../wire.ts';
import { publicInstitution } from './catalogue.ts';
import {
  dayField,
  isClockTime,
  optionalText,
  requiredText,
  rowPermissions,
  timeField,
} from './common-fields.ts';
import { resource } from './resources.ts';

const visibility = z.enum(['public', 'private']);

/** `PATCH /api/seminars/:id`; creation adds the promotion. */
export const seminarBody = z.object({
  title: requiredText(160),
  description: z.string().trim().max(5000, { error: 'manage.validation.tooLong' }).default(''),
  visibility: visibility.default('private'),
});
export type SeminarBody = z.input<typeof seminarBody>;

/** `POST /api/seminars`. */
export const newSeminarBody = seminarBody.extend({
  promotion_id: z.number({ error: 'validation.required' }).int().positive(),
});
export type NewSeminarBody = z.input<typeof newSeminarBody>;

/** An http(s) address, or nothing (empty becomes null). */
const optionalWebLink = optionalText(500).refine(
  (value) => value === null || /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(value),
  { error: 'seminars.validation.link' },
);

/**
 * The episode form: a day and wall-clock times typed in the institution's time zone (the API
 * stores the instants), and a place or an online link, or both.
 */
export const episodeFields = z.object({
  title: requiredText(160),
  description: z.string().trim().max(5000, { error: 'manage.validation.tooLong' }).default(''),
  day: dayField('seminars.validation.day'),
  start_time: timeField('seminars.validation.time'),
  end_time: timeField('seminars.validation.time'),
  location: optionalText(300),
  online_link: optionalWebLink,
});

/** The rules across an episode's fields, as message keys per field (empty when it holds). */
export function episodeRuleErrors(episode: {
  start_time: string;
  end_time: string;
  location: string | null;
  online_link: string | null;
}): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  // `HH:MM` strings compare as times of the same day (real ones: an impossible one has its message).
  if (
    isClockTime(episode.start_time) &&
    isClockTime(episode.end_time) &&
    episode.end_time <= episode.start_time
  ) {
    errors.end_time = ['seminars.validation.endsAfter'];
  }
  if (!episode.location && !episode.online_link) {
    errors.location = ['seminars.validation.placeOrLink'];
    errors.online_link = ['seminars.validation.placeOrLink'];
  }
  return errors;
}

/** `POST /api/seminars/:id/episodes` and the episode form (the rules across fields included). */
export const episodeBody = episodeFields.superRefine((value, ctx) => {
  for (const [field, messages] of Object.entries(episodeRuleErrors(value))) {
    for (const message of messages) ctx.addIssue({ code: 'custom', path: [field], message });
  }
});
export type EpisodeBody = z.input<typeof episodeFields>;

/** `POST /api/episodes/:id/resources` with JSON: a link. */
export const resourceLinkBody = z.object({
  title: requiredText(200),
  url: requiredText(500).refine((value) => /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(value), {
    error: 'seminars.validation.link',
  }),
});
export type ResourceLinkBody = z.input<typeof resourceLinkBody>;

/** An episode as the API answers it: the instants, and the same in the institution's zone. */
export const episode = z.object({
  id: z.number().int(),
  seminar_id: z.number().int(),
  title: z.string(),
  description: z.string(),
  starts_at: z.date(),
  ends_at: z.date(),
  /** The institution's IANA zone, in which `day`, `start_time` and `end_time` are read. */
  time_zone: z.string(),
  day: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  location: z.string().nullable(),
  online_link: z.string().nullable(),
  position: z.number().int(),
  can: rowPermissions,
});
export type Episode = Wire<z.output<typeof episode>>;

/** `GET /api/episodes/:id`: the episode, its resources and its seminar's title. */
export const episodeDetail = episode.extend({
  seminar_title: z.string(),
  promotion_id: z.number().int(),
  resources: z.array(resource),
});
export type EpisodeDetail = Wire<z.output<typeof episodeDetail>>;

/** The next episode of a seminar (lists and the student's space). */
const nextEpisode = episode
  .pick({
    id: true,
    title: true,
    starts_at: true,
    ends_at: true,
    day: true,
    start_time: true,
    end_time: true,
    location: true,
    online_link: true,
  })
  .nullable();

/** A seminar as the API answers it (list and edits). */
export const seminar = z.object({
  id: z.number().int(),
  institution_id: z.number().int(),
  institution_name: z.string(),
  promotion_id: z.number().int(),
  promotion_name: z.string(),
  /** The promotion's program (the `:id` of the seminar screens' paths). */
  program_id: z.number().int(),
  title: z.string(),
  description: z.string(),
  visibility,
  /** `/api/files/<id>` of the syllabus PDF, or null. */
  syllabus_link: z.string().nullable(),
  syllabus_name: z.string().nullable(),
  time_zone: z.string(),
  created_at: z.date(),
  archived_at: z.date().nullable(),
  nb_episodes: z.number().int(),
  can: rowPermissions,
});
export type Seminar = Wire<z.output<typeof seminar>>;

/** `GET /api/seminars/:id`: the seminar with its episodes in order. */
export const seminarDetail = seminar.extend({ episodes: z.array(episode) });
export type SeminarDetail = Wire<z.output<typeof seminarDetail>>;

/** `GET /api/me/seminars`: a seminar of the student's promotions with its next episode. */
export const mySeminar = seminar
  .omit({ can: true, created_at: true, archived_at: true })
  .extend({ next_episode: nextEpisode });
export type MySeminar = Wire<z.output<typeof mySeminar>>;

/** A public, non-archived seminar of the catalogue (`GET /api/event/seminar`). */
export const publicSeminar = seminar
  .pick({ id: true, title: true, description: true, promotion_name: true, nb_episodes: true })
  .extend({
    syllabus_link: z.string().nullable(),
    /** When the next episode starts (ISO), or null when none is coming. */
    next_episode_at: z.string().nullable(),
    institution: publicInstitution,
  });
export type PublicSeminar = z.infer<typeof publicSeminar>;
