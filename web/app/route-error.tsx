import { useEffect } from 'react';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { getSession } from '../lib/session.ts';
import { homeOf } from './paths.ts';

/**
 * The messages browsers give when a lazily loaded file of the app cannot be fetched: offline, or a
 * file of an older release the server no longer has (a new release replaces the hashed names).
 * Chromium, Firefox and Safari word it differently; Vite's preload of a chunk's CSS says the last.
 */
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading chunk [\w-]+ failed|Failed to load module script/i;

export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : typeof error === 'string' ? error : '';
  return CHUNK_FAILURE.test(text);
}

/** sessionStorage key: when the page last reloaded itself for a missing file (ms since epoch). */
export const CHUNK_RELOAD_KEY = 'sidasek:chunk-reload';
/** One automatic reload in this window: a second failure shows the page instead of reloading again. */
const RELOAD_WINDOW_MS = 60_000;

/**
 * Reloads the page once when a file of the app is missing and the device is online: the reload
 * brings the current release's index.html with the new file names. A reload that fails again
 * within a minute does not reload a second time (no loop); the user then has "Muat ulang".
 */
const decided = new WeakMap<object, boolean>();
function reloadOnceForNewRelease(error: unknown): boolean {
  // One decision per error: React may draw the page twice (StrictMode) before the reload happens.
  if (typeof error === 'object' && error !== null) {
    const known = decided.get(error);
    if (known !== undefined) return known;
    const now = decideReload();
    decided.set(error, now);
    return now;
  }
  return decideReload();
}

function decideReload(): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return false;
  try {
    const last = Number(window.sessionStorage.getItem(CHUNK_RELOAD_KEY) || 0);
    if (Date.now() - last < RELOAD_WINDOW_MS) return false;
    window.sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
  } catch {
    // Without sessionStorage there is no guard against a loop: do not reload by ourselves.
    return false;
  }
  window.location.reload();
  return true;
}

function reload() {
  window.location.reload();
}

/**
 * The error page of every route (react-router's ErrorBoundary), in place of the router's English
 * developer page: drawn without antd, inside the signed-in layout where there is one (the menu
 * stays), with "Muat ulang" and a way home. A missing file of the app reloads the page once by
 * itself; offline, the page reloads when the connection returns.
 */
export function RouteError() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  const reloading = chunk && reloadOnceForNewRelease(error);

  useEffect(() => {
    if (!chunk) return;
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, [chunk]);
  useEffect(() => {
    if (!reloading) document.title = 'Halaman tidak dapat dibuka · Sidasek';
  }, [reloading]);
  useEffect(() => {
    if (!chunk && !reloading) console.error(error);
  }, [chunk, reloading, error]);

  if (reloading) {
    return (
      <div className="route-error" role="status">
        <p>Memuat versi terbaru aplikasi…</p>
      </div>
    );
  }
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const session = getSession();
  const home = session ? homeOf(session.user.roles.id) : '/login';
  const why = offline
    ? 'Perangkat Anda sedang offline. Periksa sambungan internet; halaman dimuat ulang sendiri saat sambungan kembali.'
    : chunk
      ? 'Sebagian berkas aplikasi tidak dapat dimuat, mungkin karena sambungan terputus atau aplikasi baru saja diperbarui. Muat ulang halaman untuk mencoba lagi.'
      : notFound
        ? 'Alamat yang Anda buka tidak ada.'
        : 'Terjadi kesalahan saat menampilkan halaman ini. Muat ulang halaman; bila masih gagal, kembali ke beranda dan coba lagi nanti.';
  return (
    <div className="route-error" role="alert" data-testid="route-error">
      <h1>{notFound ? 'Halaman tidak ditemukan' : 'Halaman tidak dapat dibuka'}</h1>
      <p>{why}</p>
      <div className="route-error-actions">
        <button type="button" className="lite-btn lite-btn-primary" onClick={reload}>
          Muat ulang
        </button>
        <Link className="lite-btn" to={home} reloadDocument>
          Kembali ke Beranda
        </Link>
      </div>
    </div>
  );
}
