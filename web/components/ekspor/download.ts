import { MSG } from '#contract/messages.ts';
import { ApiError } from '../../lib/api-client.ts';
import { clearSession, getSession } from '../../lib/session.ts';

export type DownloadQuery = Record<string, string | number | boolean | undefined | null>;

/** `/api/<path>?<query>`; empty values are left out (the server's defaults apply). */
export function downloadUrl(path: string, query?: DownloadQuery): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {}))
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return `/api/${path.replace(/^\/?(api\/)?/, '')}${qs ? `?${qs}` : ''}`;
}

/** The file name of a Content-Disposition header (RFC 6266 `filename*` first), or null. */
export function filenameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // Badly encoded: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(disposition);
  const name = (plain?.[2] ?? plain?.[1])?.trim();
  return name ? name.replace(/[\\/]/g, '_') : null;
}

/** 1234567 bytes → '1,2 MB' (Indonesian decimal comma); below 1 MB in KB. */
export function formatBytes(n: number): string {
  if (n < 1024 * 1024) return `${Math.max(1, Math.round(n / 1024)).toLocaleString('id-ID')} KB`;
  return `${(n / (1024 * 1024)).toLocaleString('id-ID', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB`;
}

/** Hands a Blob to the browser as a file download (a temporary <a download>). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The download has its own copy once started; free the URL a little later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export interface DownloadOptions {
  query?: DownloadQuery;
  /** Called with the bytes received so far (the size is unknown: the answer is streamed). */
  onProgress?: (received: number) => void;
  signal?: AbortSignal;
  /** Used when the answer names no file. */
  fallbackName?: string;
}

/**
 * Downloads a file answer of the API with the bearer token (exports are streamed without a
 * Content-Length): reads the body chunk by chunk to report progress, then saves it. Errors are
 * ApiErrors with the server's message, or 'check your connection'.
 */
export async function downloadFile(
  path: string,
  opts: DownloadOptions = {},
): Promise<{ filename: string; size: number }> {
  const token = getSession()?.access_token;
  let res: Response;
  try {
    res = await fetch(downloadUrl(path, opts.query), {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: opts.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, MSG.checkConnection);
  }
  if (!res.ok) {
    type Env = { diagnostic?: { message?: string; code?: string } };
    const env = await res.json().then(
      (v: unknown) => v as Env,
      () => null,
    ); // null: not an envelope (a proxy's error page)
    // A session that ended sends the user to the login page, as every other call does.
    if (res.status === 401 && token) {
      clearSession();
      window.location.assign('/login');
    }
    throw new ApiError(
      env?.diagnostic?.message ? res.status : 0,
      env?.diagnostic?.message ?? MSG.checkConnection,
      env?.diagnostic?.code,
    );
  }

  const type = res.headers.get('content-type') ?? 'application/octet-stream';
  const filename = filenameOf(res.headers.get('content-disposition')) ?? opts.fallbackName ?? 'unduhan.xlsx';
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  try {
    if (res.body) {
      const reader = res.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        received += value.byteLength;
        opts.onProgress?.(received);
      }
    } else {
      const all = new Uint8Array(await res.arrayBuffer());
      chunks.push(all);
      received = all.byteLength;
      opts.onProgress?.(received);
    }
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    // The server stops the stream when the export fails half-way: the file would be broken.
    throw new ApiError(0, MSG.checkConnection);
  }
  saveBlob(new Blob(chunks, { type }), filename);
  return { filename, size: received };
}
