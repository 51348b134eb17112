import { errorBody, transcript, transcriptQuery } from '@skolar/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../auth/plugin.ts';
import type { AppContext } from '../../context.ts';
import { logoPng } from '../../documents/logo.ts';
import { sendCached } from '../../http/cached-answer.ts';
import { sendPdf as sendPdfFile } from '../../http/download.ts';
import { idParams } from '../../http/pagination.ts';
import { pdfFileName, renderTranscriptPdf } from './transcripts.pdf.ts';
import * as transcripts from './transcripts.service.ts';

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };
const tags = ['transcripts'];

/**
 * Records the document (its code's hash and content), or finds it when this transcript was issued
 * before in this language, and sends it as recorded: the same code, issue date and content.
 */
async function sendPdf(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  current: transcripts.TranscriptAnswer,
) {
  const actor = requireActor(request);
  const locale = request.locale;
  const { code, issuedAt, content } = await transcripts.recordDocument(ctx, actor, current, locale);
  const pdf = await renderTranscriptPdf({
    transcript: content,
    locale,
    code,
    verifyUrl: new URL(`/verify/${code}`, ctx.config.PUBLIC_URL).toString(),
    issuedAt,
    logo: await logoPng(ctx, content.institution.logo_link),
  });
  return sendPdfFile(reply, pdf, pdfFileName(content, locale), code);
}

/** `/api/me/transcript(.pdf)`: the signed-in student's own transcript. */
export const myTranscriptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/transcript',
    {
      config: { access: { entity: 'record', action: 'read' } },
      schema: {
        operationId: 'getMyTranscript',
        tags,
        summary:
          "The student's transcript: published grades per subject, weighted averages, the program's levels",
        querystring: transcriptQuery,
        response: { 200: transcript, ...errors },
      },
    },
    async (request, reply) =>
      sendCached(
        request,
        reply,
        await transcripts.myCachedTranscript(
          app.ctx,
          requireActor(request),
          request.query.promotion_id,
          request.headers['accept-encoding'],
        ),
        'private',
      ),
  );
  app.get(
    '/transcript.pdf',
    {
      config: { access: { entity: 'record', action: 'read' } },
      schema: {
        operationId: 'getMyTranscriptPdf',
        tags,
        summary: "The student's transcript as a PDF with a verification code (recorded)",
        querystring: transcriptQuery,
        response: errors,
      },
    },
    async (request, reply) => {
      const content = await transcripts.myTranscript(
        app.ctx,
        requireActor(request),
        request.query.promotion_id,
      );
      return sendPdf(app.ctx, request, reply, content);
    },
  );
};

/** `/api/students/:id/transcript(.pdf)`: a student's transcript for the staff of their scope. */
export const studentTranscriptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/transcript',
    {
      config: { access: { entity: 'result', action: 'list' } },
      schema: {
        operationId: 'getStudentTranscript',
        tags,
        summary:
          "A student's transcript as the student sees it (published grades), for staff of their scope",
        params: idParams,
        querystring: transcriptQuery,
        response: { 200: transcript, ...errors },
      },
    },
    async (request) =>
      transcripts.studentTranscript(
        app.ctx,
        requireActor(request),
        request.params.id,
        request.query.promotion_id,
      ),
  );
  app.get(
    '/:id/transcript.pdf',
    {
      config: { access: { entity: 'result', action: 'list' } },
      schema: {
        operationId: 'getStudentTranscriptPdf',
        tags,
        summary:
          "A student's transcript as a PDF with a verification code, for staff of their scope",
        params: idParams,
        querystring: transcriptQuery,
        response: errors,
      },
    },
    async (request, reply) => {
      const content = await transcripts.studentTranscript(
        app.ctx,
        requireActor(request),
        request.params.id,
        request.query.promotion_id,
      );
      return sendPdf(app.ctx, request, reply, content);
    },
  );
};
