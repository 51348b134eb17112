// Who reads a file: whoever may read the row that links it (a logo and the covers and syllabuses
// of the public catalogue, anyone).
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import {
  attendanceJustifications,
  chapterImages,
  chapters,
  discussionAttachments,
  discussionPosts,
  episodes,
  evaluations,
  files,
  resources,
  seminars,
  submissions,
  trainings,
  users,
} from '../../db/schema/index.ts';
import type { Actor } from '../sessions.ts';
import { assessmentRules, evaluationScope, markedEvaluations } from './assessment.ts';
import { attendanceRules } from './attendance.ts';
import { communicationRules } from './communication.ts';
import { type EntityRules, isSuperAdmin, TRUE } from './scope.ts';
import { trainingScope, userScope } from './structure.ts';
import { chapterScope, episodeScope, publicSeminar, seminarScope } from './teaching.ts';

/** `/api/files/<id>`, the link other rows keep to a file, as SQL on the files table. */
const fileLink = sql`'/api/files/' || ${files.id}`;

/**
 * A file is readable as the row that links it is: an institution's logo by anyone, a training's
 * cover by whoever may read the training (anyone when it is public), a picture by whoever may read
 * its user; a chapter's image (chapter_images) or file resource by whoever may read the chapter that
 * shows or lists it; a seminar's syllabus by whoever may read the seminar (anyone when it is public and not
 * archived), an episode's resource by whoever may read the episode; every file by its uploader.
 * an evaluation's document by whoever may read the evaluation, its correction by staff in scope
 * (students through their own route once it has closed), a submission by its student and the
 * staff of its evaluation; a justification of absences by whoever may read the justification; a
 * discussion post's file by whoever reads the post, until it is removed.
 */
function fileScope(actor: Actor): SQL {
  if (isSuperAdmin(actor)) return TRUE;
  const trainingsSeen = trainingScope(actor);
  const usersSeen = userScope(actor, 'user');
  const seminarsSeen = seminarScope(actor);
  const episodesSeen = episodeScope(actor);
  const submissionsSeen = assessmentRules.submission.visible(actor);
  return or(
    eq(files.owner_id, actor.userId),
    eq(files.kind, 'institution/logo'),
    and(
      eq(files.kind, 'formation/cover'),
      sql`${fileLink} in (select ${trainings.cover_link} from ${trainings} where ${trainingsSeen} or (${trainings.visibility} = 'public' and ${trainings.archived_at} is null))`,
    ),
    and(
      eq(files.kind, 'user/picture'),
      sql`${fileLink} in (select ${users.picture_link} from ${users} where ${usersSeen})`,
    ),
    and(
      eq(files.kind, 'chapter/image'),
      // Through the chapters that show it (decision 172), never a text that names its address.
      sql`${files.id} in (select ${chapterImages.file_id} from ${chapterImages} where ${chapterImages.chapter_id} in (select ${chapters.id} from ${chapters} where ${chapterScope(actor)}))`,
    ),
    and(
      eq(files.kind, 'seminar/syllabus'),
      sql`${files.id} in (select ${seminars.syllabus_file_id} from ${seminars} where ${seminarsSeen} or (${publicSeminar}))`,
    ),
    and(
      eq(files.kind, 'evaluation/document'),
      sql`${files.id} in (select ${evaluations.document_file_id} from ${evaluations} where ${evaluationScope(actor)})`,
    ),
    // A correction reaches students only once no attempt takes an answer, through their own route
    // (`/api/me/evaluations/:id/correction`, which asks the clock); here, those who mark it.
    and(
      eq(files.kind, 'evaluation/correction'),
      sql`${files.id} in (select ${evaluations.correction_file_id} from ${evaluations} where ${markedEvaluations(actor)})`,
    ),
    and(
      eq(files.kind, 'submission'),
      sql`${files.id} in (select ${submissions.file_id} from ${submissions} where ${submissionsSeen})`,
    ),
    and(
      eq(files.kind, 'attendance/justification'),
      sql`${files.id} in (select ${attendanceJustifications.file_id} from ${attendanceJustifications} where ${attendanceRules.justification.visible(actor)})`,
    ),
    // A post's file, by whoever reads the post, until it is removed (decision 202).
    and(
      eq(files.kind, 'discussion/attachment'),
      sql`${files.id} in (select ${discussionAttachments.file_id} from ${discussionAttachments} join ${discussionPosts} on ${discussionPosts.id} = ${discussionAttachments.post_id} where ${discussionPosts.removed_at} is null and ${communicationRules.discussion_post.visible(actor)})`,
    ),
    and(
      eq(files.kind, 'resource'),
      sql`${files.id} in (select ${resources.file_id} from ${resources} where ${resources.chapter_id} in (select ${chapters.id} from ${chapters} where ${chapterScope(actor)}) or ${resources.episode_id} in (select ${episodes.id} from ${episodes} where ${episodesSeen}))`,
    ),
  )!;
}

/**
 * Files anyone may read, signed in or not: logos, and the covers and syllabuses of public,
 * non-archived trainings and seminars.
 */
export const publicFiles: SQL = or(
  eq(files.kind, 'institution/logo'),
  and(
    eq(files.kind, 'seminar/syllabus'),
    sql`${files.id} in (select ${seminars.syllabus_file_id} from ${seminars} where ${publicSeminar})`,
  ),
  and(
    eq(files.kind, 'formation/cover'),
    sql`${fileLink} in (select ${trainings.cover_link} from ${trainings} where ${trainings.visibility} = 'public' and ${trainings.archived_at} is null)`,
  ),
)!;

export const fileRules = {
  file: { table: files, id: files.id, visible: fileScope },
} satisfies EntityRules;
