import {
  attendanceAlerts,
  attendanceDocumentQuery,
  attendanceExportQuery,
  attendanceMarksBody,
  attendanceOpenBody,
  attendancePeriodQuery,
  attendanceRange,
  attendanceSessionBody,
  attendanceSessionList,
  attendanceSessionPatch,
  attendanceSheet,
  attendanceSheetPdfQuery,
  attendanceSummary,
  attendanceSummaryQuery,
  checkInBody,
  checkInCode,
  checkInResult,
  mySignatureBody,
  promotionAttendance,
  signatureBody,
  signatureReceipt,
} from '@skolar/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/plugin.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import { logoPng } from '../../documents/logo.ts';
import { sendCsv, sendPdf } from '../../http/download.ts';
import { idParams } from '../../http/pagination.ts';
import { errorResponses } from '../../http/route-kit.ts';
import type { Locale } from '../../i18n/messages.ts';
import * as attendance from './attendance.service.ts';
import {
  certificateFileName,
  renderCertificatePdf,
  renderSheetPdf,
  sheetFileName,
} from './documents.pdf.ts';
import * as documents from './documents.service.ts';
import * as signatures from './signatures.service.ts';

const tags = ['attendance'];

/** A PNG answer, kept private to the browser that asked. */
const sendPng = (reply: FastifyReply, png: Buffer) =>
  reply
    .header('content-type', 'image/png')
    .header('content-length', String(png.length))
    .header('cache-control', 'private, no-store')
    .send(png);

