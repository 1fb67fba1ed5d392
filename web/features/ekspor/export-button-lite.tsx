import { useEffect, useRef, useState } from 'react';
import { FileExcelOutlined, LoadingOutlined } from '../../components/lite/icons.ts';
import { MSG } from '#contract/messages.ts';
import { ApiError } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import { SvgIcon } from '../../components/svg-icon.tsx';
import { downloadFile, formatBytes, type DownloadQuery } from './download.ts';

/**
 * ExportButton (export-button.tsx) for the screens drawn without antd (issue 7): the same
 * download, progress text and messages, in antd Button's look; antd's message is loaded when
 * the first message is shown.
 */
export function LiteExportButton({ path, query, label = 'Ekspor Excel', testId = 'export-button', fallbackName }: { path: string; query?: DownloadQuery; label?: string; testId?: string; fallbackName?: string }) {
  const [busy, setBusy] = useState(false);
  const [received, setReceived] = useState(0);
  const abort = useRef<AbortController | null>(null);

  // Leaving the page stops a download in progress.
  useEffect(() => () => abort.current?.abort(), []);

  const start = async () => {
    if (busy) return;
    const ctrl = new AbortController();
    abort.current = ctrl;
    setBusy(true);
    setReceived(0);
    try {
      const { filename } = await downloadFile(path, { query, signal: ctrl.signal, onProgress: setReceived, fallbackName });
      notify('success', `Berkas ${filename} telah diunduh`);
    } catch (err) {
      if ((err as Error).name !== 'AbortError') notify('error', err instanceof ApiError && !err.isNetwork ? err.message : MSG.checkConnection);
    } finally {
      if (!ctrl.signal.aborted) setBusy(false);
      abort.current = null;
    }
  };

  return (
    <button type="button" className="lite-btn" data-loading={busy || undefined} onClick={start} data-testid={testId} aria-busy={busy}>
      <SvgIcon icon={busy ? LoadingOutlined : FileExcelOutlined} className={busy ? 'spin-icon' : undefined} />
      <span aria-live="polite">{busy ? `Menyiapkan berkas…${received > 0 ? ` ${formatBytes(received)}` : ''}` : label}</span>
    </button>
  );
}
