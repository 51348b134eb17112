import type { PageRegistry } from './types.ts';

const transcript = () => import('../../features/transcript/index.ts');

/** The student's transcript, and the public check of a printed one (outside the spec's table). */
export const transcriptPages: PageRegistry = {
  '/transcript': () => transcript().then((m) => m.TranscriptPage),
  '/verify': () => transcript().then((m) => m.VerifyFormPage),
  '/verify/:code': () => transcript().then((m) => m.VerifyPage),
};
