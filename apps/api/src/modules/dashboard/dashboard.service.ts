import type { Entity } from '@skolar/shared';
import { DASHBOARD_COUNTS, roleMay } from '@skolar/shared';
import { can } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import { localDay, minuteOfDay, timeOfMinutes } from '../../time.ts';
import { studentStates } from '../evaluations/status.ts';
import { countScoped, stillToCome, upcomingEvaluations } from './dashboard.queries.ts';

/**
 * The signed-in home: how many of each thing the actor may see (policy scopes, one statement) and
 * their next evaluations, from today in the actor's institution (evaluation days are typed in its
 * zone). Entities the role may not list are left out rather than refused.
 */
export async function dashboard(ctx: AppContext, actor: Actor) {
  const now = ctx.clock.now();
  const today = localDay(now, actor.timeZone);
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
        // Evaluations count the ones still to come: from today, and projects still open.
        extra: key === 'evaluation' ? stillToCome(today, now) : undefined,
      })),
    ),
    mayListEvaluations
      ? upcomingEvaluations(ctx.db, can(actor, 'list', 'evaluation').where, today, now)
      : Promise.resolve([]),
  ]);
  // Whoever sits evaluations (may hand in) sees where they stand at each; those who set them, not.
  const states = roleMay(actor.role, 'create', 'submission')
    ? await studentStates(ctx.db, actor.userId, upcoming, now)
    : null;
  return {
    counts,
    upcoming: upcoming.map(({ end_time: _end, deadline, time_zone, has_quiz: _quiz, ...row }) => ({
      ...row,
      // A project is shown on the day and at the time it is due, on the institution's clock.
      ...(deadline
        ? {
            date: localDay(deadline, time_zone),
            start_time: timeOfMinutes(minuteOfDay(deadline, time_zone)),
          }
        : {}),
      status: states?.get(row.id)?.status ?? null,
    })),
  };
}
