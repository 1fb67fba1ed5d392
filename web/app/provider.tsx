import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client.ts';
import { ThemeModeProvider } from './theme.tsx';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refused answer (401/403/404/422) will not change on retry; a network failure might.
      retry: (count, error) => count < 2 && error instanceof ApiError && error.isNetwork,
      refetchOnWindowFocus: false,
      staleTime: 10_000,
    },
  },
});

/**
 * What every screen shares: dark mode and the query cache. antd's ConfigProvider (theme, locale)
 * and App are not here but in the lazy route ant-app-outlet.tsx: the login page and the
 * signed-in shell are drawn without antd, so the first screen does not download it (issue 7).
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeModeProvider>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ThemeModeProvider>
  );
}
