import type { AnnotationBody } from '@skolar/shared';
import { annotationBody, annotationPatch } from '@skolar/shared';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { can } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { AnnotationGeometry } from '../../db/schema/index.ts';
import { blindFileName } from '../../files/names.ts';
import { storageFor } from '../../files/storage.ts';
import { conflict, notFound, validationFailed } from '../../http/errors.ts';
import {
  annotationById,
  annotationsOf,
  deleteAnnotation,
  evaluationWithin,
  insertAnnotation,
  submissionFor,
  updateAnnotationText,
} from './marking.queries.ts';

type Submission = NonNullable<Awaited<ReturnType<typeof submissionFor>>>;
type AnnotationRow = Awaited<ReturnType<typeof annotationsOf>>[number];

/** Whether the actor marks the hand-in's evaluation (decision 175). */
const marks = (ctx: AppContext, actor: Actor, submission: Submission) =>
  evaluationWithin(ctx.db, submission.evaluation_id, can(actor, 'update', 'evaluation').where);

/**
 * A hand-in version whose annotations the actor may read: those who mark its evaluation; its
 * student once their grade is published (404 before, as for anyone else).
 */
async function readable(ctx: AppContext, actor: Actor, submissionId: number) {
  const submission = await submissionFor(
    ctx.db,
    submissionId,
    can(actor, 'read', 'submission').where,
  );
  if (!submission) throw notFound();
  if (!submission.published && !(await marks(ctx, actor, submission))) throw notFound();
  return submission;
}

/** A hand-in version the actor marks (404 otherwise). */
async function markable(ctx: AppContext, actor: Actor, submissionId: number) {
  const submission = await submissionFor(
    ctx.db,
    submissionId,
    can(actor, 'read', 'submission').where,
  );
  if (!submission || !(await marks(ctx, actor, submission))) throw notFound();
  return submission;
}

export async function list(ctx: AppContext, actor: Actor, submissionId: number) {
  const submission = await readable(ctx, actor, submissionId);
  return { data: await annotationsOf(ctx.db, submission.id) };
}

/**
 * A marker's highlight, comment or drawing on a page of a PDF hand-in (422 on another type). The
 * file itself is never touched: the annotation is a row of its own.
 */
export async function create(
  ctx: AppContext,
  actor: Actor,
  submissionId: number,
  input: AnnotationBody,
) {
  const submission = await markable(ctx, actor, submissionId);
  if (submission.mime !== 'application/pdf')
    throw validationFailed({ submission: ['marking.validation.notPdf'] });
  const body = annotationBody.parse(input);
  const now = ctx.clock.now();
  return insertAnnotation(ctx.db, {
    submission_id: submission.id,
    author_id: actor.userId,
    page: body.page,
    kind: body.kind,
    geometry: body.geometry,
    text: body.text,
    color: body.color,
    created_at: now,
    updated_at: now,
  });
}

async function ownAnnotation(ctx: AppContext, actor: Actor, id: number) {
  const row = await annotationById(ctx.db, id);
  if (!row) throw notFound();
  await markable(ctx, actor, row.submission_id);
  return row;
}

/** Changes an annotation's text (a comment keeps one: 422 when emptied). */
export async function update(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: { text?: string | null },
) {
  const row = await ownAnnotation(ctx, actor, id);
  const { text } = annotationPatch.parse(input);
  if (row.kind === 'comment' && !text) throw validationFailed({ text: ['validation.required'] });
  return updateAnnotationText(ctx.db, row.id, text, ctx.clock.now());
}

export async function remove(ctx: AppContext, actor: Actor, id: number) {
  const row = await ownAnnotation(ctx, actor, id);
  await deleteAnnotation(ctx.db, row.id);
}

const colorOf = (hex: string) =>
  rgb(
    Number.parseInt(hex.slice(1, 3), 16) / 255,
    Number.parseInt(hex.slice(3, 5), 16) / 255,
    Number.parseInt(hex.slice(5, 7), 16) / 255,
  );

/** The text as the standard font can write it (WinAnsi): anything else becomes `?`. */
function writable(font: PDFFont, text: string) {
  return [...text.replace(/\s+/g, ' ')]
    .map((char) => {
      try {
        font.encodeText(char);
        return char;
      } catch {
        return '?';
      }
    })
    .join('');
}

