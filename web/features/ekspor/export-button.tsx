import { useEffect, useRef, useState, type ReactNode } from 'react';
import { App, Button, type ButtonProps } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import { failureText } from '../../components/ui/form-errors.tsx';
import { downloadFile, formatBytes, type DownloadQuery } from './download.ts';

export interface ExportButtonProps {
  /** API path of the file, e.g. 'guru/export'. */
  path: string;
  /** The list's current filter, search and sort. */
  query?: DownloadQuery;
  label?: ReactNode;
  icon?: ReactNode;
  type?: ButtonProps['type'];
  testId?: string;
  /** Used when the answer names no file. */
  fallbackName?: string;
}

/**
 * Downloads an Excel export with the bearer token. The server streams the workbook without a size,
 * so the button shows the bytes received so far ('Menyiapkan berkas… 1,2 MB') until it is saved.
 */
export function ExportButton({ path, query, label = 'Ekspor Excel', icon = <FileExcelOutlined />, type = 'default', testId = 'export-button', fallbackName }: ExportButtonProps) {
  const { message } = App.useApp();
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
      message.success(`Berkas ${filename} telah diunduh`);
    } catch (err) {
      if ((err as Error).name !== 'AbortError') message.error(failureText(err));
    } finally {
      if (!ctrl.signal.aborted) setBusy(false);
      abort.current = null;
    }
  };

  return (
    <Button type={type} icon={icon} loading={busy} onClick={start} data-testid={testId} aria-busy={busy}>
      <span aria-live="polite">{busy ? `Menyiapkan berkas…${received > 0 ? ` ${formatBytes(received)}` : ''}` : label}</span>
    </Button>
  );
}
