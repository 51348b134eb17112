import { createHash, randomUUID } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { AppContext } from '../context.ts';
import type { DbOrTx } from '../db/client.ts';
import type { FileKind } from '../db/schema/enums.ts';
import { files } from '../db/schema/index.ts';
import { HttpError, validationFailed } from '../http/errors.ts';
import { storageFor } from './storage.ts';
import { clamdAddress, ScanUnavailable, scanBytes } from './virus-scan.ts';

const MB = 1024 * 1024;

/** The largest upload the multipart parser accepts at all; each kind may ask for less. */
export const MAX_UPLOAD_BYTES = 20 * MB;

const IMAGES = ['image/png', 'image/jpeg', 'image/webp'] as const;
const DOCUMENTS = ['application/pdf'] as const;
/**
 * What a project hand-in may be (decisions.md, 48): PDF, archives, office documents, images kept
 * byte for byte (the receipt's SHA-256 is the student's own file's), and UTF-8 text or Markdown.
 */
const HAND_INS = [
  ...DOCUMENTS,
  ...IMAGES,
  'application/zip',
  'application/x-tar',
  'application/gzip',
  'application/x-7z-compressed',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'text/plain',
  'text/markdown',
] as const;

interface KindRule {
  types: readonly string[];
  maxBytes: number;
  /** Longest side of a re-encoded image, in pixels. */
  maxSide?: number;
}

/**
 * Source files a project may be handed in as (issue 31): kept as UTF-8 text (`text/plain`, served
 * with `nosniff`, so a browser never runs them), shown highlighted on the marking screen.
 */
const SOURCE_CODE = new Set(
  'py js mjs ts tsx jsx java c h cpp hpp cc cs go rs rb php sql sh kt swift r scala hs ml tex css json yaml yml csv'.split(
    ' ',
  ),
);

/**
 * Text has no signature to sniff: a file named `.txt`/`.md`/`.markdown` or as source code whose
 * bytes are valid UTF-8 without NUL is taken as text (served as such, with nosniff); anything
 * else stays unknown (an HTML page included).
 */
function sniffText(bytes: Buffer, filename: string | undefined): string | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(filename ?? '')?.[1]?.toLowerCase();
  const mime =
    extension === 'txt' || (extension !== undefined && SOURCE_CODE.has(extension))
      ? 'text/plain'
      : extension === 'md' || extension === 'markdown'
        ? 'text/markdown'
        : undefined;
  if (!mime || bytes.includes(0)) return undefined;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return mime;
  } catch {
    return undefined;
  }
}

/** What each kind of file may be (decisions.md): images are re-encoded, documents kept as sent. */
const KIND_RULES: Record<FileKind, KindRule> = {
  'institution/logo': { types: IMAGES, maxBytes: 2 * MB, maxSide: 1024 },
  'user/picture': { types: IMAGES, maxBytes: 2 * MB, maxSide: 1024 },
  'formation/cover': { types: IMAGES, maxBytes: 5 * MB, maxSide: 2048 },
  'seminar/syllabus': { types: DOCUMENTS, maxBytes: MAX_UPLOAD_BYTES },
  'evaluation/document': { types: DOCUMENTS, maxBytes: MAX_UPLOAD_BYTES },
  'evaluation/correction': { types: DOCUMENTS, maxBytes: MAX_UPLOAD_BYTES },
  submission: { types: HAND_INS, maxBytes: MAX_UPLOAD_BYTES },
  resource: { types: DOCUMENTS, maxBytes: MAX_UPLOAD_BYTES },
  'chapter/image': { types: IMAGES, maxBytes: 5 * MB, maxSide: 2048 },
  // A document or a picture attached to a discussion post (decision 202).
  'discussion/attachment': { types: [...DOCUMENTS, ...IMAGES], maxBytes: 10 * MB, maxSide: 2400 },
  // A medical note scanned or photographed (decision 199).
  'attendance/justification': {
    types: [...DOCUMENTS, ...IMAGES],
    maxBytes: 10 * MB,
    maxSide: 2400,
  },
};

const tooLarge = () => new HttpError(413, 'errors.too_large');
const unsupportedType = () => new HttpError(415, 'errors.unsupported_type');

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
  'application/zip': 'zip',
  'application/x-tar': 'tar',
  'application/gzip': 'gz',
  'application/x-7z-compressed': '7z',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
  'text/plain': 'txt',
  'text/markdown': 'md',
};

/** The URL that serves a stored file (and that `logo_link`, `cover_link`… keep). */
const fileUrl = (id: number) => `/api/files/${id}`;

/** Keeps a file name printable and short; it is only ever shown, never used as a path. */
function cleanName(name: string | undefined): string {
  const cleaned = (name ?? '')
    .normalize('NFC')
    // Control and format characters go too: a right-to-left override (U+202E) would show
    // `x\u202Etxt.exe` as `xexe.txt`, a zero-width one would hide in a name.
    .replace(/[\\/:*?"<>|\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, '_')
    .trim()
    .slice(0, 150);
  return cleaned || 'file';
}

async function reencode(bytes: Buffer, mime: string, maxSide: number): Promise<Buffer> {
  try {
    // sharp drops EXIF, XMP, ICC comments and any trailing bytes unless asked to keep them.
    const image = sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true });
    if (mime === 'image/png') return await image.png().toBuffer();
    if (mime === 'image/webp') return await image.webp({ quality: 85 }).toBuffer();
    return await image.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
  } catch {
    throw unsupportedType();
  }
}

