import type { ImportBody } from '@skolar/shared';
import { useQuery } from '@tanstack/react-query';
import { api, ok } from '../../api/client.ts';

export const dryRunImport = (body: ImportBody) => ok(api.POST('/api/imports/dry-run', { body }));
/** Updating people who exist needs a step-up token (X-Confirm-Token), as their edit form does. */
export const runImport = (body: ImportBody, stepUpToken?: string) =>
  ok(
    api.POST('/api/imports', {
      body,
      headers: stepUpToken ? { 'X-Confirm-Token': stepUpToken } : undefined,
    }),
  );

export function useImportHistory(kind: 'student' | 'teacher') {
  return useQuery({
    queryKey: ['imports', kind],
    queryFn: () => ok(api.GET('/api/imports', { params: { query: { kind, per_page: 10 } } })),
  });
}
