import type {
  BankImportBody,
  BankQuestionBody,
  DrawBody,
  FromBankBody,
  QuizOrderBody,
} from '@skolar/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, ok } from './client.ts';

export interface BankFilters {
  q?: string;
  category?: string;
  tag?: string;
  page?: number;
  per_page?: 10 | 25 | 50 | 100;
}

/** A page of a subject's question bank, with its categories and tags (decision 191). */
export function useBankQuestions(subjectId: number, filters: BankFilters = {}) {
  return useQuery({
    queryKey: ['bank', subjectId, filters],
    queryFn: () =>
      ok(
        api.GET('/api/subjects/{id}/bank-questions', {
          params: {
            path: { id: subjectId },
            query: {
              page: filters.page ?? 1,
              per_page: filters.per_page ?? 25,
              ...(filters.q ? { q: filters.q } : {}),
              ...(filters.category ? { category: filters.category } : {}),
              ...(filters.tag ? { tag: filters.tag } : {}),
            },
          },
        }),
      ),
    enabled: subjectId > 0,
    placeholderData: keepPreviousData,
  });
}
/** The bank (or one category of it) as a file to download (a plain link: the browser saves it). */
export const bankExportUrl = (subjectId: number, format: 'gift' | 'moodle_xml', category = '') =>
  `/api/subjects/${subjectId}/bank-questions/export?format=${format}${
    category ? `&category=${encodeURIComponent(category)}` : ''
  }`;
/** Every version of a bank question, the newest first. */
export function useBankVersions(id: number | null) {
  return useQuery({
    queryKey: ['bank', 'versions', id],
    queryFn: () =>
      ok(api.GET('/api/bank-questions/{id}/versions', { params: { path: { id: id ?? 0 } } })),
    enabled: id !== null,
  });
}
export const createBankQuestion = (subjectId: number, body: BankQuestionBody) =>
  ok(api.POST('/api/subjects/{id}/bank-questions', { params: { path: { id: subjectId } }, body }));
export const updateBankQuestion = (id: number, body: Partial<BankQuestionBody>) =>
  ok(api.PATCH('/api/bank-questions/{id}', { params: { path: { id } }, body }));
export const archiveBankQuestion = (id: number) =>
  ok(api.POST('/api/bank-questions/{id}/archive', { params: { path: { id } } }));
export const previewBankImport = (subjectId: number, body: BankImportBody) =>
  ok(
    api.POST('/api/subjects/{id}/bank-questions/import/preview', {
      params: { path: { id: subjectId } },
      body,
    }),
  );
export const importBankQuestions = (subjectId: number, body: BankImportBody) =>
  ok(
    api.POST('/api/subjects/{id}/bank-questions/import', {
      params: { path: { id: subjectId } },
      body,
    }),
  );
/** Copies of bank questions at the end of an exam's quiz. */
export const addFromBank = (evaluationId: number, body: FromBankBody) =>
  ok(
    api.POST('/api/evaluations/{id}/questions/from-bank', {
      params: { path: { id: evaluationId } },
      body,
    }),
  );
/** A random draw of `count` questions of a bank category per attempt. */
export const addDraw = (evaluationId: number, body: DrawBody) =>
  ok(api.POST('/api/evaluations/{id}/draws', { params: { path: { id: evaluationId } }, body }));
export const deleteDraw = (id: number) =>
  ok(api.DELETE('/api/question-draws/{id}', { params: { path: { id } } }));
/** The quiz in a new order: every question outside a draw and every draw. */
export const reorderQuiz = (evaluationId: number, body: QuizOrderBody) =>
  ok(
    api.PUT('/api/evaluations/{id}/questions/order', {
      params: { path: { id: evaluationId } },
      body,
    }),
  );
