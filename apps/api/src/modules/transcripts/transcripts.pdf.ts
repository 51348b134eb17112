import { formatAverage, promotionLabel } from '@skolar/shared';
import { fact as factLine, fileSlug, finishPdf, startPdf } from '../../documents/pdf.ts';
import type { Locale } from '../../i18n/messages.ts';
import { readableDay } from '../../time.ts';
import { PDF_LABELS } from './transcripts.labels.ts';
import type { TranscriptAnswer } from './transcripts.service.ts';

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
  const pdf = startPdf({
    institution: t.institution.name,
    colour: t.institution.color_code,
    logo,
    title: L.title,
    info: {
      Title: `${L.title} - ${t.student.first_name} ${t.student.last_name}`,
      Subject: `${t.promotion.name} ${t.promotion.academic_year}`,
    },
  });
  const { doc, left, width, ensure, colour } = pdf;

  // Who and which year.
  const fact = (label: string, value: string) => factLine(pdf, label, value, L.colon);
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
  return finishPdf(pdf, {
    issuedAt,
    zone: t.institution.time_zone,
    locale,
    code,
    verifyUrl,
    labels: L,
  });
}

/** `releve-de-notes-dupont-marie-2026-2027.pdf`: ASCII, in the reader's language. */
export function pdfFileName(t: TranscriptAnswer, locale: Locale): string {
  const slug = fileSlug(t.student.last_name, t.student.first_name, t.promotion.academic_year);
  return `${PDF_LABELS[locale].file}-${slug}.pdf`;
}
