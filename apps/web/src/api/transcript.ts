import { keepPreviousData, useQuery } from '@tanstack/react-query';
import i18n from '../i18n/index.ts';
import { ApiError } from '../lib/http.ts';
import { api, ok } from './client.ts';

/** Query keys of transcripts: `['transcript']` refreshes every one (after grades are published). */
const transcriptKeys = {
  all: ['transcript'] as const,
  mine: (promotionId?: number) => ['transcript', 'mine', promotionId ?? 0] as const,
  student: (id: number, promotionId?: number) =>
    ['transcript', 'student', id, promotionId ?? 0] as const,
  verify: (code: string) => ['transcript', 'verify', code] as const,
};

const query = (promotionId?: number) => (promotionId ? `?promotion_id=${promotionId}` : '');
const promotionQuery = (promotionId?: number) => ({ promotion_id: promotionId || undefined });

/** Where a transcript (JSON) and its PDF are: the student's own, or a student's for staff. */
export function transcriptPath(owner: { studentId?: number }, promotionId?: number, pdf = false) {
  const base =
    owner.studentId === undefined
      ? '/api/me/transcript'
      : `/api/students/${owner.studentId}/transcript`;
  return `${base}${pdf ? '.pdf' : ''}${query(promotionId)}`;
}

/** `GET /api/me/transcript`: the signed-in student's transcript (published grades). */
export function useMyTranscript(promotionId?: number) {
  return useQuery({
    queryKey: transcriptKeys.mine(promotionId),
    queryFn: () =>
      ok(api.GET('/api/me/transcript', { params: { query: promotionQuery(promotionId) } })),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** `GET /api/students/:id/transcript`: a student's transcript as staff of their scope read it. */
export function useStudentTranscript(studentId: number, promotionId?: number) {
  return useQuery({
    queryKey: transcriptKeys.student(studentId, promotionId),
    queryFn: () =>
      ok(
        api.GET('/api/students/{id}/transcript', {
          params: { path: { id: studentId }, query: promotionQuery(promotionId) },
        }),
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/**
 * `GET /api/verify/:code`: what the document printed with that code said (404: none), by `kind`:
 * a transcript, an attendance sheet or a certificate of attendance (`DocumentVerification`).
 */
export function useVerification(code: string) {
  return useQuery({
    queryKey: transcriptKeys.verify(code),
    queryFn: () => ok(api.GET('/api/verify/{code}', { params: { path: { code } } })),
    enabled: code !== '',
    retry: false,
  });
}

/**
 * Downloads a transcript PDF in the interface's language (the browser's own Accept-Language may
 * differ), under the name the server gives it; answers the verification code printed on it.
 */
export async function downloadTranscriptPdf(path: string): Promise<{ code: string | null }> {
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'include',
      headers: { Accept: 'application/pdf', 'Accept-Language': i18n.language },
    });
  } catch {
    throw new ApiError(0, i18n.t('errors.network'));
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(response.status, body?.message ?? i18n.t('errors.generic'));
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    'transcript.pdf';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return { code: response.headers.get('x-verification-code') };
}
