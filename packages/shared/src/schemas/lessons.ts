import { z } from 'zod';
import type { Wire } from '../wire.ts';
import { requiredText, rowPermissions } from './common-fields.ts';
import { resource } from './resources.ts';

/** `PATCH /api/lessons/:id`; creation adds the subject. */
export const lessonBody = z.object({
  title: requiredText(160),
  summary: z.string().trim().max(5000, { error: 'manage.validation.tooLong' }).default(''),
});
export type LessonBody = z.input<typeof lessonBody>;

/** `POST /api/lessons`: the lesson goes last in the subject. */
export const newLessonBody = lessonBody.extend({
  subject_id: z.number({ error: 'validation.required' }).int().positive(),
});
export type NewLessonBody = z.input<typeof newLessonBody>;

/** A lesson as the API answers it in lists and after edits. */
export const lesson = z.object({
  id: z.number().int(),
  institution_id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  position: z.number().int(),
  created_at: z.date(),
  archived_at: z.date().nullable(),
  nb_chapters: z.number().int(),
  can: rowPermissions,
});
export type Lesson = Wire<z.output<typeof lesson>>;

/** `GET /api/lessons/:id`: the lesson with its chapters in order and its subjects. */
export const lessonDetail = lesson.extend({
  subject_ids: z.array(z.number().int()),
  chapters: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      position: z.number().int(),
      archived_at: z.date().nullable(),
    }),
  ),
});
export type LessonDetail = Wire<z.output<typeof lessonDetail>>;

/** `PUT /api/subjects/:id/lesson-order`, `PUT /api/lessons/:id/chapter-order`: every id, in order. */
export const orderBody = z.object({
  ids: z
    .array(z.number().int().positive())
    .min(1, { error: 'validation.required' })
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, {
      error: 'manage.validation.duplicates',
    }),
});
export type OrderBody = z.infer<typeof orderBody>;

const VIDEO_HOSTS =
  /^(www\.|m\.)?(youtube\.com|youtu\.be|youtube-nocookie\.com|vimeo\.com|player\.vimeo\.com)$/;

/** The embed address of a YouTube or Vimeo link (https only), or null for anything else. */
export function videoEmbedUrl(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  if (!VIDEO_HOSTS.test(host)) return null;
  const id = /^[A-Za-z0-9_-]{6,20}$/;
  if (host.endsWith('youtu.be')) {
    const key = url.pathname.slice(1);
    return id.test(key) ? `https://www.youtube-nocookie.com/embed/${key}` : null;
  }
  if (host.includes('youtube')) {
    const key =
      url.pathname === '/watch'
        ? (url.searchParams.get('v') ?? '')
        : (/^\/(embed|shorts|live)\/([^/]+)$/.exec(url.pathname)?.[2] ?? '');
    return id.test(key) ? `https://www.youtube-nocookie.com/embed/${key}` : null;
  }
  const key = /^\/(video\/)?(\d{3,12})$/.exec(url.pathname)?.[2];
  return key ? `https://player.vimeo.com/video/${key}` : null;
}

/** A chapter's video: an https YouTube or Vimeo link; empty means none. */
const videoUrl = z
  .string()
  .trim()
  .max(500, { error: 'manage.validation.tooLong' })
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || videoEmbedUrl(value) !== null, {
    error: 'lessons.validation.video',
  });

/** `PATCH /api/chapters/:id`; `content` is the editor's HTML, sanitised by the server. */
export const chapterBody = z.object({
  title: requiredText(160),
  content: z.string().max(500_000, { error: 'manage.validation.tooLong' }).default(''),
  video_url: videoUrl.default(null),
});
export type ChapterBody = z.input<typeof chapterBody>;

/** `POST /api/chapters`: the chapter goes last in the lesson. */
export const newChapterBody = chapterBody.extend({
  lesson_id: z.number({ error: 'validation.required' }).int().positive(),
});
export type NewChapterBody = z.input<typeof newChapterBody>;

/** `POST /api/chapters/:id/resources` with JSON: a link (files come as multipart). */
export const linkResourceBody = z.object({
  kind: z.literal('link'),
  title: requiredText(160),
  url: z
    .string({ error: 'validation.required' })
    .trim()
    .max(2000, { error: 'manage.validation.tooLong' })
    .refine((value) => /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value), {
      error: 'manage.validation.url',
    }),
});
export type LinkResourceBody = z.input<typeof linkResourceBody>;

/** A chapter as lists answer it. */
export const chapterSummary = z.object({
  id: z.number().int(),
  lesson_id: z.number().int(),
  title: z.string(),
  position: z.number().int(),
  video_url: z.string().nullable(),
  created_at: z.date(),
  archived_at: z.date().nullable(),
  can: rowPermissions,
});
export type ChapterSummary = Wire<z.output<typeof chapterSummary>>;

/** `GET /api/chapters/:id`: the chapter to read, with its resources and neighbours. */
export const chapter = chapterSummary.extend({
  lesson_title: z.string(),
  content: z.string(),
  resources: z.array(resource),
  previous_id: z.number().int().nullable(),
  next_id: z.number().int().nullable(),
});
export type Chapter = Wire<z.output<typeof chapter>>;

/** `POST /api/lessons/:id/images`: an image pasted or dropped in the editor. */
export const uploadedImage = z.object({ id: z.number().int(), url: z.string() });
export type UploadedImage = z.infer<typeof uploadedImage>;
