import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from './app/provider.tsx';
import { router } from './app/router.tsx';
import { DocumentTitle } from './app/document-title.tsx';
import { OfflineNotice, registerServiceWorker } from './components/offline-notice.tsx';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <OfflineNotice />
      <DocumentTitle />
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
registerServiceWorker();
