import { FileExcelOutlined, LoadingOutlined } from '../lite/icons.ts';
import { notify } from '../../lib/notify.ts';
import { SvgIcon } from '../svg-icon.tsx';
import type { DownloadQuery } from './download.ts';
import { useExportDownload } from './use-export-download.ts';

/**
 * ExportButton (export-button.tsx) for the screens drawn without antd: the same
 * download, progress text and messages, in antd Button's look; antd's message is loaded when
 * the first message is shown.
 */
export function LiteExportButton({
  path,
  query,
  label = 'Ekspor Excel',
  testId = 'export-button',
  fallbackName,
}: {
  path: string;
  query?: DownloadQuery;
  label?: string;
  testId?: string;
  fallbackName?: string;
}) {
  const { busy, start, text } = useExportDownload(path, query, fallbackName, notify);

  return (
    <button
      type="button"
      className="lite-btn"
      data-loading={busy || undefined}
      onClick={start}
      data-testid={testId}
      aria-busy={busy}
    >
      <SvgIcon icon={busy ? LoadingOutlined : FileExcelOutlined} className={busy ? 'spin-icon' : undefined} />
      <span aria-live="polite">{text(label)}</span>
    </button>
  );
}
