import { useEffect, useState } from 'react';

/**
 * Says when the browser has no network: the shell still opens from the service worker,
 * but data is read and saved only online. Drawn without antd (it is in the entry).
 */
export function OfflineNotice() {
  const [offline, setOffline] = useState(() => typeof navigator !== 'undefined' && navigator.onLine === false);
  useEffect(() => {
    const update = () => setOffline(!navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  if (!offline) return null;
  return (
    <div className="offline-notice" role="status" data-testid="offline-notice">
      Anda sedang offline. Data belum bisa dimuat atau disimpan; periksa sambungan internet (check your connection).
    </div>
  );
}

/** Registers the service worker of the built app (web/public/sw.js); the dev server has none. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Without it the app works as before, online only.
    });
  });
}
