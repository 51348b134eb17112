import { fact, fileSlug, finishPdf, type Pdf, startPdf } from '../../documents/pdf.ts';
import type { Locale } from '../../i18n/messages.ts';
import { localDay, readableDay, wallClock, zonedTimestamp } from '../../time.ts';
import { ATTENDANCE_PDF_LABELS, fill } from './documents.labels.ts';
import type { CertificateContent, SheetContent, SheetSession } from './documents.service.ts';

// The attendance sheet and the certificate of attendance as PDFs (issue 32, decision 199).

interface Common {
  locale: Locale;
  code: string;
  verifyUrl: string;
  issuedAt: Date;
  logo: Buffer | null;
  colour: string;
}

const hours = (minutes: number, locale: Locale) =>
  `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(minutes / 60)} h`;
const percent = (rate: number | null, locale: Locale) =>
  rate === null
    ? '-'
    : new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(rate);

type Labels = (typeof ATTENDANCE_PDF_LABELS)[Locale];

function totalsBlock(pdf: Pdf, totals: SheetContent['totals'] & object, L: Labels, locale: Locale) {
  const { doc, left, width, colour, ensure } = pdf;
  ensure(80);
  const y = doc.y;
  doc.save().rect(left, y, width, 30).fill(colour).restore();
  doc
    .fillColor('#FFFFFF')
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(
      `${L.attended}${L.colon}${hours(totals.attended_minutes, locale)} / ${hours(totals.planned_minutes, locale)} - ${L.rate}${L.colon}${percent(totals.rate, locale)}`,
      left + 10,
      y + 9,
      { width: width - 20 },
    );
  doc.y = y + 38;
  doc
    .fillColor('#333333')
    .font('Helvetica')
    .fontSize(9)
    .text(fill(L.countsLine, { ...totals.counts, sessions: totals.sessions }), left, doc.y, {
      width,
    });
  doc.text(L.method, left, doc.y + 2, { width });
  doc.moveDown(0.8);
}

/**
 * The attendance sheet: per session its title, training, audience, trainer, day and hours in the
 * zone, then a line per learner and half-day with the status, the arrival, the signature image,
 * when it was signed and the SHA-256 of what was signed; the trainer's signature; the totals of a
 * learner's sheet; the verification code.
 */
