import { useEffect, useRef, useState } from 'react';
import { failureText } from '../../lib/api-client.ts';
import { downloadFile, formatBytes, type DownloadQuery } from './download.ts';

/**
 * The state of an export button (ExportButton and its antd-free twin): starts the download, counts
 * the bytes received (the server streams the workbook without a size), reports the outcome through
 * `report`, and stops a download in progress when the page is left.
 */
export function useExportDownload(
  path: string,
  query: DownloadQuery | undefined,
  fallbackName: string | undefined,
  report: (kind: 'success' | 'error', text: string) => void,
) {
  const [busy, setBusy] = useState(false);
  const [received, setReceived] = useState(0);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const start = async () => {
    if (busy) return;
    const ctrl = new AbortController();
    abort.current = ctrl;
    setBusy(true);
    setReceived(0);
    try {
      const { filename } = await downloadFile(path, {
        query,
        signal: ctrl.signal,
        onProgress: setReceived,
        fallbackName,
      });
      report('success', `Berkas ${filename} telah diunduh`);
    } catch (err) {
      if ((err as Error).name !== 'AbortError') report('error', failureText(err));
    } finally {
      if (!ctrl.signal.aborted) setBusy(false);
      abort.current = null;
    }
  };

  /** 'Menyiapkan berkas… 1,2 MB' while busy, else the button's label. */
  const text = <T>(label: T) => (busy ? `Menyiapkan berkas…${received > 0 ? ` ${formatBytes(received)}` : ''}` : label);
  return { busy, start, text };
}
