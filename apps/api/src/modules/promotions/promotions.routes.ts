import {
  assignmentAnswer,
  idsBody,
  idText,
  patchOf,
  programOption,
  promotion,
  promotionBody,
} from '@skolar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/plugin.ts';
import { idParams, listAnswer, listQuery } from '../../http/pagination.ts';
import { archiveRoutes, errorResponses, pairParams } from '../../http/route-kit.ts';
import * as promotions from './promotions.service.ts';

const tags = ['promotions'];

export const promotionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: { entity: 'promotion', action: 'list' } },
      schema: {
        operationId: 'listPromotions',
        tags,
        summary: 'List promotions (admin, super-teacher: the institution; teacher: their own)',
        querystring: listQuery.extend({
          program_id: idText.optional(),
        }),
        response: { 200: listAnswer(promotion), ...errorResponses },
      },
    },
    async (request) => {
      const { program_id, ...query } = request.query;
      return promotions.list(app.ctx, requireActor(request), query, program_id);
    },
  );
  app.post(
    '/',
    {
      config: { access: { entity: 'promotion', action: 'create' } },
      schema: {
        operationId: 'createPromotion',
        tags,
        summary: 'Create a promotion of a program of the institution (admin)',
        body: promotionBody,
        response: { 201: promotion, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await promotions.create(app.ctx, requireActor(request), request.body)),
  );
  app.get(
    '/programs',
    {
      config: { access: { entity: 'promotion', action: 'create' } },
      schema: {
        operationId: 'listPromotionPrograms',
        tags,
        summary: 'The programs of the institution a promotion may belong to (admin)',
        response: {
          200: z.array(programOption),
          ...errorResponses,
        },
      },
    },
    async (request) => promotions.programOptions(app.ctx, requireActor(request)),
  );
  app.get(
    '/:id',
    {
      config: { access: { entity: 'promotion', action: 'read' } },
      schema: {
        operationId: 'getPromotion',
        tags,
        summary: 'One promotion with its counts',
        params: idParams,
        response: { 200: promotion, ...errorResponses },
      },
    },
    async (request) => promotions.read(app.ctx, requireActor(request), request.params.id),
  );
  app.patch(
    '/:id',
    {
      config: { access: { entity: 'promotion', action: 'update' } },
      schema: {
        operationId: 'updatePromotion',
        tags,
        summary: 'Edit a promotion (admin)',
        params: idParams,
        body: patchOf(promotionBody),
        response: { 200: promotion, ...errorResponses },
      },
    },
    async (request) =>
      promotions.update(app.ctx, requireActor(request), request.params.id, request.body),
  );
  app.delete(
    '/:id',
    {
      config: { access: { entity: 'promotion', action: 'delete' } },
      schema: {
        operationId: 'deletePromotion',
        tags,
        summary: 'Delete a promotion without students or trainings (admin; 409 otherwise)',
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await promotions.remove(app.ctx, requireActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  archiveRoutes(app, {
    entity: 'promotion',
    name: 'Promotion',
    tags,
    summary: (verb) => `${verb} a promotion (admin)`,
    response: promotion,
    setArchived: (request, id, archived) =>
      promotions.setArchived(app.ctx, requireActor(request), id, archived),
  });
  for (const kind of ['students', 'teachers'] as const) {
    app.get(
      `/:id/${kind}`,
      {
        config: { access: { entity: 'promotion', action: 'assign' } },
        schema: {
          operationId: kind === 'students' ? 'listPromotionStudents' : 'listPromotionTeachers',
          tags,
          summary: `The ${kind} of a promotion and the others of the institution (admin)`,
          params: idParams,
          response: { 200: assignmentAnswer, ...errorResponses },
        },
      },
      async (request) => promotions.people(app.ctx, requireActor(request), request.params.id, kind),
    );
    app.put(
      `/:id/${kind}`,
      {
        config: { access: { entity: 'promotion', action: 'assign' } },
        schema: {
          operationId: kind === 'students' ? 'assignPromotionStudents' : 'assignPromotionTeachers',
          tags,
          summary: `Add ${kind} to a promotion (admin; one foreign id fails the whole request)`,
          params: idParams,
          body: idsBody,
          response: { 200: assignmentAnswer, ...errorResponses },
        },
      },
      async (request) =>
        promotions.assignPeople(
          app.ctx,
          requireActor(request),
          request.params.id,
          kind,
          request.body.ids,
        ),
    );
    app.delete(
      `/:id/${kind}/:otherId`,
      {
        config: { access: { entity: 'promotion', action: 'assign' } },
        schema: {
          operationId:
            kind === 'students' ? 'dissociatePromotionStudent' : 'dissociatePromotionTeacher',
          tags,
          summary: `Dissociate one of the ${kind} from a promotion (admin)`,
          params: pairParams,
          response: { 204: z.null(), ...errorResponses },
        },
      },
      async (request, reply) => {
        await promotions.dissociate(
          app.ctx,
          requireActor(request),
          request.params.id,
          kind,
          request.params.otherId,
        );
        return reply.status(204).send(null);
      },
    );
  }
};
