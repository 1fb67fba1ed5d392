import type { ReactNode } from 'react';
import { App, Button, type ButtonProps } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import type { DownloadQuery } from './download.ts';
import { useExportDownload } from './use-export-download.ts';

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
  disabled?: boolean;
}

/**
 * Downloads an Excel export with the bearer token. The server streams the workbook without a size,
 * so the button shows the bytes received so far ('Menyiapkan berkas… 1,2 MB') until it is saved.
 */
export function ExportButton({
  path,
  query,
  label = 'Ekspor Excel',
  icon = <FileExcelOutlined />,
  type = 'default',
  testId = 'export-button',
  fallbackName,
  disabled = false,
}: ExportButtonProps) {
  const { message } = App.useApp();
  const { busy, start, text } = useExportDownload(
    path,
    query,
    fallbackName,
    (kind, content) => void message[kind](content),
  );

  return (
    <Button
      type={type}
      icon={icon}
      loading={busy}
      onClick={start}
      data-testid={testId}
      aria-busy={busy}
      disabled={disabled}
    >
      <span aria-live="polite">{text(label)}</span>
    </Button>
  );
}
