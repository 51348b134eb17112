import type { Gradebook, GradebookImportBody, GradebookImportReport } from '@skolar/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../lib/http.ts';

/** The gradebook of a promotion (staff): students × evaluations and averages. */
export function useGradebook(promotionId: number) {
  return useQuery({
    queryKey: ['gradebook', promotionId],
    queryFn: () => http.get<Gradebook>(`/api/promotions/${promotionId}/gradebook`),
    enabled: promotionId > 0,
  });
}

/** The address of the CSV download, in the page's language (separator, decimals, headers). */
export const gradebookCsvUrl = (promotionId: number, locale: string) =>
  `/api/promotions/${promotionId}/gradebook.csv?locale=${encodeURIComponent(locale)}`;

export const dryRunGradebookImport = (promotionId: number, body: GradebookImportBody) =>
  http.post<GradebookImportReport>(`/api/promotions/${promotionId}/gradebook/dry-run`, body);

export const runGradebookImport = (promotionId: number, body: GradebookImportBody) =>
  http.post<GradebookImportReport>(`/api/promotions/${promotionId}/gradebook`, body);
