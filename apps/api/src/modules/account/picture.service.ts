import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { saveFile } from '../../files/uploads.ts';
import { HttpError } from '../../http/errors.ts';
import { getProfile } from './profile.service.ts';

/** A profile picture may weigh up to 2 MB as sent… */
export const PICTURE_MAX_BYTES = 2 * 1024 * 1024;
/** …and is kept as a 256 px square WebP. */
const PICTURE_SIZE = 256;
export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

const refused = () => new HttpError(415, 'account.picture_type');

/**
 * Re-encodes an uploaded picture: the type is read from the bytes (not the name or the header),
 * then sharp decodes and draws a new WebP, so no script, EXIF/GPS or other metadata survives.
 */
async function reencodePicture(bytes: Buffer): Promise<Buffer> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !(PICTURE_TYPES as readonly string[]).includes(type.mime)) throw refused();
  try {
    return await sharp(bytes, { limitInputPixels: 40_000_000, failOn: 'error' })
      .rotate()
      .resize(PICTURE_SIZE, PICTURE_SIZE, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw refused();
  }
}

/**
 * Sets the signed-in user's picture: cropped to a 256 px WebP, then kept by the files adapter
 * (local folder or S3) like every upload, and served by `GET /api/files/:id` to the user's
 * institution only.
 */
export async function setPicture(ctx: AppContext, actor: Actor, bytes: Buffer) {
  const webp = await reencodePicture(bytes);
  await ctx.db.transaction(async (tx) => {
    const saved = await saveFile(ctx, tx, {
      kind: 'user/picture',
      ownerId: actor.userId,
      institutionId: actor.institutionId,
      bytes: webp,
      filename: 'picture.webp',
    });
    await tx.update(users).set({ picture_link: saved.url }).where(eq(users.id, actor.userId));
  });
  return getProfile(ctx, actor);
}

/** Removes the picture (the default avatar of the gender shows again). */
export async function removePicture(ctx: AppContext, actor: Actor) {
  await ctx.db.update(users).set({ picture_link: null }).where(eq(users.id, actor.userId));
  return getProfile(ctx, actor);
}
