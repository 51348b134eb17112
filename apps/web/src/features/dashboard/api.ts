import type { DashboardAnswer } from '@skolar/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';

/** The signed-in user's dashboard: counts and next evaluations. */
export const useDashboard = () =>
  useQuery({
    queryKey: ['me', 'dashboard'],
    queryFn: () => http.get<DashboardAnswer>('/api/me/dashboard'),
  });
