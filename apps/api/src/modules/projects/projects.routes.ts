import {
  extensionAnswer,
  extensionBody,
  groupExtensionAnswer,
  handInReceipt,
  handInRefusal,
  idText,
  submissionReceipt,
  submissionRoster,
} from '@skolar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/plugin.ts';
import { idParams } from '../../http/pagination.ts';
import { errorBody, errorResponses, filePart } from '../../http/route-kit.ts';
import { HAND_IN_QUOTA } from '../evaluations/hand-in-quota.ts';
import * as projects from './projects.service.ts';

const tags = ['projects'];

const studentParams = idParams.extend({ studentId: idText });
const groupParams = idParams.extend({ groupId: idText });

/** Project hand-ins under `/api/evaluations/:id` (the evaluations module owns the rest). */
export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/:id/submissions',
    {
      config: { access: { entity: 'submission', action: 'create' } },
      schema: {
        operationId: 'submitProject',
        tags,
        summary: `Hand in a project file (multipart field \`file\`) between its opening and its deadline; each upload is a new version, answered with its receipt and the quota used (${HAND_IN_QUOTA.versions} versions and ${HAND_IN_QUOTA.bytes / (1024 * 1024)} MB per student: 409 and 413 beyond, nothing stored); uploads count against the account’s rate limit (429)`,
        consumes: ['multipart/form-data'],
        params: idParams,
        response: {
          201: handInReceipt,
          ...errorResponses,
          409: handInRefusal,
          413: handInRefusal,
          415: errorBody,
          429: errorBody,
        },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const receipt = await projects.handIn(
        app.ctx,
        actor,
        request.params.id,
        await filePart(request),
      );
      return reply.status(201).send(receipt);
    },
  );
  app.get(
    '/:id/submissions',
    {
      config: { access: { entity: 'submission', action: 'list' } },
      schema: {
        operationId: 'listProjectSubmissions',
        tags,
        summary:
          'Every student of the project’s promotion with their latest hand-in and how many versions (staff)',
        params: idParams,
        response: { 200: submissionRoster, ...errorResponses },
      },
    },
    async (request) => projects.roster(app.ctx, requireActor(request), request.params.id),
  );
  app.get(
    '/:id/submissions.zip',
    {
      config: { access: { entity: 'submission', action: 'list' } },
      schema: {
        operationId: 'downloadProjectSubmissions',
        tags,
        summary:
          'The latest hand-in of every student as one zip, streamed (`<last>_<first>_<studentId>_v<version>.<ext>`; empty when nobody handed in)',
        params: idParams,
        produces: ['application/zip'],
        response: {
          200: z.any().describe('application/zip'),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const { archive, fileName } = await projects.latestAsZip(
        app.ctx,
        actor,
        request.params.id,
        request.log,
      );
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(archive);
    },
  );
  app.get(
    '/:id/submissions/:studentId',
    {
      config: { access: { entity: 'submission', action: 'read' } },
      schema: {
        operationId: 'listStudentSubmissions',
        tags,
        summary: 'Every version one student handed in, the latest first',
        params: studentParams,
        response: { 200: z.object({ data: z.array(submissionReceipt) }), ...errorResponses },
      },
    },
    async (request) =>
      projects.studentVersions(
        app.ctx,
        requireActor(request),
        request.params.id,
        request.params.studentId,
      ),
  );
  app.put(
    '/:id/extensions/:studentId',
    {
      config: { access: { entity: 'evaluation', action: 'assign' } },
      schema: {
        operationId: 'setDeadlineExtension',
        tags,
        summary:
          "Give one student of a project their own deadline, later than the project's, with a reason (audited; replaces any before)",
        params: studentParams,
        body: extensionBody,
        response: { 200: extensionAnswer, ...errorResponses },
      },
    },
    async (request) =>
      projects.extend(
        app.ctx,
        requireActor(request),
        request.params.id,
        request.params.studentId,
        request.body,
      ),
  );
  app.put(
    '/:id/group-extensions/:groupId',
    {
      config: { access: { entity: 'evaluation', action: 'assign' } },
      schema: {
        operationId: 'setGroupDeadlineExtension',
        tags,
        summary:
          "Give every student of one group of the project's promotion the same own deadline, later than the project's, with a reason (one audit row; replaces theirs before)",
        params: groupParams,
        body: extensionBody,
        response: { 200: groupExtensionAnswer, ...errorResponses },
      },
    },
    async (request) =>
      projects.extendGroup(
        app.ctx,
        requireActor(request),
        request.params.id,
        request.params.groupId,
        request.body,
      ),
  );
  app.delete(
    '/:id/extensions/:studentId',
    {
      config: { access: { entity: 'evaluation', action: 'assign' } },
      schema: {
        operationId: 'deleteDeadlineExtension',
        tags,
        summary: "Take a student's own deadline back: they hand in until the project's (audited)",
        params: studentParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await projects.unextend(
        app.ctx,
        requireActor(request),
        request.params.id,
        request.params.studentId,
      );
      return reply.status(204).send(null);
    },
  );
};
