import type { ProfileAnswer, ProfileBody } from '@skolar/shared';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { changes } from '../../http/patch.ts';
import { updateUser, userById } from './account.queries.ts';

/** The signed-in user's own information. */
export async function getProfile(ctx: AppContext, actor: Actor): Promise<ProfileAnswer> {
  const user = await userById(ctx.db, actor.userId);
  if (!user) throw notFound();
  return {
    id: user.id,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    gender: user.gender,
    phone: user.phone,
    date_of_birth: user.date_of_birth,
    picture_link: user.picture_link,
  };
}

/**
 * Updates the signed-in user's own information: a sensitive edit, so it needs a live step-up
 * token of the same user (X-Confirm-Token), as the `/edit-profile/:id/:token` route carries.
 */
export async function updateProfile(
  ctx: AppContext,
  actor: Actor,
  body: Partial<ProfileBody>,
): Promise<ProfileAnswer> {
  const set = changes({
    first_name: body.first_name,
    last_name: body.last_name,
    gender: body.gender,
    phone: body.phone,
    date_of_birth: body.date_of_birth,
  });
  if (set) await updateUser(ctx.db, actor.userId, set);
  return getProfile(ctx, actor);
}
