import { readFile as readDisk } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatAverage, promotionLabel } from '@skolar/shared';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import type { AppContext } from '../../context.ts';
import { readFile } from '../../files/files.service.ts';
import type { Locale } from '../../i18n/messages.ts';
import { readableDay, zonedTimestamp } from '../../time.ts';
import { PDF_LABELS } from './transcripts.labels.ts';
import type { TranscriptAnswer } from './transcripts.service.ts';

const DEMO_LOGO = /^\/demo\/logos\/([a-z0-9-]+)\.svg$/;
const FILE_LOGO = /^\/api\/files\/([0-9]+)$/;

/** Where the demo logos are: the web build next to the server, or the web sources in development. */
function demoLogoPaths(name: string): string[] {
  const here = dirname(fileURLToPath(import.meta.url));
  return [
    '../../web/dist',
    '../../web/public',
    '../../../../web/dist',
    '../../../../web/public',
  ].map((root) => resolve(here, root, 'demo/logos', `${name}.svg`));
}

async function logoBytes(ctx: AppContext, link: string | null): Promise<Buffer | null> {
  if (!link) return null;
  const demo = DEMO_LOGO.exec(link);
  if (demo) {
    for (const path of demoLogoPaths(demo[1]!)) {
      try {
        return await readDisk(path);
      } catch {
        // next candidate
      }
    }
    return null;
  }
  const file = FILE_LOGO.exec(link);
  if (file) return (await readFile(ctx, null, Number(file[1]))).bytes;
  // Outside links are never fetched by the server.
  return null;
}

/**
 * The institution's logo as a PNG pdfkit can draw (SVG and WebP logos are converted), or null
 * when it cannot be read: the PDF then shows the institution's initials instead.
 */
export async function logoPng(ctx: AppContext, link: string | null): Promise<Buffer | null> {
  try {
    const bytes = await logoBytes(ctx, link);
    if (!bytes) return null;
    return await sharp(bytes).resize({ height: 160, withoutEnlargement: false }).png().toBuffer();
  } catch {
    return null;
  }
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter((word) => /^\p{Lu}/u.test(word))
    .slice(0, 3)
    .map((word) => word[0])
    .join('') || name.slice(0, 2).toUpperCase();

const number = (value: number, locale: Locale) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);

/** `12,5 / 20`, or a dash while there is no average. */
const outOf20 = (value: number | null, locale: Locale) =>
  value === null ? '-' : `${formatAverage(value, locale)} / 20`;

export interface PdfInput {
  transcript: TranscriptAnswer;
  locale: Locale;
  code: string;
  verifyUrl: string;
  issuedAt: Date;
  logo: Buffer | null;
}

