import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { ApiError } from '../lib/http.ts';
import { createAppRouter } from './router.tsx';

/** A refusal or a missing row will answer the same on a second try: only other failures retry. */
const retry = (failures: number, error: Error) =>
  failures < 3 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry } },
});
const router = createAppRouter();

/** The providers (server state, routes) around the whole app. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
