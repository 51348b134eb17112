import type { ImportBody, ImportRecord, ImportReport, ImportRun } from '@skolar/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import type { ListAnswer } from '../../lib/list-state.ts';

export const dryRunImport = (body: ImportBody) =>
  http.post<ImportReport>('/api/imports/dry-run', body);
export const runImport = (body: ImportBody) => http.post<ImportRun>('/api/imports', body);

export function useImportHistory(kind: 'student' | 'teacher') {
  return useQuery({
    queryKey: ['imports', kind],
    queryFn: () => http.get<ListAnswer<ImportRecord>>(`/api/imports?kind=${kind}&per_page=10`),
  });
}
