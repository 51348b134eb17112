import { DEMO_ACCOUNTS, ROLES } from '@skolar/shared';
import { inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../db/schema/index.ts';

/** Development helpers; never registered when NODE_ENV=production. */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/demo-accounts',
    {
      schema: {
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
      const present = await app.ctx.db
        .select({ email: users.email })
        .from(users)
        .where(inArray(users.email, emails));
      const found = new Set(present.map((row) => row.email));
      return DEMO_ACCOUNTS.filter((account) => found.has(account.email));
    },
  );
};
