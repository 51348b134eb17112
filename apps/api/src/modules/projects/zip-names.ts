import { fileExtension } from '../../files/names.ts';

/** ASCII letters, digits and dashes only: accents dropped, anything else a dash. */
function slug(value: string, fallback: string): string {
  const cleaned = value
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return cleaned || fallback;
}

/**
 * The name of a student's entry in the zip: `<last>_<first>_<studentId>_v<version>.<ext>`. The id
 * keeps two homonyms apart and the whole name is safe on every file system (no path, no accent).
 */
export function zipEntryName(
  student: { id: number; first_name?: string; last_name?: string },
  version: number,
  fileName: string,
): string {
  const last = slug(student.last_name ?? '', 'student');
  const first = slug(student.first_name ?? '', 'x');
  return `${last}_${first}_${student.id}_v${version}.${fileExtension(fileName)}`;
}

/** The archive's own name: `<title>-<id>-submissions.zip`. */
export function zipName(title: string, id: number): string {
  return `${slug(title, 'project')}-${id}-submissions.zip`;
}
