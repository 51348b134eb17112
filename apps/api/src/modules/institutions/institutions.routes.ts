import {
  idsBody,
  idText,
  institution,
  institutionBody,
  institutionLink,
  patchOf,
} from '@skolar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/plugin.ts';
import { idParams, listAnswer, listQuery } from '../../http/pagination.ts';
import { archiveRoutes, errorBody, filePart } from '../../http/route-kit.ts';
import * as institutions from './institutions.service.ts';

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };
const relationParams = z.object({
  id: idText,
  entryId: idText,
});
const tags = ['institutions'];

export const institutionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: { entity: 'institution', action: 'list' } },
      schema: {
        operationId: 'listInstitutions',
        tags,
        summary: 'List institutions (super-admin), with nb_users and nb_programs',
        querystring: listQuery,
        response: { 200: listAnswer(institution), ...errors },
      },
    },
    async (request) => institutions.list(app.ctx, requireActor(request), request.query),
  );
  app.get(
    '/:id',
    {
      config: { access: { entity: 'institution', action: 'read' } },
      schema: {
        operationId: 'getInstitution',
        tags,
        summary: 'One institution (super-admin: any; admin: their own)',
        params: idParams,
        response: { 200: institution, ...errors },
      },
    },
    async (request) => institutions.read(app.ctx, requireActor(request), request.params.id),
  );
  app.post(
    '/',
    {
      config: { access: { entity: 'institution', action: 'create' } },
      schema: {
        operationId: 'createInstitution',
        tags,
        summary: 'Create an institution (super-admin)',
        body: institutionBody,
        response: { 201: institution, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await institutions.create(app.ctx, requireActor(request), request.body)),
  );
  app.patch(
    '/:id',
    {
      config: { access: { entity: 'institution', action: 'update' }, stepUp: true },
      schema: {
        operationId: 'updateInstitution',
        tags,
        summary: 'Edit an institution (super-admin, with a step-up token in X-Confirm-Token)',
        params: idParams,
        body: patchOf(institutionBody),
        response: { 200: institution, ...errors },
      },
    },
    async (request) =>
      institutions.update(app.ctx, requireActor(request), request.params.id, request.body),
  );
  archiveRoutes(app, {
    entity: 'institution',
    name: 'Institution',
    tags,
    summary: (verb) => `${verb} an institution (super-admin)`,
    response: institution,
    setArchived: (request, id, archived) =>
      institutions.setArchived(app.ctx, requireActor(request), id, archived),
  });
  app.delete(
    '/:id',
    {
      config: { access: { entity: 'institution', action: 'delete' } },
      schema: {
        operationId: 'deleteInstitution',
        tags,
        summary: 'Delete an institution nobody depends on (super-admin; 409 otherwise)',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await institutions.remove(app.ctx, requireActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/:id/logo',
    {
      config: { access: { entity: 'institution', action: 'update' } },
      schema: {
        operationId: 'uploadInstitutionLogo',
        tags,
        summary: 'Upload the logo (multipart field `file`: PNG, JPEG or WebP up to 2 MB)',
        params: idParams,
        consumes: ['multipart/form-data'],
        response: {
          201: z.object({ id: z.number().int(), url: z.string() }),
          ...errors,
          413: errorBody,
          415: errorBody,
          429: errorBody,
        },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const part = await filePart(request);
      return reply
        .status(201)
        .send(await institutions.uploadLogo(app.ctx, actor, request.params.id, part));
    },
  );

  for (const kind of ['programs', 'modules'] as const) {
    const who = kind === 'programs' ? 'super-admin' : 'super-admin, admin of the institution';
    const relationAccess = {
      entity: kind === 'programs' ? 'program' : 'institution',
      action: 'assign',
    } as const;
    app.get(
      `/:id/${kind}`,
      {
        config: { access: relationAccess },
        schema: {
          operationId: kind === 'programs' ? 'listInstitutionPrograms' : 'listInstitutionModules',
          tags,
          summary: `The ${kind} of the catalogue, each with whether the institution has it (${who})`,
          params: idParams,
          querystring: listQuery,
          response: { 200: listAnswer(institutionLink), ...errors },
        },
      },
      async (request) =>
        institutions.listRelation(
          app.ctx,
          requireActor(request),
          request.params.id,
          kind,
          request.query,
        ),
    );
    app.put(
      `/:id/${kind}`,
      {
        config: { access: relationAccess },
        schema: {
          operationId:
            kind === 'programs' ? 'assignInstitutionPrograms' : 'assignInstitutionModules',
          tags,
          summary: `Assign ${kind} to the institution; those already assigned stay (${who})`,
          params: idParams,
          body: idsBody,
          response: { 200: z.object({ assigned: z.number().int() }), ...errors },
        },
      },
      async (request) =>
        institutions.assign(
          app.ctx,
          requireActor(request),
          request.params.id,
          kind,
          request.body.ids,
        ),
    );
    app.delete(
      `/:id/${kind}/:entryId`,
      {
        config: { access: relationAccess },
        schema: {
          operationId:
            kind === 'programs' ? 'dissociateInstitutionProgram' : 'dissociateInstitutionModule',
          tags,
          summary: `Dissociate one of the institution's ${kind} (${who})`,
          params: relationParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await institutions.dissociate(
          app.ctx,
          requireActor(request),
          request.params.id,
          kind,
          request.params.entryId,
        );
        return reply.status(204).send(null);
      },
    );
  }
};
