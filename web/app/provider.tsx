import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './query-client.ts';
import { ThemeModeProvider } from './theme.tsx';

/**
 * What every screen shares: dark mode and the query cache. antd's ConfigProvider (theme, locale)
 * and App are not here but in the lazy route ant-app-outlet.tsx: the login page and the
 * signed-in shell are drawn without antd, so the first screen does not download it.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeModeProvider>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ThemeModeProvider>
  );
}
