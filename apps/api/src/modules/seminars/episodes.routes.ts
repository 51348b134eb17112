import { episodeDetail, episodeFields, idText, patchOf, resourceLinkBody } from '@skolar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/plugin.ts';
import { fieldErrorsOf, validationFailed } from '../../http/errors.ts';
import { idParams } from '../../http/pagination.ts';
import { errorBody, errorResponses, filePart } from '../../http/route-kit.ts';
import * as episodes from './episodes.service.ts';

const tags = ['seminars'];

export const episodeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id',
    {
      config: { access: { entity: 'episode', action: 'read' } },
      schema: {
        operationId: 'getEpisode',
        tags,
        summary: 'One episode with its resources',
        params: idParams,
        response: { 200: episodeDetail, ...errorResponses },
      },
    },
    async (request) => episodes.read(app.ctx, requireActor(request), request.params.id),
  );
  app.patch(
    '/:id',
    {
      config: { access: { entity: 'episode', action: 'update' } },
      schema: {
        operationId: 'updateEpisode',
        tags,
        summary: "Edit an episode (day and times in the institution's zone)",
        params: idParams,
        body: patchOf(episodeFields),
        response: { 200: episodeDetail, ...errorResponses },
      },
    },
    async (request) =>
      episodes.update(app.ctx, requireActor(request), request.params.id, request.body),
  );
  app.delete(
    '/:id',
    {
      config: { access: { entity: 'episode', action: 'delete' } },
      schema: {
        operationId: 'deleteEpisode',
        tags,
        summary: 'Delete an episode with its resources',
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await episodes.remove(app.ctx, requireActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/:id/resources',
    {
      config: { access: { entity: 'episode', action: 'update' } },
      schema: {
        operationId: 'addEpisodeResource',
        tags,
        summary:
          'Add a resource to an episode: JSON `{ title, url }` for a link, or multipart (`title`, then the PDF in `file`)',
        consumes: ['application/json', 'multipart/form-data'],
        params: idParams,
        response: {
          201: episodeDetail,
          ...errorResponses,
          413: errorBody,
          415: errorBody,
          429: errorBody,
        },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const { id } = request.params;
      if (request.isMultipart()) {
        return reply
          .status(201)
          .send(await episodes.addFile(app.ctx, actor, id, await filePart(request)));
      }
      const parsed = resourceLinkBody.safeParse(request.body ?? {});
      if (!parsed.success) throw validationFailed(fieldErrorsOf(parsed.error));
      return reply.status(201).send(await episodes.addLink(app.ctx, actor, id, parsed.data));
    },
  );
  app.delete(
    '/:id/resources/:resourceId',
    {
      config: { access: { entity: 'episode', action: 'update' } },
      schema: {
        operationId: 'deleteEpisodeResource',
        tags,
        summary: 'Remove a resource from an episode',
        params: z.object({
          id: idText,
          resourceId: idText,
        }),
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await episodes.removeResource(
        app.ctx,
        requireActor(request),
        request.params.id,
        request.params.resourceId,
      );
      return reply.status(204).send(null);
    },
  );
};