/** Under `/api/attendance`: the sessions, their roll call, check-in codes and the check-in. */
export const attendanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sessions',
    {
      config: { access: { entity: 'attendance', action: 'list' } },
      schema: {
        operationId: 'listAttendanceSessions',
        tags,
        summary:
          "The sessions of the days asked (today by default, in the institution's zone) that the actor sees: the calendar's classes aimed at a promotion or a group, the episodes and the exams, opened or not, and those created by hand, with how their lines stand",
        querystring: attendanceRange,
        response: { 200: attendanceSessionList, ...errorResponses },
      },
    },
    async (request) => attendance.list(app.ctx, requireActor(request), request.query),
  );
  app.get(
    '/export.csv',
    {
      config: { access: { entity: 'attendance', action: 'list' } },
      schema: {
        operationId: 'exportAttendanceCsv',
        tags,
        summary:
          "Every line of the sessions opened in the days asked (in the institution's zone) that the actor sees, as a formula-safe CSV: one row per session, half-day and learner",
        querystring: attendanceExportQuery,
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { locale, ...range } = request.query;
      const { content, fileName } = await attendance.exportCsv(
        app.ctx,
        requireActor(request),
        range,
        locale ?? request.locale,
      );
      return sendCsv(reply, content, fileName);
    },
  );
  app.post(
    '/sessions/open',
    {
      config: { access: { entity: 'attendance', action: 'create' } },
      schema: {
        operationId: 'openAttendanceSession',
        tags,
        summary:
          'Open the session of a calendar entry the actor sees (created the first time, the same one after); answers its roll call',
        body: attendanceOpenBody,
        response: { 200: attendanceSheet, ...errorResponses },
      },
    },
    async (request) => attendance.open(app.ctx, requireActor(request), request.body),
  );
  app.post(
    '/sessions',
    {
      config: { access: { entity: 'attendance', action: 'create' } },
      schema: {
        operationId: 'createAttendanceSession',
        tags,
        summary:
          "Create a session by hand for a promotion or a group the actor follows, on a day and between two times in the institution's zone; its creator trains it",
        body: attendanceSessionBody,
        response: { 201: attendanceSheet, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await attendance.create(app.ctx, requireActor(request), request.body)),
  );
  app.get(
    '/sessions/:id',
    {
      config: { access: { entity: 'attendance', action: 'read' } },
      schema: {
        operationId: 'getAttendanceSheet',
        tags,
        summary:
          'The roll call of a session: its learners with their mark and signature per half-day, when check-in is open',
        params: idParams,
        response: { 200: attendanceSheet, ...errorResponses },
      },
    },
    async (request) => attendance.sheet(app.ctx, requireActor(request), request.params.id),
  );
  app.patch(
    '/sessions/:id',
    {
      config: { access: { entity: 'attendance', action: 'update' } },
      schema: {
        operationId: 'updateAttendanceSession',
        tags,
        summary:
          'Change the check-in margins or the training of a session, or close or reopen it (audited); the fields given change',
        params: idParams,
        body: attendanceSessionPatch,
        response: { 200: attendanceSheet, ...errorResponses },
      },
    },
    async (request) =>
      attendance.patch(app.ctx, requireActor(request), request.params.id, request.body),
  );
  app.delete(
    '/sessions/:id',
    {
      config: { access: { entity: 'attendance', action: 'delete' } },
      schema: {
        operationId: 'deleteAttendanceSession',
        tags,
        summary: 'Delete a session created by hand that nobody signed (audited)',
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await attendance.remove(app.ctx, requireActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.put(
    '/sessions/:id/marks',
    {
      config: { access: { entity: 'attendance', action: 'update' } },
      schema: {
        operationId: 'saveAttendanceMarks',
        tags,
        summary:
          "Save lines of a session's roll call (a learner's status for a half-day, late minutes, a remark), each replacing the one it names; at a closed session, an audited correction",
        params: idParams,
        body: attendanceMarksBody,
        response: { 200: attendanceSheet, ...errorResponses },
      },
    },
    async (request) =>
      attendance.saveMarks(app.ctx, requireActor(request), request.params.id, request.body),
  );
  app.post(
    '/sessions/:id/codes',
    {
      config: { access: { entity: 'attendance', action: 'update' } },
      schema: {
        operationId: 'issueCheckInCode',
        tags,
        summary:
          "A fresh check-in code for the trainer's screen: six characters and a QR code of a signed token, good once and for 20 seconds",
        params: idParams,
        response: { 200: checkInCode, ...errorResponses },
      },
    },
    async (request) => attendance.issueCode(app.ctx, requireActor(request), request.params.id),
  );
  app.post(
    '/check-in',
    {
      config: { access: { entity: 'presence', action: 'create' } },
      schema: {
        operationId: 'checkIn',
        tags,
        summary:
          "A learner checks in at a session they are expected at, with the scanned QR code's token or the code typed, while check-in is open: once per half-day, late after the grace",
        body: checkInBody,
        response: { 200: checkInResult, ...errorResponses },
      },
    },
    async (request) => attendance.checkIn(app.ctx, requireActor(request), request.body),
  );
  app.post(
    '/sessions/:id/my-signature',
    {
      config: { access: { entity: 'presence', action: 'create' } },
      schema: {
        operationId: 'signMyHalfDay',
        tags,
        summary:
          'A learner signs, on their own device, a half-day of a session they were there for (present or late), once, while the session is open; the statement signed and its SHA-256 are kept',
        params: idParams,
        body: mySignatureBody,
        response: { 201: signatureReceipt, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await signatures.signMine(
            app.ctx,
            requireActor(request),
            request.params.id,
            request.body,
          ),
        ),
  );
  app.post(
    '/sessions/:id/signatures',
    {
      config: { access: { entity: 'attendance', action: 'update' } },
      schema: {
        operationId: 'signOnTrainerDevice',
        tags,
        summary:
          "On the trainer's device, a learner signs a half-day they were there for, or the trainer signs the session; with `replaces_id`, an audited correction (a new row). Answers the roll call",
        params: idParams,
        body: signatureBody,
        response: { 200: attendanceSheet, ...errorResponses },
      },
    },
    async (request) =>
      signatures.sign(app.ctx, requireActor(request), request.params.id, request.body),
  );
  app.get(
    '/signatures/:id/image',
    {
      config: { access: { entity: 'attendance', action: 'read' } },
      schema: {
        operationId: 'getSignatureImage',
        tags,
        summary: 'The drawn image of a signature (PNG), for the staff who read its session',
        params: idParams,
        response: errorResponses,
      },
    },
    async (request, reply) =>
      sendPng(
        reply,
        await signatures.signatureImage(app.ctx, requireActor(request), request.params.id),
      ),
  );
  app.get(
    '/sessions/:id/sheet.pdf',
    {
      config: { access: { entity: 'attendance', action: 'read' } },
      schema: {
        operationId: 'getAttendanceSessionSheetPdf',
        tags,
        summary:
          "The session's attendance sheet as a PDF: every learner's status and signature per half-day, the trainer's signature, and a verification code (recorded)",
        params: idParams,
        querystring: attendanceSheetPdfQuery,
        produces: ['application/pdf'],
        response: { 200: z.string().describe('application/pdf'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const built = await documents.sessionSheet(app.ctx, actor, request.params.id);
      return sendSheet(app.ctx, reply, actor, built, request.query.locale ?? request.locale);
    },
  );
  app.get(
    '/learners/:id/summary',
    {
      config: { access: { entity: 'attendance', action: 'list' } },
      schema: {
        operationId: 'getLearnerAttendanceSummary',
        tags,
        summary:
          "A learner's attendance over the days, per training and in all: hours attended of hours planned on the sessions the actor sees where attendance was taken",
        params: idParams,
        querystring: attendanceSummaryQuery,
        response: { 200: attendanceSummary, ...errorResponses },
      },
    },
    async (request) =>
      documents.summary(app.ctx, requireActor(request), request.params.id, request.query),
  );
  app.get(
    '/me/summary',
    {
      config: { access: { entity: 'presence', action: 'list' } },
      schema: {
        operationId: 'getMyAttendance',
        tags,
        summary:
          "The signed-in learner's own attendance over the days (the academic year so far by default), per training, with each training's threshold",
        querystring: attendancePeriodQuery,
        response: { 200: attendanceSummary, ...errorResponses },
      },
    },
    async (request) => documents.mySummary(app.ctx, requireActor(request), request.query),
  );
  app.get(
    '/promotions/:id/summary',
    {
      config: { access: { entity: 'attendance', action: 'list' } },
      schema: {
        operationId: 'getPromotionAttendance',
        tags,
        summary:
          "Each learner of a promotion, per training, over the days (the academic year so far by default): hours attended of hours planned on the sessions the actor sees, and who is under the training's threshold",
        params: idParams,
        querystring: attendancePeriodQuery,
        response: { 200: promotionAttendance, ...errorResponses },
      },
    },
    async (request) =>
      documents.promotionSummary(app.ctx, requireActor(request), request.params.id, request.query),
  );
  app.get(
    '/alerts',
    {
      config: { access: { entity: 'attendance', action: 'list' } },
      schema: {
        operationId: 'listAttendanceAlerts',
        tags,
        summary:
          "The learners under their training's attendance threshold over the days (the academic year so far by default), on the sessions the actor sees, lowest rate first",
        querystring: attendancePeriodQuery,
        response: { 200: attendanceAlerts, ...errorResponses },
      },
    },
    async (request) => documents.alerts(app.ctx, requireActor(request), request.query),
  );
  app.get(
    '/learners/:id/sheet.pdf',
    {
      config: { access: { entity: 'attendance', action: 'list' } },
      schema: {
        operationId: 'getLearnerAttendanceSheetPdf',
        tags,
        summary:
          "A learner's attendance sheet over the days (of a training when asked) as a PDF, with their signatures and a verification code (recorded)",
        params: idParams,
        querystring: attendanceDocumentQuery,
        produces: ['application/pdf'],
        response: { 200: z.string().describe('application/pdf'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const { locale, ...query } = request.query;
      const built = await documents.learnerSheet(app.ctx, actor, request.params.id, query);
      return sendSheet(app.ctx, reply, actor, built, locale ?? request.locale);
    },
  );
  app.get(
    '/learners/:id/certificate.pdf',
    {
      config: { access: { entity: 'attendance', action: 'list' } },
      schema: {
        operationId: 'getLearnerAttendanceCertificatePdf',
        tags,
        summary:
          "A learner's certificate of attendance over the days (of a training when asked): hours attended of hours planned, with a verification code (recorded)",
        params: idParams,
        querystring: attendanceDocumentQuery,
        produces: ['application/pdf'],
        response: { 200: z.string().describe('application/pdf'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const { locale: asked, ...query } = request.query;
      const locale = asked ?? request.locale;
      const built = await documents.certificate(app.ctx, actor, request.params.id, query);
      const { code, issuedAt, content } = await documents.recordDocument(
        app.ctx,
        actor,
        'attendance_certificate',
        built,
        locale,
      );
      const pdf = await renderCertificatePdf({
        content,
        locale,
        code,
        verifyUrl: verifyUrl(app.ctx, code),
        issuedAt,
        logo: await logoPng(app.ctx, built.institution.logo_link),
        colour: built.institution.color_code,
      });
      return sendPdf(reply, pdf, certificateFileName(content, locale), code);
    },
  );
};

const verifyUrl = (ctx: AppContext, code: string) =>
  new URL(`/verify/${code}`, ctx.config.PUBLIC_URL).toString();

/** Records an attendance sheet (or finds it, unchanged) and sends it as a PDF. */
async function sendSheet(
  ctx: AppContext,
  reply: FastifyReply,
  actor: Actor,
  built: Parameters<typeof documents.recordDocument<documents.SheetContent>>[3],
  locale: Locale,
) {
  const { code, issuedAt, content } = await documents.recordDocument(
    ctx,
    actor,
    'attendance_sheet',
    built,
    locale,
  );
  const pdf = await renderSheetPdf({
    content,
    images: await documents.signatureImages(ctx.db, content),
    locale,
    code,
    verifyUrl: verifyUrl(ctx, code),
    issuedAt,
    logo: await logoPng(ctx, built.institution.logo_link),
    colour: built.institution.color_code,
  });
  return sendPdf(reply, pdf, sheetFileName(content, locale), code);
}
