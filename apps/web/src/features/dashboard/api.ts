import { useQuery } from '@tanstack/react-query';
import { api, ok } from '../../api/client.ts';

/** The signed-in user's dashboard: counts and next evaluations. */
export const useDashboard = () =>
  useQuery({
    queryKey: ['me', 'dashboard'],
    queryFn: () => ok(api.GET('/api/me/dashboard')),
  });
