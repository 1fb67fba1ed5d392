import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client.ts';

/** The app's query cache: the screens' hooks and the routes' loaders (router.tsx) share it. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refused answer (401/403/404/422) will not change on retry; a network failure might.
      retry: (count, error) => count < 2 && error instanceof ApiError && error.isNetwork,
      refetchOnWindowFocus: false,
      staleTime: 10_000,
    },
  },
});
