import { z } from 'zod';
import type { Wire } from '../wire.ts';

/** A resource of a chapter or of an episode: an uploaded file or a link, in its owner's order. */
export const resource = z.object({
  id: z.number().int(),
  kind: z.enum(['file', 'link']),
  title: z.string(),
  /** The link itself, or `/api/files/<id>` for an uploaded file. */
  url: z.string(),
  /** The uploaded file's name, type and size (null for a link). */
  file_name: z.string().nullable(),
  mime: z.string().nullable(),
  size: z.number().int().nullable(),
  position: z.number().int(),
});
export type Resource = Wire<z.output<typeof resource>>;
