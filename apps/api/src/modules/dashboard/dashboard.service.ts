import type { Entity } from '@skolar/shared';
import { DASHBOARD_COUNTS, roleMay } from '@skolar/shared';
import { gte } from 'drizzle-orm';
import { can } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import { evaluations } from '../../db/schema/index.ts';
import { localDay } from '../../time.ts';
import { countScoped, timeZoneOf, upcomingEvaluations } from './dashboard.queries.ts';

/**
 * The signed-in home: how many of each thing the actor may see (policy scopes, one statement) and
 * their next evaluations, from today in the actor's institution (evaluation days are typed in its
 * zone). Entities the role may not list are left out rather than refused.
 */
export async function dashboard(ctx: AppContext, actor: Actor) {
  const today = localDay(ctx.clock.now(), await timeZoneOf(ctx.db, actor.institutionId));
  const keys = (DASHBOARD_COUNTS[actor.role] as readonly Entity[]).filter((key) =>
    roleMay(actor.role, 'list', key),
  );
  const mayListEvaluations = roleMay(actor.role, 'list', 'evaluation');
  const [counts, upcoming] = await Promise.all([
    countScoped(
      ctx.db,
      keys.map((key) => ({
        key,
        scoped: can(actor, 'list', key),
        // Evaluations count the ones still to come.
        extra: key === 'evaluation' ? gte(evaluations.date, today) : undefined,
      })),
    ),
    mayListEvaluations
      ? upcomingEvaluations(ctx.db, can(actor, 'list', 'evaluation').where, today)
      : Promise.resolve([]),
  ]);
  return { counts, upcoming };
}