export function renderSheetPdf(
  input: Common & { content: SheetContent; images: Map<number, Buffer> },
): Promise<Buffer> {
  const { content, locale, images } = input;
  const L = ATTENDANCE_PDF_LABELS[locale];
  const zone = content.institution.time_zone;
  const learnerName = content.learner
    ? `${content.learner.first_name} ${content.learner.last_name}`
    : null;
  const pdf = startPdf({
    institution: content.institution.name,
    colour: input.colour,
    logo: input.logo,
    title: L.sheet,
    info: {
      Title: `${L.sheet} - ${learnerName ?? content.sessions[0]?.title ?? ''}`,
      Subject: `${content.from} - ${content.to}`,
    },
  });
  const { doc, left, width, ensure, colour } = pdf;
  const time = (instant: Date) => wallClock(instant, zone, 'HH:mm');
  const stamp = (instant: Date) => zonedTimestamp(instant, zone, locale);
  if (learnerName) fact(pdf, L.learner, learnerName, L.colon);
  fact(
    pdf,
    L.period,
    content.from === content.to
      ? readableDay(content.from, locale)
      : fill(L.periodValue, {
          from: readableDay(content.from, locale),
          to: readableDay(content.to, locale),
        }),
    L.colon,
  );
  fact(pdf, L.timeZone, zone, L.colon);
  doc.moveDown(0.8);

  const columns = [
    { x: 0, w: 0.23 },
    { x: 0.23, w: 0.12 },
    { x: 0.35, w: 0.17 },
    { x: 0.52, w: 0.12 },
    { x: 0.64, w: 0.18 },
    { x: 0.82, w: 0.18 },
  ];
  const SIGNATURE_HEIGHT = 30;
  const header = () => {
    const y = doc.y;
    [L.learner, L.halfDay, L.status, L.checkedIn, L.signature, L.signedAt].forEach((cell, i) => {
      doc
        .font('Helvetica-Bold')
        .fontSize(8)
        .fillColor('#111111')
        .text(cell, left + columns[i]!.x * width + 3, y + 3, { width: columns[i]!.w * width - 6 });
    });
    doc.y = y + 16;
    rule(doc.y);
  };
  const rule = (y: number) =>
    doc
      .save()
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.4)
      .strokeColor('#CCCCCC')
      .stroke()
      .restore();
  const signatureCell = (
    signature: SheetSession['trainer_signature'],
    x: number,
    y: number,
    w: number,
  ) => {
    const image = signature ? images.get(signature.id) : undefined;
    if (image) doc.image(image, x, y, { fit: [w, SIGNATURE_HEIGHT], valign: 'center' });
    else
      doc
        .font('Helvetica-Oblique')
        .fontSize(8)
        .fillColor('#666666')
        .text(L.notSigned, x, y + 10, { width: w });
  };
  const signedCell = (
    signature: SheetSession['trainer_signature'],
    x: number,
    y: number,
    w: number,
  ) => {
    if (!signature) return;
    doc
      .font('Helvetica')
      .fontSize(7)
      .fillColor('#333333')
      .text(stamp(signature.signed_at), x, y, { width: w });
    doc
      .font('Courier')
      .fontSize(5.5)
      .fillColor('#555555')
      .text(signature.statement_sha256, x, doc.y + 1, { width: w });
  };

  if (content.sessions.length === 0)
    doc.font('Helvetica').fontSize(10).fillColor('#666666').text(L.noSession, left, doc.y);
  for (const session of content.sessions) {
    ensure(120);
    const y = doc.y;
    doc.save().rect(left, y, 3, 16).fill(colour).restore();
    doc
      .fillColor('#111111')
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(session.title, left + 8, y + 2, { width: width - 8 });
    doc.moveDown(0.2);
    const day = localDay(session.starts_at, zone);
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor('#333333')
      .text(
        [
          `${L.date}${L.colon}${readableDay(day, locale)}, ${time(session.starts_at)} - ${time(session.ends_at)}`,
          `${L.training}${L.colon}${session.training ?? L.noTraining}`,
          `${L.audience}${L.colon}${session.audience}`,
          `${L.trainer}${L.colon}${session.trainer ?? '-'}`,
        ].join('   ·   '),
        left,
        doc.y,
        { width },
      );
    doc.moveDown(0.4);
    header();
    for (const line of session.lines) {
      const height = SIGNATURE_HEIGHT + 8;
      if (doc.y + height > pdf.bottom()) {
        ensure(height + 20);
        header();
      }
      const rowY = doc.y;
      const status =
        line.status === 'late'
          ? fill(L.statuses.late, { minutes: line.late_minutes ?? 0 })
          : L.statuses[line.status];
      const cells = [
        `${line.last_name.toUpperCase()} ${line.first_name}`,
        L[line.half_day],
        status,
        line.checked_in_at ? time(line.checked_in_at) : '-',
      ];
      cells.forEach((cell, i) => {
        doc
          .font(i === 0 ? 'Helvetica-Bold' : 'Helvetica')
          .fontSize(8.5)
          .fillColor('#111111')
          .text(cell, left + columns[i]!.x * width + 3, rowY + 4, {
            width: columns[i]!.w * width - 6,
          });
      });
      signatureCell(
        line.signature,
        left + columns[4]!.x * width + 3,
        rowY + 4,
        columns[4]!.w * width - 6,
      );
      signedCell(
        line.signature,
        left + columns[5]!.x * width + 3,
        rowY + 4,
        columns[5]!.w * width - 6,
      );
      doc.y = rowY + height;
      rule(doc.y);
    }
    // The trainer's signature and whether the session is closed.
    ensure(SIGNATURE_HEIGHT + 30);
    const signY = doc.y + 6;
    doc
      .font('Helvetica-Bold')
      .fontSize(8.5)
      .fillColor('#111111')
      .text(`${L.trainerSignature}${L.colon}${session.trainer ?? '-'}`, left + 3, signY + 4, {
        width: columns[4]!.x * width - 6,
      });
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#333333')
      .text(
        session.closed_at ? `${L.closed} ${stamp(session.closed_at)}` : L.open,
        left + 3,
        doc.y + 2,
        { width: columns[4]!.x * width - 6 },
      );
    signatureCell(
      session.trainer_signature,
      left + columns[4]!.x * width + 3,
      signY,
      columns[4]!.w * width - 6,
    );
    signedCell(
      session.trainer_signature,
      left + columns[5]!.x * width + 3,
      signY,
      columns[5]!.w * width - 6,
    );
    doc.y = signY + SIGNATURE_HEIGHT + 12;
    doc.moveDown(0.6);
  }
  if (content.totals) totalsBlock(pdf, content.totals, L, locale);
  ensure(90);
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#555555')
    .text(L.fingerprint, left, doc.y, { width });
  doc.moveDown(0.6);
  return finishPdf(pdf, {
    issuedAt: input.issuedAt,
    zone,
    locale,
    code: input.code,
    verifyUrl: input.verifyUrl,
    labels: L,
  });
}