/** The bytes of a multipart file part; 413 past the parser's or the kind's limit. */
export async function readPart(part: MultipartFile, maxBytes: number): Promise<Buffer> {
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 413) throw tooLarge();
    throw error;
  }
  if (part.file.truncated || bytes.length > maxBytes) throw tooLarge();
  return bytes;
}

/** The most bytes a kind of file may have (the parser's limit at most). */
export const maxBytesOf = (kind: FileKind) => KIND_RULES[kind].maxBytes;

export interface UploadInput {
  kind: FileKind;
  ownerId: number | null;
  institutionId: number | null;
  part: MultipartFile;
}

/** Checks and stores an uploaded multipart file (see saveFile); 413 past the kind's limit. */
export async function saveUpload(ctx: AppContext, db: DbOrTx, input: UploadInput) {
  const bytes = await readPart(input.part, KIND_RULES[input.kind].maxBytes);
  return saveFile(ctx, db, {
    ...input,
    bytes,
    filename: input.part.filename,
    field: input.part.fieldname,
  });
}

export interface FileInput {
  kind: FileKind;
  ownerId: number | null;
  institutionId: number | null;
  bytes: Buffer;
  filename?: string;
  /** The form field the file came in, named by a refusal of the virus scan (`file` by default). */
  field?: string;
}

/**
 * The virus scan (ASVS 5.4.3, decision 143): when clamd is configured, the bytes go to it before
 * anything is stored. A file it finds infected is refused with 422 on its field and leaves an
 * `upload.infected` audit row (written by the error handler once the caller's transaction, which
 * the refusal rolls back, is over); a clamd that cannot answer refuses the upload with 503 (fail closed). No clamd: no scan.
 */
async function scanUpload(ctx: AppContext, input: FileInput, mime: string): Promise<void> {
  const address = clamdAddress(ctx.config);
  if (!address) return;
  let verdict: Awaited<ReturnType<typeof scanBytes>>;
  try {
    verdict = await scanBytes(address, input.bytes, ctx.config.CLAMD_TIMEOUT_MS);
  } catch (error) {
    if (error instanceof ScanUnavailable) {
      throw new HttpError(
        503,
        'errors.virus_scan_unavailable',
        undefined,
        {},
        { 'retry-after': '60' },
      );
    }
    throw error;
  }
  if (!verdict.infected) return;
  const refusal = validationFailed({ [input.field ?? 'file']: ['errors.virus_found'] });
  refusal.audit = {
    who:
      input.ownerId === null ? null : { userId: input.ownerId, institutionId: input.institutionId },
    event: {
      action: 'upload.infected',
      entity: 'file',
      institutionId: input.institutionId,
      after: {
        kind: input.kind,
        name: cleanName(input.filename),
        mime,
        size: input.bytes.length,
        sha256: createHash('sha256').update(input.bytes).digest('hex'),
        signature: verdict.signature,
      },
    },
  };
  throw refusal;
}

/**
 * Checks, stores and records file bytes: size limit (413), type sniffed from the content
 * against the kind's allow-list (415), the virus scan when clamd is configured (422, 503), images re-encoded so no script or metadata survives, a
 * server-chosen storage key, and a `files` row in `db` (the caller's transaction, if any).
 */
export async function saveFile(ctx: AppContext, db: DbOrTx, input: FileInput) {
  const rule = KIND_RULES[input.kind];
  if (input.bytes.length > rule.maxBytes) throw tooLarge();
  const mime =
    (await fileTypeFromBuffer(input.bytes))?.mime ?? sniffText(input.bytes, input.filename);
  if (!mime || !rule.types.includes(mime)) throw unsupportedType();
  await scanUpload(ctx, input, mime);
  const bytes =
    rule.maxSide && mime.startsWith('image/')
      ? await reencode(input.bytes, mime, rule.maxSide)
      : input.bytes;
  const now = ctx.clock.now();
  const key = `${input.kind.replace('/', '-')}/${now.getUTCFullYear()}/${randomUUID()}.${EXTENSIONS[mime]}`;
  const storage = storageFor(ctx.config);
  await storage.put(key, bytes, mime);
  try {
    const [row] = await db
      .insert(files)
      .values({
        kind: input.kind,
        owner_id: input.ownerId,
        institution_id: input.institutionId,
        storage_key: key,
        original_name: cleanName(input.filename),
        mime,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        created_at: now,
        updated_at: now,
      })
      .returning({ id: files.id, name: files.original_name, sha256: files.sha256 });
    return {
      id: row!.id,
      url: fileUrl(row!.id),
      name: row!.name,
      mime,
      size: bytes.length,
      sha256: row!.sha256,
    };
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
}
