import PDFDocument from 'pdfkit';
import type { Locale } from '../i18n/messages.ts';
import { zonedTimestamp } from '../time.ts';
import { initials } from './logo.ts';

// What every PDF Skolar issues shares: A4 in Helvetica (Latin-1 covers fr/de accents), the
// institution's colour band, its logo (or initials) and name above the title, and at the end the
// issue date with the verification code and where to check it.

export interface Letterhead {
  institution: string;
  colour: string;
  logo: Buffer | null;
  title: string;
  info: { Title: string; Subject?: string };
  layout?: 'portrait' | 'landscape';
}

/** A new document with its letterhead drawn, its pages banded, and its bytes when it ends. */
export function startPdf(head: Letterhead) {
  const colour = /^#[0-9a-f]{6}$/i.test(head.colour) ? head.colour : '#144E5E';
  const doc = new PDFDocument({
    size: 'A4',
    layout: head.layout ?? 'portrait',
    margin: 48,
    info: { ...head.info, Author: head.institution },
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
  /** A new page when `height` more points do not fit on this one. */
  const ensure = (height: number) => {
    if (doc.y + height > bottom()) {
      doc.addPage();
      band();
      doc.y = doc.page.margins.top;
    }
  };

  band();
  const top = 36;
  const logoSize = 52;
  if (head.logo) {
    doc.image(head.logo, left, top, { fit: [logoSize * 2, logoSize], valign: 'center' });
  } else {
    doc
      .save()
      .circle(left + logoSize / 2, top + logoSize / 2, logoSize / 2)
      .fill(colour)
      .fillColor('#FFFFFF')
      .font('Helvetica-Bold')
      .fontSize(18)
      .text(initials(head.institution), left, top + logoSize / 2 - 9, {
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
    .text(head.institution, textLeft, top + 4, { width: width - logoSize * 2 - 12 });
  doc
    .font('Helvetica')
    .fontSize(12)
    .fillColor(colour)
    .text(head.title, textLeft, doc.y + 2, { width: width - logoSize * 2 - 12 });
  doc.y = top + logoSize + 16;
  return { doc, done, colour, left, width, bottom, ensure };
}

export type Pdf = ReturnType<typeof startPdf>;

/** `Label : value`, the label muted and the value bold, on its own line. */
export function fact(pdf: Pdf, label: string, value: string, colon: string) {
  pdf.doc
    .fillColor('#555555')
    .font('Helvetica')
    .fontSize(10)
    .text(`${label}${colon}`, pdf.left, pdf.doc.y, { continued: true })
    .fillColor('#111111')
    .font('Helvetica-Bold')
    .text(value);
}

/** The issue date, the verification code and its address, and a closing rule; ends the PDF. */
export function finishPdf(
  pdf: Pdf,
  input: {
    issuedAt: Date;
    zone: string;
    locale: Locale;
    code: string;
    verifyUrl: string;
    labels: { issued: string; code: string; verifyAt: string; colon: string };
  },
): Promise<Buffer> {
  const { doc, left, width, colour } = pdf;
  const L = input.labels;
  doc.fillColor('#333333').font('Helvetica').fontSize(9);
  doc.text(`${L.issued} ${zonedTimestamp(input.issuedAt, input.zone, input.locale)}`, left, doc.y, {
    width,
  });
  doc.moveDown(0.5);
  doc
    .font('Helvetica')
    .text(`${L.code}${L.colon}`, left, doc.y, { continued: true })
    .font('Courier-Bold')
    .fontSize(12)
    .fillColor('#111111')
    .text(input.code);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#333333')
    .text(`${L.verifyAt} `, left, doc.y + 2, { continued: true })
    .fillColor(colour)
    .text(input.verifyUrl, { link: input.verifyUrl, underline: true });
  const ruleY = Math.min(doc.y + 10, pdf.bottom());
  doc
    .save()
    .moveTo(left, ruleY)
    .lineTo(left + width, ruleY)
    .lineWidth(2)
    .strokeColor(colour)
    .stroke()
    .restore();
  doc.end();
  return pdf.done;
}

/** `attestation-dupont-marie-2026-11.pdf`: ASCII words joined by dashes. */
export function fileSlug(...parts: string[]): string {
  return parts
    .join('-')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