/** The transcript as a one-or-more-page A4 PDF (Helvetica: Latin-1 covers fr/de accents). */
export function renderTranscriptPdf(input: PdfInput): Promise<Buffer> {
  const { transcript: t, locale, code, verifyUrl, issuedAt, logo } = input;
  const L = PDF_LABELS[locale];
  const colour = /^#[0-9a-f]{6}$/i.test(t.institution.color_code)
    ? t.institution.color_code
    : '#144E5E';
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: {
      Title: `${L.title} - ${t.student.first_name} ${t.student.last_name}`,
      Author: t.institution.name,
      Subject: `${t.promotion.name} ${t.promotion.academic_year}`,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolvePdf, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolvePdf(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const band = () => doc.save().rect(0, 0, doc.page.width, 10).fill(colour).restore();
  const ensure = (height: number) => {
    if (doc.y + height > bottom()) {
      doc.addPage();
      band();
      doc.y = doc.page.margins.top;
    }
  };

  // Header: the institution's colour band, logo (or initials) and name.
  band();
  const top = 36;
  const logoSize = 52;
  if (logo) {
    doc.image(logo, left, top, { fit: [logoSize * 2, logoSize], valign: 'center' });
  } else {
    doc
      .save()
      .circle(left + logoSize / 2, top + logoSize / 2, logoSize / 2)
      .fill(colour)
      .fillColor('#FFFFFF')
      .font('Helvetica-Bold')
      .fontSize(18)
      .text(initials(t.institution.name), left, top + logoSize / 2 - 9, {
        width: logoSize,
        align: 'center',
      })
      .restore();
  }
  const textLeft = left + logoSize * 2 + 12;
  doc
    .fillColor('#111111')
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(t.institution.name, textLeft, top + 4, { width: width - logoSize * 2 - 12 });
  doc
    .font('Helvetica')
    .fontSize(12)
    .fillColor(colour)
    .text(L.title, textLeft, doc.y + 2, { width: width - logoSize * 2 - 12 });
  doc.y = top + logoSize + 16;

  // Who and which year.
  const fact = (label: string, value: string) => {
    doc
      .fillColor('#555555')
      .font('Helvetica')
      .fontSize(10)
      .text(`${label}${L.colon}`, left, doc.y, { continued: true })
      .fillColor('#111111')
      .font('Helvetica-Bold')
      .text(value);
  };
  fact(L.student, `${t.student.first_name} ${t.student.last_name}`);
  fact(L.promotion, promotionLabel(t.promotion, ' - '));
  fact(L.program, t.program.name);
  fact(L.levels, t.levels.length > 0 ? t.levels.join(', ') : '-');
  doc.moveDown(0.8);

  // One table per subject.
  const columns = [
    { key: 'evaluation', x: 0, w: 0.38 },
    { key: 'date', x: 0.38, w: 0.15 },
    { key: 'percentage', x: 0.53, w: 0.13 },
    { key: 'grade', x: 0.66, w: 0.16 },
    { key: 'outOf20', x: 0.82, w: 0.18 },
  ] as const;
  const row = (cells: string[], options: { bold?: boolean; muted?: boolean } = {}) => {
    const heights = cells.map((cell, i) =>
      doc
        .font(options.bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(9)
        .heightOfString(cell, { width: columns[i]!.w * width - 6 }),
    );
    const height = Math.max(...heights) + 6;
    ensure(height);
    const y = doc.y;
    cells.forEach((cell, i) => {
      doc
        .font(options.bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(9)
        .fillColor(options.muted ? '#666666' : '#111111')
        .text(cell, left + columns[i]!.x * width + 3, y + 3, {
          width: columns[i]!.w * width - 6,
          align: i >= 2 ? 'right' : 'left',
        });
    });
    doc
      .save()
      .moveTo(left, y + height)
      .lineTo(left + width, y + height)
      .lineWidth(0.4)
      .strokeColor('#CCCCCC')
      .stroke()
      .restore();
    doc.y = y + height;
  };

  for (const subject of t.subjects) {
    ensure(60);
    const y = doc.y;
    doc.save().rect(left, y, 3, 16).fill(colour).restore();
    doc
      .fillColor('#111111')
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(subject.name, left + 8, y + 2, { width: width * 0.55 });
    const after = doc.y;
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor('#333333')
      .text(
        `${L.coefficient} ${number(subject.coefficient, locale)} - ${L.average} ${outOf20(subject.average, locale)}`,
        left + width * 0.55,
        y + 3,
        { width: width * 0.45, align: 'right' },
      );
    doc.y = Math.max(after, y + 16) + 4;
    row(
      columns.map((column) => L[column.key]),
      { bold: true },
    );
    if (subject.evaluations.length === 0) row([L.noEvaluation, '', '', '', ''], { muted: true });
    for (const evaluation of subject.evaluations) {
      const title = `${evaluation.title} (${evaluation.type === 'exam' ? L.exam : L.project})`;
      const grade = evaluation.absent
        ? L.absent
        : evaluation.pending
          ? L.pending
          : `${number(evaluation.grade!, locale)} / ${number(evaluation.scale, locale)}`;
      row(
        [
          title,
          readableDay(evaluation.date, locale),
          `${number(evaluation.percentage, locale)} %`,
          grade,
          evaluation.normalised === null
            ? '-'
            : `${formatAverage(evaluation.normalised, locale)} / 20`,
        ],
        { muted: evaluation.pending },
      );
    }
    doc.moveDown(0.8);
  }

  // The overall average, the notes, the issue date and the verification code.
  ensure(170);
  const y = doc.y;
  doc.save().rect(left, y, width, 30).fill(colour).restore();
  doc
    .fillColor('#FFFFFF')
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(`${L.overall}${L.colon}${outOf20(t.average, locale)}`, left + 10, y + 9, {
      width: width - 20,
    });
  doc.y = y + 40;
  doc.fillColor('#333333').font('Helvetica').fontSize(9);
  doc.text(L.pendingNote, left, doc.y, { width });
  doc.text(L.changeNote, left, doc.y + 2, { width });
  doc.moveDown(0.8);
  doc.text(
    `${L.issued} ${zonedTimestamp(issuedAt, t.institution.time_zone, locale)}`,
    left,
    doc.y,
    {
      width,
    },
  );
  doc.moveDown(0.5);
  doc
    .font('Helvetica')
    .text(`${L.code}${L.colon}`, left, doc.y, { continued: true })
    .font('Courier-Bold')
    .fontSize(12)
    .fillColor('#111111')
    .text(code);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#333333')
    .text(`${L.verifyAt} `, left, doc.y + 2, { continued: true })
    .fillColor(colour)
    .text(verifyUrl, { link: verifyUrl, underline: true });
  const ruleY = Math.min(doc.y + 10, bottom());
  doc
    .save()
    .moveTo(left, ruleY)
    .lineTo(left + width, ruleY)
    .lineWidth(2)
    .strokeColor(colour)
    .stroke()
    .restore();
  doc.end();
  return done;
}

/** `releve-de-notes-dupont-marie-2026-2027.pdf`: ASCII, in the reader's language. */
export function pdfFileName(t: TranscriptAnswer, locale: Locale): string {
  const slug = [t.student.last_name, t.student.first_name, t.promotion.academic_year]
    .join('-')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${PDF_LABELS[locale].file}-${slug}.pdf`;
}