/** Lines of at most `width` points at `size`, broken between words. */
function wrap(font: PDFFont, text: string, size: number, width: number) {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

/** Draws one annotation on its page: fractions of the page's visible box, from its top left. */
function drawOn(page: PDFPage, font: PDFFont, row: AnnotationRow, number: number | null) {
  const box = page.getCropBox();
  const at = (x: number, y: number) => ({
    x: box.x + x * box.width,
    y: box.y + box.height - y * box.height,
  });
  const color = colorOf(row.color);
  const geometry = row.geometry as AnnotationGeometry;
  if ('points' in geometry) {
    for (let index = 1; index < geometry.points.length; index++) {
      const [x1, y1] = geometry.points[index - 1]!;
      const [x2, y2] = geometry.points[index]!;
      page.drawLine({ start: at(x1, y1), end: at(x2, y2), thickness: 2, color, opacity: 0.9 });
    }
  } else if ('width' in geometry) {
    const corner = at(geometry.x, geometry.y + geometry.height);
    page.drawRectangle({
      ...corner,
      width: geometry.width * box.width,
      height: geometry.height * box.height,
      color,
      opacity: 0.3,
      borderColor: color,
      borderOpacity: 0.7,
      borderWidth: 0.75,
    });
  }
  if (number === null) return;
  const anchor =
    'points' in geometry
      ? at(geometry.points[0]![0], geometry.points[0]![1])
      : at(geometry.x, geometry.y);
  page.drawCircle({ ...anchor, size: 8, color });
  const label = String(number);
  page.drawText(label, {
    x: anchor.x - font.widthOfTextAtSize(label, 9) / 2,
    y: anchor.y - 3,
    size: 9,
    font,
    color: rgb(1, 1, 1),
  });
}

/** The hand-in's bytes with the annotations drawn on them and their texts on added pages. */
async function drawAnnotations(bytes: Uint8Array, rows: AnnotationRow[]) {
  const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true });
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const pages = pdf.getPages();
  const notes: { number: number; page: number; text: string }[] = [];
  for (const row of rows) {
    const page = pages[row.page - 1];
    if (!page) continue;
    const number = row.text ? notes.length + 1 : null;
    if (number !== null) notes.push({ number, page: row.page, text: writable(font, row.text!) });
    drawOn(page, font, row, number);
  }
  if (notes.length > 0) {
    const [width, height] = [595.28, 841.89];
    const margin = 56;
    let page = pdf.addPage([width, height]);
    let y = height - margin;
    page.drawText(writable(bold, 'Commentaires / Comments / Kommentare'), {
      x: margin,
      y,
      size: 14,
      font: bold,
    });
    y -= 28;
    for (const note of notes) {
      const lines = wrap(font, note.text, 10, width - 2 * margin - 40);
      if (y - lines.length * 14 < margin) {
        page = pdf.addPage([width, height]);
        y = height - margin;
      }
      page.drawText(`${note.number}. p. ${note.page}`, { x: margin, y, size: 10, font: bold });
      for (const line of lines) {
        page.drawText(line, { x: margin + 48, y, size: 10, font });
        y -= 14;
      }
      y -= 6;
    }
  }
  return pdf.save();
}

/**
 * The hand-in with its annotations drawn on it, and their texts numbered on pages added at the
 * end: a new file built for the download; the stored one and its SHA-256 never change.
 */
export async function annotatedPdf(ctx: AppContext, actor: Actor, submissionId: number) {
  const submission = await readable(ctx, actor, submissionId);
  if (submission.mime !== 'application/pdf') throw notFound();
  const bytes = await storageFor(ctx.config).get(submission.storage_key);
  if (!bytes) throw notFound();
  const rows = await annotationsOf(ctx.db, submission.id);
  // A file that starts as a PDF but that no reader can open (truncated, damaged) is said so.
  const annotated = await drawAnnotations(bytes, rows).catch(() => {
    throw conflict('marking.pdfUnreadable');
  });
  // A blind marker's copy is named after the participant, not the student (decision 196).
  const name =
    submission.blind_label !== null && submission.student_id !== actor.userId
      ? blindFileName(submission.blind_label, submission.version, submission.file_name)
      : submission.file_name;
  const base = name.replace(/\.pdf$/i, '');
  return { bytes: Buffer.from(annotated), fileName: `${base}-annotations.pdf` };
}
