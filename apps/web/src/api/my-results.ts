import { useQuery } from '@tanstack/react-query';
import { api, ok } from './client.ts';

/** The signed-in student's published results, all of them or one training's. */
export function useMyResults(trainingId?: number) {
  return useQuery({
    queryKey: ['my-results', trainingId ?? 'all'],
    queryFn: () =>
      ok(
        api.GET('/api/me/results', { params: { query: { training_id: trainingId || undefined } } }),
      ),
  });
}
