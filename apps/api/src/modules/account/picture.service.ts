import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { storageFor } from '../../files/storage.ts';
import { saveFile } from '../../files/uploads.ts';
import { HttpError } from '../../http/errors.ts';
import { deletePicturesOf, setPictureLink } from './account.queries.ts';
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
 * Forgets a user's earlier pictures (all of them, or all but `keep`): their rows go in the
 * caller's transaction, so `/api/files/<id>` answers 404 at once; the stored bytes are deleted
 * once it has committed (`drop`).
 */
async function forgetPictures(tx: DbOrTx, userId: number, keep?: number) {
  const old = await deletePicturesOf(tx, userId, keep);
  return (ctx: AppContext) => {
    const storage = storageFor(ctx.config);
    return Promise.all(old.map((row) => storage.delete(row.key).catch(() => undefined)));
  };
}

/**
 * Sets the signed-in user's picture: cropped to a 256 px WebP, then kept by the files adapter
 * (local folder or S3) like every upload, and served by `GET /api/files/:id` to the user's
 * institution only.
 */
export async function setPicture(ctx: AppContext, actor: Actor, bytes: Buffer) {
  const webp = await reencodePicture(bytes);
  const drop = await ctx.db.transaction(async (tx) => {
    const saved = await saveFile(ctx, tx, {
      kind: 'user/picture',
      ownerId: actor.userId,
      institutionId: actor.institutionId,
      bytes: webp,
      filename: 'picture.webp',
    });
    await setPictureLink(tx, actor.userId, saved.url);
    return forgetPictures(tx, actor.userId, saved.id);
  });
  await drop(ctx);
  return getProfile(ctx, actor);
}

/**
 * Removes the picture (the default avatar of the gender shows again); the file goes with it, so
 * its address stops answering.
 */
export async function removePicture(ctx: AppContext, actor: Actor) {
  const drop = await ctx.db.transaction(async (tx) => {
    await setPictureLink(tx, actor.userId, null);
    return forgetPictures(tx, actor.userId);
  });
  await drop(ctx);
  return getProfile(ctx, actor);
}
