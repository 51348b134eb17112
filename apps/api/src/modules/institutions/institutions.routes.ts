import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/plugin.ts';
import { idParams, listAnswer, listQuery } from '../../http/pagination.ts';
import { errorBody } from '../auth/auth.schemas.ts';
import * as institutions from './institutions.service.ts';

const institution = z.object({
  id: z.number().int(),
  name: z.string(),
  diminutive: z.string().nullable(),
  kind: z.enum(['university', 'school', 'society']),
  color_code: z.string(),
  logo_link: z.string().nullable(),
  url: z.string(),
  address: z.string(),
  email: z.string(),
  phone: z.string(),
  nb_levels: z.number().int(),
  levels: z.array(z.string()),
  timezone: z.string(),
  archived_at: z.date().nullable(),
  can: z.object({ update: z.boolean(), delete: z.boolean(), archive: z.boolean() }),
});

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };

export const institutionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['institutions'],
        summary: 'List institutions (super-admin)',
        querystring: listQuery,
        response: { 200: listAnswer(institution), ...errors },
      },
    },
    async (request) => institutions.list(app.ctx, requireActor(request), request.query),
  );
  app.get(
    '/:id',
    {
      schema: {
        tags: ['institutions'],
        summary: 'One institution (super-admin: any; admin: their own)',
        params: idParams,
        response: { 200: institution, ...errors },
      },
    },
    async (request) => institutions.read(app.ctx, requireActor(request), request.params.id),
  );
};
