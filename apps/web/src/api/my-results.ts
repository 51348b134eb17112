import type { MyResultsAnswer } from '@skolar/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../lib/http.ts';

/** The signed-in student's published results, all of them or one training's. */
export function useMyResults(trainingId?: number) {
  return useQuery({
    queryKey: ['my-results', trainingId ?? 'all'],
    queryFn: () =>
      http.get<MyResultsAnswer>(
        trainingId ? `/api/me/results?training_id=${trainingId}` : '/api/me/results',
      ),
  });
}
