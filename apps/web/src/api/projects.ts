import type { ExtensionBody } from '@skolar/shared';
import { useQuery } from '@tanstack/react-query';
import { api, fileBody, ok } from './client.ts';

/**
 * The query key of the student's own evaluations (`GET /api/me/evaluations[/:id]`, owned by the
 * evaluations screens): `['me', 'evaluations']` for the list, `['me', 'evaluations', id]` for one.
 * A hand-in invalidates the prefix, so both show the new version.
 */
export const myEvaluationsKey = ['me', 'evaluations'] as const;

/**
 * Hands in a project file (multipart field `file`); answers the receipt of the new version with
 * the quota used once it counts.
 */
export function handInProject(evaluationId: number, file: File) {
  const form = new FormData();
  form.append('file', file);
  return ok(
    api.POST('/api/evaluations/{id}/submissions', {
      params: { path: { id: evaluationId } },
      ...fileBody(form),
    }),
  );
}

/** Staff: every student of the project's promotion with their latest hand-in. */
export function useSubmissionRoster(evaluationId: number) {
  return useQuery({
    queryKey: ['evaluation', evaluationId, 'submissions'],
    queryFn: () =>
      ok(api.GET('/api/evaluations/{id}/submissions', { params: { path: { id: evaluationId } } })),
  });
}

/** Every version one student handed in, the latest first (fetched when asked for). */
export function useStudentSubmissions(evaluationId: number, studentId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['evaluation', evaluationId, 'submissions', studentId],
    queryFn: () =>
      ok(
        api.GET('/api/evaluations/{id}/submissions/{studentId}', {
          params: { path: { id: evaluationId, studentId } },
        }),
      ),
    enabled,
  });
}

/** The zip of every student's latest hand-in (a plain link: the browser streams the download). */
export const submissionsZipUrl = (evaluationId: number) =>
  `/api/evaluations/${evaluationId}/submissions.zip`;

/** One student's own deadline at a project, with a reason (staff; decision 192). */
export const setExtension = (evaluationId: number, studentId: number, body: ExtensionBody) =>
  ok(
    api.PUT('/api/evaluations/{id}/extensions/{studentId}', {
      params: { path: { id: evaluationId, studentId } },
      body,
    }),
  );
export const removeExtension = (evaluationId: number, studentId: number) =>
  ok(
    api.DELETE('/api/evaluations/{id}/extensions/{studentId}', {
      params: { path: { id: evaluationId, studentId } },
    }),
  );

/** The same own deadline for every student of one group (staff; issue 31). */
export const setGroupExtension = (evaluationId: number, groupId: number, body: ExtensionBody) =>
  ok(
    api.PUT('/api/evaluations/{id}/group-extensions/{groupId}', {
      params: { path: { id: evaluationId, groupId } },
      body,
    }),
  );