/** The certificate of attendance: who, which training and period, hours attended of planned. */
export function renderCertificatePdf(
  input: Common & { content: CertificateContent },
): Promise<Buffer> {
  const { content, locale } = input;
  const L = ATTENDANCE_PDF_LABELS[locale];
  const zone = content.institution.time_zone;
  const learner = `${content.learner.first_name} ${content.learner.last_name}`;
  const pdf = startPdf({
    institution: content.institution.name,
    colour: input.colour,
    logo: input.logo,
    title: L.certificate,
    info: { Title: `${L.certificate} - ${learner}`, Subject: content.training ?? '' },
  });
  const { doc, left, width } = pdf;
  const period = fill(L.periodValue, {
    from: readableDay(content.from, locale),
    to: readableDay(content.to, locale),
  });
  fact(pdf, L.learner, learner, L.colon);
  fact(pdf, L.training, content.training ?? L.noTraining, L.colon);
  fact(pdf, L.period, period, L.colon);
  doc.moveDown(1.2);
  doc
    .font('Helvetica')
    .fontSize(12)
    .fillColor('#111111')
    .text(
      fill(L.certifies, {
        institution: content.institution.name,
        learner,
        attended: hours(content.totals.attended_minutes, locale),
        planned: hours(content.totals.planned_minutes, locale),
        training: content.training
          ? fill(L.trainingName, { training: content.training })
          : L.allTrainings,
        period,
        rate: percent(content.totals.rate, locale),
      }),
      left,
      doc.y,
      { width, lineGap: 3 },
    );
  doc.moveDown(1.2);
  totalsBlock(pdf, content.totals, L, locale);
  doc.moveDown(1);
  return finishPdf(pdf, {
    issuedAt: input.issuedAt,
    zone,
    locale,
    code: input.code,
    verifyUrl: input.verifyUrl,
    labels: L,
  });
}

/** `feuille-emargement-dupont-marie-2026-11-01-2026-11-30.pdf`, in the reader's language. */
export function sheetFileName(content: SheetContent, locale: Locale) {
  const L = ATTENDANCE_PDF_LABELS[locale];
  const who = content.learner
    ? [content.learner.last_name, content.learner.first_name]
    : [content.sessions[0]?.title ?? ''];
  const days = content.from === content.to ? [content.from] : [content.from, content.to];
  return `${L.sheetFile}-${fileSlug(...who, ...days)}.pdf`;
}

export function certificateFileName(content: CertificateContent, locale: Locale) {
  const L = ATTENDANCE_PDF_LABELS[locale];
  return `${L.certificateFile}-${fileSlug(content.learner.last_name, content.learner.first_name, content.from, content.to)}.pdf`;
}
