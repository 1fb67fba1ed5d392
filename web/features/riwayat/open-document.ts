import { MSG } from '#contract/messages.ts';
import { ApiError } from '../../lib/api-client.ts';
import { getSession } from '../../lib/session.ts';

/**
 * Opens a stored document (`/api/...`, served only with the bearer token) in a new tab: the tab
 * is opened at once (inside the click, so popup blockers allow it), the file is fetched with the
 * Authorization header and shown from a Blob URL.
 */
export async function openDocument(url: string): Promise<void> {
  const win = window.open('', '_blank');
  try {
    const token = getSession()?.access_token;
    let res: Response;
    try {
      res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    } catch {
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
    const raw = await res.blob();
    const blob = raw.type ? raw : new Blob([raw], { type: 'application/pdf' });
    const blobUrl = URL.createObjectURL(blob);
    if (win && !win.closed) win.location.href = blobUrl;
    else window.open(blobUrl, '_blank');
    // The tab keeps its own copy once loaded; free the URL later.
    setTimeout(() => URL.revokeObjectURL(blobUrl), 5 * 60_000);
  } catch (err) {
    win?.close();
    throw err;
  }
}
