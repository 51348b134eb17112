/** The extension of a file's name (`.tar.gz` kept whole), lower case, or `bin`. */
export function fileExtension(fileName: string): string {
  const match = /\.(tar\.gz|[A-Za-z0-9]{1,8})$/.exec(fileName);
  return match ? match[1]!.toLowerCase() : 'bin';
}

/**
 * The name a blind marker sees for a hand-in, in answers, downloads and the zip (decision 196):
 * the participant number and the version, with the original extension only
 * (`participant-482913-v2.pdf`); the student's own name for their file never reaches them.
 */
export function blindFileName(participant: string, version: number, original: string) {
  return `participant-${participant}-v${version}.${fileExtension(original)}`;
}
