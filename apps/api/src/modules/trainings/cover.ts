import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';

/**
 * The few fields of a `@fastify/multipart` part that the cover upload hands on, so this module
 * compiles without the multipart plugin's request augmentation.
 */
export interface UploadPart {
  filename: string;
  mimetype: string;
  toBuffer(): Promise<Buffer>;
}

/**
 * Where training covers go: the files storage adapter of architecture.md
 * (`saveUpload(ctx, db, { kind: 'formation/cover', ownerId, institutionId, part })` answering
 * `{ id, url }` with url = `/api/files/<id>`), built on another branch. Until it is wired with
 * `useCoverStore`, the upload answers 503 and trainings keep the 40 % overlay of the spec.
 */
export interface CoverStore {
  save(
    ctx: AppContext,
    db: DbOrTx,
    input: { ownerId: number; institutionId: number; part: UploadPart },
  ): Promise<{ id: number; url: string }>;
}

let store: CoverStore | null = null;

/** Wires the files adapter in (at start-up, or in a test). */
export function useCoverStore(next: CoverStore | null): void {
  store = next;
}

export function coverStore(): CoverStore {
  if (!store) throw new HttpError(503, 'cohorts.cover_unavailable');
  return store;
}
