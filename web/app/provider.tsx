import type { ReactNode } from 'react';
import { ConfigProvider, theme } from 'antd';
import idID from 'antd/locale/id_ID';
import dayjs from 'dayjs';
import 'dayjs/locale/id';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client.ts';
import { ThemeModeProvider, useThemeMode } from './theme.tsx';

dayjs.locale('id');

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

function ThemedApp({ children }: { children: ReactNode }) {
  const { dark } = useThemeMode();
  return (
    <ConfigProvider
      locale={idID}
      theme={{ algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm, token: { colorPrimary: '#1d4ed8', borderRadius: 6 } }}
    >
      {/* antd's App (App.useApp) is a lazy route: see ant-app-outlet.tsx. */}
      {children}
    </ConfigProvider>
  );
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeModeProvider>
      <QueryClientProvider client={queryClient}>
        <ThemedApp>{children}</ThemedApp>
      </QueryClientProvider>
    </ThemeModeProvider>
  );
}
