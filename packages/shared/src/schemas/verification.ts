import { z } from 'zod';
import type { Wire } from '../wire.ts';
import {
  attendanceCertificateVerification,
  attendanceSheetVerification,
} from './attendance-documents.ts';
import { transcriptVerification } from './transcript.ts';

/**
 * `GET /api/verify/:code`: the document that code was printed on is genuine, and what it said: a
 * transcript, an attendance sheet or a certificate of attendance (`kind`).
 */
export const documentVerification = z.discriminatedUnion('kind', [
  transcriptVerification,
  attendanceSheetVerification,
  attendanceCertificateVerification,
]);
export type DocumentVerification = Wire<z.output<typeof documentVerification>>;
