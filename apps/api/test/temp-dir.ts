import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/**
 * A new folder under the system's temporary directory, removed with everything in it after the
 * test file: tests never write into the working tree.
 */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `skolar-${prefix}-`));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
