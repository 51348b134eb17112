// What a module's routes share: the error answers they declare, the pair of ids of a
// dissociation, the one file of a multipart upload.
import type { MultipartFile } from '@fastify/multipart';
import { errorBody, idText } from '@skolar/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { validationFailed } from './errors.ts';

export { errorBody };

/** The error answers a route of a module declares. */
export const errorResponses = {
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  422: errorBody,
};

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
