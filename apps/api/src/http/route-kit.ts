// What a module's routes share: the error answers they declare, the pair of ids of a
// dissociation, the archive and unarchive pair, the one file of a multipart upload.
import type { MultipartFile } from '@fastify/multipart';
import { type Entity, errorBody, idText } from '@skolar/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { validationFailed } from './errors.ts';
import { idParams } from './pagination.ts';

export { errorBody };

/** The error answers a route of a module declares. */
export const errorResponses = {
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  422: errorBody,
};

type RoutesOf = Parameters<FastifyPluginAsyncZod>[0];

/**
 * `POST /:id/archive` and `POST /:id/unarchive` of an entity, operations `archive<Name>` and
 * `unarchive<Name>`, both declaring `{ entity, action: 'archive' }` and answering the row.
 */
export function archiveRoutes(
  app: RoutesOf,
  options: {
    entity: Entity;
    /** The operations' noun: `Lesson` gives `archiveLesson` and `unarchiveLesson`. */
    name: string;
    tags: string[];
    summary: (verb: 'Archive' | 'Unarchive') => string;
    response: z.ZodType;
    setArchived: (request: FastifyRequest, id: number, archived: boolean) => Promise<unknown>;
  },
): void {
  for (const action of ['archive', 'unarchive'] as const) {
    app.post(
      `/:id/${action}`,
      {
        config: { access: { entity: options.entity, action: 'archive' } },
        schema: {
          operationId: `${action}${options.name}`,
          tags: options.tags,
          summary: options.summary(action === 'archive' ? 'Archive' : 'Unarchive'),
          params: idParams,
          response: { 200: options.response, ...errorResponses },
        },
      },
      async (request) => options.setArchived(request, request.params.id, action === 'archive'),
    );
  }
}

/** `/:id/<others>/:otherId` of a dissociation. */
export const pairParams = z.object({
  id: idText,
  otherId: idText,
});

/**
 * Counts an upload against its account's limit (`upload:account`, rate-limit.ts) before a byte of
 * it is read: 429 with Retry-After past the limit. A guest is not counted (the route's access
 * answers 401). `filePart` calls it for every multipart upload; a route that takes a raw file as
 * its body calls it from its `preParsing` hook.
 */
export async function countUpload(request: FastifyRequest): Promise<void> {
  if (!request.actor) return;
  await request.server.ctx.limits.hit('upload:account', String(request.actor.userId));
}

/**
 * The one file part of a `multipart/form-data` request (field `file`), once the upload is counted
 * against the account's rate limit (429); 422 when there is none. The size limit of the parser
 * answers 413 once the part is read (see saveUpload).
 */
export async function filePart(request: FastifyRequest): Promise<MultipartFile> {
  await countUpload(request);
  let part: MultipartFile | undefined;
  try {
    part = await request.file();
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 413) throw error;
    throw validationFailed({ file: ['validation.required'] });
  }
  if (!part) throw validationFailed({ file: ['validation.required'] });
  return part;
}
