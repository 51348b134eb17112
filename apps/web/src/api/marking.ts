import type { AgreementBody, AnnotationBody, MarkingBody, RubricBody } from '@skolar/shared';
import { useQuery } from '@tanstack/react-query';
import { api, ok } from './client.ts';

/** The marking screen's query key (`GET /api/evaluations/:id/marking`). */
export const markingKey = (evaluationId: number) =>
  ['evaluation', evaluationId, 'marking'] as const;

/** Staff: the rubric and every student with their hand-in, result, sheet and marking state. */
export function useMarkingQueue(evaluationId: number) {
  return useQuery({
    queryKey: markingKey(evaluationId),
    queryFn: () =>
      ok(api.GET('/api/evaluations/{id}/marking', { params: { path: { id: evaluationId } } })),
  });
}

/** Fills one student's sheet and grades them; answers the refreshed marking screen. */
export const markStudent = (evaluationId: number, studentId: number, body: MarkingBody) =>
  ok(
    api.PUT('/api/evaluations/{id}/marking/{studentId}', {
      params: { path: { id: evaluationId, studentId } },
      body,
    }),
  );

/** At a project marked twice, writes the grade both markers agreed on (decision 197). */
export const agreeGrade = (evaluationId: number, studentId: number, body: AgreementBody) =>
  ok(
    api.PUT('/api/evaluations/{id}/marking/{studentId}/agreement', {
      params: { path: { id: evaluationId, studentId } },
      body,
    }),
  );

/** Sets the rubric or guide the evaluation is marked with. */
export const setRubric = (evaluationId: number, body: RubricBody) =>
  ok(api.PUT('/api/evaluations/{id}/rubric', { params: { path: { id: evaluationId } }, body }));

/** Marks the evaluation without a rubric again. */
export const removeRubric = (evaluationId: number) =>
  ok(api.DELETE('/api/evaluations/{id}/rubric', { params: { path: { id: evaluationId } } }));

/** A subject's library of rubrics and guides. */
export function useRubricLibrary(subjectId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['subject', subjectId, 'rubrics'],
    queryFn: () =>
      ok(api.GET('/api/subjects/{id}/rubrics', { params: { path: { id: subjectId } } })),
    enabled,
  });
}

/** Keeps a rubric in its subject's library. */
export const addToLibrary = (subjectId: number, body: RubricBody) =>
  ok(api.POST('/api/subjects/{id}/rubrics', { params: { path: { id: subjectId } }, body }));

/** Takes a rubric out of its library. */
export const archiveLibraryRubric = (id: number) =>
  ok(api.POST('/api/rubrics/{id}/archive', { params: { path: { id } } }));

/** A student's own marking once published (404 before: `enabled` when the grade is out). */
export function useMyFeedback(evaluationId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['me', 'evaluations', evaluationId, 'feedback'],
    queryFn: () =>
      ok(api.GET('/api/evaluations/{id}/feedback', { params: { path: { id: evaluationId } } })),
    enabled,
  });
}

/** The annotations on a hand-in version (markers; its student once published). */
export const annotationsKey = (submissionId: number) =>
  ['submission', submissionId, 'annotations'] as const;
export function useAnnotations(submissionId: number, enabled = true) {
  return useQuery({
    queryKey: annotationsKey(submissionId),
    queryFn: () =>
      ok(api.GET('/api/submissions/{id}/annotations', { params: { path: { id: submissionId } } })),
    enabled,
    retry: false,
  });
}

export const addAnnotation = (submissionId: number, body: AnnotationBody) =>
  ok(
    api.POST('/api/submissions/{id}/annotations', { params: { path: { id: submissionId } }, body }),
  );

export const updateAnnotation = (id: number, text: string | null) =>
  ok(api.PATCH('/api/annotations/{id}', { params: { path: { id } }, body: { text } }));

export const deleteAnnotation = (id: number) =>
  ok(api.DELETE('/api/annotations/{id}', { params: { path: { id } } }));

/** The hand-in with its annotations drawn on it (a plain link: the browser downloads it). */
export const annotatedPdfUrl = (submissionId: number) =>
  `/api/submissions/${submissionId}/annotated.pdf`;
