import { readFile as readDisk } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { AppContext } from '../context.ts';
import { readFile } from '../files/files.service.ts';

// The institution's logo on the PDFs Skolar issues, or its initials when there is none.

const DEMO_LOGO = /^\/demo\/logos\/([a-z0-9-]+)\.svg$/;
const FILE_LOGO = /^\/api\/files\/([0-9]+)$/;

/** Where the demo logos are: the web build next to the server, or the web sources in development. */
function demoLogoPaths(name: string): string[] {
  const here = dirname(fileURLToPath(import.meta.url));
  return ['../../web/dist', '../../web/public', '../../../web/dist', '../../../web/public'].map(
    (root) => resolve(here, root, 'demo/logos', `${name}.svg`),
  );
}

async function logoBytes(ctx: AppContext, link: string | null): Promise<Buffer | null> {
  if (!link) return null;
  const demo = DEMO_LOGO.exec(link);
  if (demo) {
    for (const path of demoLogoPaths(demo[1]!)) {
      try {
        return await readDisk(path);
      } catch {
        // next candidate
      }
    }
    return null;
  }
  const file = FILE_LOGO.exec(link);
  if (file) return (await readFile(ctx, null, Number(file[1]))).bytes;
  // Outside links are never fetched by the server.
  return null;
}

/**
 * The institution's logo as a PNG pdfkit can draw (SVG and WebP logos are converted), or null
 * when it cannot be read: the PDF then shows the institution's initials instead.
 */
export async function logoPng(ctx: AppContext, link: string | null): Promise<Buffer | null> {
  try {
    const bytes = await logoBytes(ctx, link);
    if (!bytes) return null;
    return await sharp(bytes).resize({ height: 160, withoutEnlargement: false }).png().toBuffer();
  } catch {
    return null;
  }
}

export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter((word) => /^\p{Lu}/u.test(word))
    .slice(0, 3)
    .map((word) => word[0])
    .join('') || name.slice(0, 2).toUpperCase();
