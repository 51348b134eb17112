import type { ImportBody, ImportRecord, ImportReport, ImportRun } from '@skolar/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import type { ListAnswer } from '../../lib/list-state.ts';

export const dryRunImport = (body: ImportBody) =>
  http.post<ImportReport>('/api/imports/dry-run', body);
/** Updating people who exist needs a step-up token (X-Confirm-Token), as their edit form does. */
export const runImport = (body: ImportBody, stepUpToken?: string) =>
  http.post<ImportRun>(
    '/api/imports',
    body,
    stepUpToken ? { 'X-Confirm-Token': stepUpToken } : undefined,
  );

export function useImportHistory(kind: 'student' | 'teacher') {
  return useQuery({
    queryKey: ['imports', kind],
    queryFn: () => http.get<ListAnswer<ImportRecord>>(`/api/imports?kind=${kind}&per_page=10`),
  });
}
