import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { validationFailed } from '../http/errors.ts';
import { idParams } from '../http/pagination.ts';
import { contentDisposition, readFile } from './files.service.ts';

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

export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id',
    {
      config: {
        access: {
          public:
            'logos and public covers are public; the service asks the policy of the row that links any other file',
        },
      },
      schema: {
        operationId: 'getFile',
        tags: ['files'],
        summary:
          'The bytes of an uploaded file (public logos and covers; otherwise its institution)',
        params: idParams,
      },
    },
    async (request, reply) => {
      const { file, bytes, open } = await readFile(app.ctx, request.actor, request.params.id);
      return reply
        .header('content-type', file.mime)
        .header('content-length', String(bytes.length))
        .header('content-disposition', contentDisposition(file.original_name))
        .header('cache-control', open ? 'public, max-age=3600' : 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );
};
