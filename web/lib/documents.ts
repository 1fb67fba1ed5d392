import { MSG } from '#contract/messages.ts';
import { ApiError } from './api-client.ts';
import { getSession } from './session.ts';

/**
 * Fetches a document PDF (`/api/...`, served only with the bearer token) as a Blob. A refused answer
 * becomes an ApiError with the server's message, a broken connection 'check your connection'.
 */
export async function fetchPdf(url: string, signal?: AbortSignal): Promise<Blob> {
  const raw = await fetchFile(url, signal);
  return raw.type === 'application/pdf' ? raw : new Blob([raw], { type: 'application/pdf' });
}

/** An image served with the bearer token (an office logo), as a Blob. */
export const fetchImage = (url: string, signal?: AbortSignal): Promise<Blob> => fetchFile(url, signal);

async function fetchFile(url: string, signal?: AbortSignal): Promise<Blob> {
  const token = getSession()?.access_token;
  let res: Response;
  try {
    res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal, cache: 'no-store' });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, MSG.checkConnection);
  }
  if (!res.ok) {
    let message = 'Dokumen tidak dapat dibuka';
    try {
      const env = (await res.json()) as { diagnostic?: { message?: string } };
      message = env.diagnostic?.message ?? message;
    } catch {
      // Not an envelope: keep the general text.
    }
    throw new ApiError(res.status, message);
  }
  return res.blob();
}

/** Saves a Blob under `fileName` through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/**
 * Opens a record's document in a new tab: the tab is the app's document page
 * (/berkas, features/riwayat/berkas-page.tsx), titled with `judul`, which fetches the file with
 * the session's token and shows it. A window opened this way shares the session of this one.
 */
export function openDocument(url: string, judul: string): void {
  window.open(`/berkas?${new URLSearchParams({ u: url, judul })}`, '_blank');
}
