import { DEMO_ACCOUNTS, ROLES } from '@skolar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listDevMail } from './dev.mail.ts';
import { accountsWithEmails } from './dev.queries.ts';

/** Development helpers, served only with DEV_ROUTES=1 (refused in production). */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/demo-accounts',
    {
      config: { access: { public: 'development helper, served only with DEV_ROUTES=1' } },
      schema: {
        operationId: 'listDemoAccounts',
        tags: ['development'],
        summary: 'The demo accounts present in this database (development only)',
        response: {
          200: z.array(
            z.object({
              role: z.enum(ROLES),
              email: z.string(),
              institution: z.string().nullable(),
            }),
          ),
        },
      },
    },
    async () => {
      const emails = DEMO_ACCOUNTS.map((account) => account.email);
      const present = await accountsWithEmails(app.ctx.db, emails);
      const found = new Set(present.map((row) => row.email));
      return DEMO_ACCOUNTS.filter((account) => found.has(account.email));
    },
  );

  app.get(
    '/mail',
    {
      config: { access: { public: 'development helper, served only with DEV_ROUTES=1' } },
      schema: {
        operationId: 'listDevMail',
        tags: ['development'],
        summary: 'The mail outbox, newest first, rendered (development only)',
        querystring: z.object({
          to: z.string().max(254).optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: {
          200: z.array(
            z.object({
              id: z.number().int(),
              to: z.string(),
              template: z.string(),
              locale: z.string(),
              status: z.string(),
              created_at: z.string(),
              subject: z.string(),
              text: z.string(),
              html: z.string(),
              links: z.array(z.string()),
            }),
          ),
        },
      },
    },
    async (request) => listDevMail(app.ctx.db, request.query),
  );
};
