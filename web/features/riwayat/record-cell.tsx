import { Button } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import type { RecordColumn, RecordKind, RecordRow } from '#contract/riwayat.ts';
import { MSG } from '#contract/messages.ts';
import { formatDate, formatRupiah } from '../../lib/format.ts';
import { openDocument } from '../../lib/documents.ts';

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

/** One cell of a record table, by the column's format (contract/riwayat.ts ColumnFormat). */
export function RecordCell({ kind, column, row }: { kind: RecordKind; column: RecordColumn; row: RecordRow }) {
  const value = row[column.field];
  switch (column.format) {
    case 'relation': {
      const rel = kind.fields.find((f) => f.relation?.as === column.field)?.relation;
      const label = value && typeof value === 'object' && rel ? (value as Record<string, unknown>)[rel.labelField] : null;
      return <>{blank(label) ? MSG.emptyValue : String(label)}</>;
    }
    case 'date':
      return <>{formatDate(blank(value) ? null : String(value))}</>;
    case 'jam':
      return <>{blank(value) ? MSG.emptyValue : `${Number(value).toLocaleString('id-ID')} Jam`}</>;
    case 'rupiah':
      return <>{formatRupiah(blank(value) ? null : Number(value))}</>;
    case 'enum': {
      if (blank(value)) return <>{MSG.emptyValue}</>;
      const field = kind.fields.find((f) => f.name === column.field);
      return <>{field?.values?.find((v) => v.value === String(value))?.label ?? String(value)}</>;
    }
    case 'file':
      return blank(value) ? <>{MSG.emptyValue}</> : <DocumentLink url={documentUrl(kind, row, value)} label={`Lihat file ${kind.title}`} judul={documentTitle(kind, row)} />;
    default:
      return <>{blank(value) ? MSG.emptyValue : String(value)}</>;
  }
}
