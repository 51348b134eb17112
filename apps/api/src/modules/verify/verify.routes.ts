import { documentVerification, errorBody } from '@skolar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/errors.ts';
import { verifyAttendanceDocument } from '../attendance/documents.service.ts';
import { findTranscriptDocument } from '../transcripts/transcripts.service.ts';

/**
 * `/api/verify/:code`: anyone holding a document Skolar issued (a transcript, an attendance sheet,
 * a certificate of attendance) checks it with the code printed on it, and reads what it said.
 */
export const verifyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:code',
    {
      config: { access: { public: 'a third party checks a printed document with its code' } },
      schema: {
        operationId: 'verifyDocument',
        tags: ['transcripts'],
        summary:
          'Whether a document with this verification code was issued (a transcript, an attendance sheet, a certificate of attendance), and what it said',
        security: [],
        params: z.object({ code: z.string().max(64) }),
        response: { 200: documentVerification, 404: errorBody, 429: errorBody },
      },
    },
    async (request) => {
      await app.ctx.limits.hit('verify:ip', request.ip);
      const found =
        (await findTranscriptDocument(app.ctx, request.params.code)) ??
        (await verifyAttendanceDocument(app.ctx, request.params.code));
      if (!found) throw notFound();
      return found;
    },
  );
};
