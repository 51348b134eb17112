import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../http/pagination.ts';
import { contentDisposition, readFile } from './files.service.ts';

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
      const { file, name, bytes, open } = await readFile(app.ctx, request.actor, request.params.id);
      return reply
        .header('content-type', file.mime)
        .header('content-length', String(bytes.length))
        .header('content-disposition', contentDisposition(name))
        .header('cache-control', open ? 'public, max-age=3600' : 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );
};
