import type { GradebookImportBody } from '@skolar/shared';
import { useQuery } from '@tanstack/react-query';
import { api, ok } from './client.ts';

/** The gradebook of a promotion (staff): students × evaluations and averages. */
export function useGradebook(promotionId: number) {
  return useQuery({
    queryKey: ['gradebook', promotionId],
    queryFn: () =>
      ok(api.GET('/api/promotions/{id}/gradebook', { params: { path: { id: promotionId } } })),
    enabled: promotionId > 0,
  });
}

/** The address of the CSV download, in the page's language (separator, decimals, headers). */
export const gradebookCsvUrl = (promotionId: number, locale: string) =>
  `/api/promotions/${promotionId}/gradebook.csv?locale=${encodeURIComponent(locale)}`;

export const dryRunGradebookImport = (promotionId: number, body: GradebookImportBody) =>
  ok(
    api.POST('/api/promotions/{id}/gradebook/dry-run', {
      params: { path: { id: promotionId } },
      body,
    }),
  );

export const runGradebookImport = (promotionId: number, body: GradebookImportBody) =>
  ok(api.POST('/api/promotions/{id}/gradebook', { params: { path: { id: promotionId } }, body }));
