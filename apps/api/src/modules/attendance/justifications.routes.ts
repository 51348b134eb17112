import {
  errorBody,
  justification,
  justificationDecisionBody,
  justificationList,
  justificationListQuery,
} from '@skolar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../auth/plugin.ts';
import { idParams } from '../../http/pagination.ts';
import { errorResponses, filePart } from '../../http/route-kit.ts';
import * as justifications from './justifications.service.ts';

const tags = ['attendance'];

/** Under `/api/attendance/justifications`: learners justify absences, admins decide. */
export const justificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: { entity: 'justification', action: 'list' } },
      schema: {
        operationId: 'listJustifications',
        tags,
        summary:
          "Justifications of absences: a learner's own, or the institution's for its admins and super-teachers, the pending ones first",
        querystring: justificationListQuery,
        response: { 200: justificationList, ...errorResponses },
      },
    },
    async (request) => justifications.list(app.ctx, requireActor(request), request.query),
  );
  app.post(
    '/',
    {
      config: { access: { entity: 'justification', action: 'create' } },
      schema: {
        operationId: 'submitJustification',
        tags,
        summary:
          'A learner justifies their absences of some days: multipart `from`, `to` (days in the zone, a month at most) and `reason`, then the document (PDF or image) in `file`',
        consumes: ['multipart/form-data'],
        response: {
          201: justification,
          ...errorResponses,
          413: errorBody,
          415: errorBody,
          429: errorBody,
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await justifications.submit(app.ctx, requireActor(request), await filePart(request))),
  );
  app.post(
    '/:id/decision',
    {
      config: { access: { entity: 'justification', action: 'update' } },
      schema: {
        operationId: 'decideJustification',
        tags,
        summary:
          "Accept a justification (the learner's absences of those days become excused) or refuse it, with a note; once, audited",
        params: idParams,
        body: justificationDecisionBody,
        response: { 200: justification, ...errorResponses },
      },
    },
    async (request) =>
      justifications.decide(app.ctx, requireActor(request), request.params.id, request.body),
  );
};
