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
    // A save is sent when the user presses the button, online or not: offline it fails at once and
    // the form says the device is offline, keeping what was typed. React Query's default would
    // hold it paused (a button spinning forever) and send it by itself when the network returns.
    mutations: { networkMode: 'always', retry: false },
  },
});
