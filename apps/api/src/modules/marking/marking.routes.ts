import {
  agreementBody,
  annotation,
  annotationBody,
  annotationList,
  annotationPatch,
  idText,
  markingBody,
  markingFeedback,
  markingQueue,
  resultConflictBody,
  rubric,
  rubricBody,
  rubricLibrary,
} from '@skolar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/plugin.ts';
import { contentDisposition } from '../../files/files.service.ts';
import { idParams } from '../../http/pagination.ts';
import { errorBody, errorResponses } from '../../http/route-kit.ts';
import * as annotations from './annotations.service.ts';
import * as marking from './marking.service.ts';
import * as rubrics from './rubrics.service.ts';

const tags = ['marking'];
const studentParams = idParams.extend({ studentId: idText });
/** A grade line changed meanwhile (the grid's 409), or a marking step not open (decision 197). */
const markingConflict = z.union([resultConflictBody, errorBody]);

/** Under `/api/evaluations/:id`: the marking screen, its rubric, a student's sheet, their feedback. */
export const evaluationMarkingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/marking',
    {
      config: { access: { entity: 'result', action: 'list' } },
      schema: {
        operationId: 'getMarkingQueue',
        tags,
        summary:
          'The marking screen: the rubric, and each student with their latest hand-in (late by how much), result, filled rubric and marking state (those who mark the evaluation)',
        params: idParams,
        response: { 200: markingQueue, ...errorResponses },
      },
    },
    async (request) => marking.queue(app.ctx, requireActor(request), request.params.id),
  );
  app.put(
    '/:id/marking/:studentId',
    {
      config: { access: { entity: 'result', action: 'update' } },
      schema: {
        operationId: 'markStudent',
        tags,
        summary:
          "Fill one student's rubric and grade them through the grid's path (history, 409 when the line moved); a grade that differs from the rubric's needs a reason. Answers the marking screen",
        params: studentParams,
        body: markingBody,
        response: { 200: markingQueue, ...errorResponses, 409: markingConflict },
      },
    },
    async (request) =>
      marking.mark(
        app.ctx,
        requireActor(request),
        request.params.id,
        request.params.studentId,
        request.body,
      ),
  );
  app.put(
    '/:id/marking/:studentId/agreement',
    {
      config: { access: { entity: 'result', action: 'update' } },
      schema: {
        operationId: 'agreeGrade',
        tags,
        summary:
          "At a project marked twice, write the grade both markers agreed on once both proposed one (409 before), through the grid's path; answers the marking screen",
        params: studentParams,
        body: agreementBody,
        response: { 200: markingQueue, ...errorResponses, 409: markingConflict },
      },
    },
    async (request) =>
      marking.agree(
        app.ctx,
        requireActor(request),
        request.params.id,
        request.params.studentId,
        request.body,
      ),
  );
  app.put(
    '/:id/rubric',
    {
      config: { access: { entity: 'evaluation', action: 'update' } },
      schema: {
        operationId: 'setEvaluationRubric',
        tags,
        summary:
          'Set the rubric (criteria with levels) or marking guide (criteria with a maximum) the evaluation is marked with; a change is a new version, filled sheets keep theirs',
        params: idParams,
        body: rubricBody,
        response: { 200: rubric, ...errorResponses },
      },
    },
    async (request) =>
      rubrics.setEvaluationRubric(app.ctx, requireActor(request), request.params.id, request.body),
  );
  app.delete(
    '/:id/rubric',
    {
      config: { access: { entity: 'evaluation', action: 'update' } },
      schema: {
        operationId: 'removeEvaluationRubric',
        tags,
        summary: 'Mark the evaluation without a rubric again (filled sheets stay as they were)',
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await rubrics.removeEvaluationRubric(app.ctx, requireActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/:id/feedback',
    {
      config: { access: { entity: 'record', action: 'read' } },
      schema: {
        operationId: 'getMyFeedback',
        tags,
        summary:
          'A student’s own marking once published: grade, comment and the filled rubric (404 before)',
        params: idParams,
        response: { 200: markingFeedback, ...errorResponses },
      },
    },
    async (request) => marking.feedback(app.ctx, requireActor(request), request.params.id),
  );
};

/** Under `/api/subjects/:id`: the subject's library of rubrics and guides. */
export const subjectRubricRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/rubrics',
    {
      config: { access: { entity: 'rubric', action: 'list' } },
      schema: {
        operationId: 'listSubjectRubrics',
        tags,
        summary: "The subject's library of rubrics and marking guides",
        params: idParams,
        response: { 200: rubricLibrary, ...errorResponses },
      },
    },
    async (request) => rubrics.library(app.ctx, requireActor(request), request.params.id),
  );
  app.post(
    '/:id/rubrics',
    {
      config: { access: { entity: 'rubric', action: 'create' } },
      schema: {
        operationId: 'addSubjectRubric',
        tags,
        summary: "Keep a rubric or guide in the subject's library",
        params: idParams,
        body: rubricBody,
        response: { 201: rubric, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await rubrics.addToLibrary(
            app.ctx,
            requireActor(request),
            request.params.id,
            request.body,
          ),
        ),
  );
};

/** `/api/rubrics/:id/archive`: a library rubric leaves its library. */
export const rubricRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/:id/archive',
    {
      config: { access: { entity: 'rubric', action: 'archive' } },
      schema: {
        operationId: 'archiveRubric',
        tags,
        summary:
          'Take a rubric out of its library (audited); evaluations that copied it keep theirs',
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await rubrics.archiveFromLibrary(app.ctx, requireActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};

/** `/api/submissions/:id`: the annotations on a PDF hand-in version, and the annotated copy. */
export const submissionAnnotationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/annotations',
    {
      config: { access: { entity: 'submission', action: 'read' } },
      schema: {
        operationId: 'listAnnotations',
        tags,
        summary:
          'The highlights, comments and drawings on a hand-in version: those who mark it; its student once the grade is published (404 before)',
        params: idParams,
        response: { 200: annotationList, ...errorResponses },
      },
    },
    async (request) => annotations.list(app.ctx, requireActor(request), request.params.id),
  );
  app.post(
    '/:id/annotations',
    {
      config: { access: { entity: 'result', action: 'update' } },
      schema: {
        operationId: 'addAnnotation',
        tags,
        summary:
          'Highlight, comment or draw on a page of a PDF hand-in (those who mark it); the file is never changed',
        params: idParams,
        body: annotationBody,
        response: { 201: annotation, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await annotations.create(app.ctx, requireActor(request), request.params.id, request.body),
        ),
  );
  app.get(
    '/:id/annotated.pdf',
    {
      config: { access: { entity: 'submission', action: 'read' } },
      schema: {
        operationId: 'downloadAnnotatedSubmission',
        tags,
        summary:
          'A copy of the PDF hand-in with its annotations drawn on it and their texts on added pages (same readers as the annotations)',
        params: idParams,
        produces: ['application/pdf'],
        response: { 200: z.any().describe('application/pdf'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { bytes, fileName } = await annotations.annotatedPdf(
        app.ctx,
        requireActor(request),
        request.params.id,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(fileName, 'attachment'))
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );
};

/** `/api/annotations/:id`: one annotation's text, or its removal (those who mark the hand-in). */
export const annotationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/:id',
    {
      config: { access: { entity: 'result', action: 'update' } },
      schema: {
        operationId: 'updateAnnotation',
        tags,
        summary: "Change an annotation's text",
        params: idParams,
        body: annotationPatch,
        response: { 200: annotation, ...errorResponses },
      },
    },
    async (request) =>
      annotations.update(app.ctx, requireActor(request), request.params.id, request.body),
  );
  app.delete(
    '/:id',
    {
      config: { access: { entity: 'result', action: 'update' } },
      schema: {
        operationId: 'deleteAnnotation',
        tags,
        summary: 'Remove an annotation',
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await annotations.remove(app.ctx, requireActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
