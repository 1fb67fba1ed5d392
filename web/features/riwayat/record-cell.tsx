import { Button } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import type { RecordColumn, RecordKind, RecordRow } from '#contract/riwayat.ts';
import { MSG } from '#contract/messages.ts';
import { openDocument } from '../../lib/documents.ts';
import { actionLabel, cellText } from './row-name.ts';

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** What a row's document is, for its tab's title: the kind and the row's first text column. */
function documentTitle(kind: RecordKind, row: RecordRow): string {
  const first = kind.columns.find((c) => !c.format && !blank(row[c.field]));
  return first ? `${kind.title}: ${String(row[first.field])}` : kind.title;
}

/** The URL of a row's document: the answer's link, or the kind's file route. */
function documentUrl(kind: RecordKind, row: RecordRow, value: unknown): string {
  const text = String(value);
  if (text.startsWith('/') || /^https?:\/\//.test(text)) return text;
  return `/api/${kind.key}/${row.id}/file`;
}

function DocumentLink({ url, label, judul }: { url: string; label: string; judul: string }) {
  return (
    <Button
      type="link"
      size="small"
      icon={<FilePdfOutlined />}
      style={{ paddingInline: 0 }}
      aria-label={label}
      data-testid="record-file-link"
      onClick={() => openDocument(url, judul)}
    >
      Lihat
    </Button>
  );
}

/** One cell of a record table, by the column's format (contract/riwayat.ts ColumnFormat; the text as row-name.ts reads it). */
export function RecordCell({ kind, column, row }: { kind: RecordKind; column: RecordColumn; row: RecordRow }) {
  const value = row[column.field];
  if (column.format === 'file') {
    return blank(value) ? (
      <>{MSG.emptyValue}</>
    ) : (
      <DocumentLink
        url={documentUrl(kind, row, value)}
        label={actionLabel('Lihat file', kind, row)}
        judul={documentTitle(kind, row)}
      />
    );
  }
  return <>{cellText(kind, column.field, row) || MSG.emptyValue}</>;
}
