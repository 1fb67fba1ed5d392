import type { FastifyReply } from 'fastify';

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | null | undefined;
}

/**
 * One field: quoted when it holds the separator, a quote or a line break (RFC 4180, with ';'). A
 * text a spreadsheet would run as a formula (starting with =, +, -, @, a tab or CR, typed by whoever
 * entered a name) gets a leading apostrophe (OWASP, CSV injection); numbers stay as they are.
 */
const field = (v: string | number | null | undefined): string => {
  let text = v == null ? '' : String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/**
 * A CSV for loading into another application: UTF-8 with a byte-order mark, ';' between fields (the
 * separator Excel uses in Indonesian settings, where ',' is the decimal comma), CRLF line ends, a
 * header row; numbers as plain digits, dates as YYYY-MM-DD.
 */
export function toCsv<T>(columns: CsvColumn<T>[], rows: T[]): Buffer {
  const lines = [
    columns.map((c) => field(c.header)).join(';'),
    ...rows.map((r) => columns.map((c) => field(c.value(r))).join(';')),
  ];
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

export function sendCsv<T>(reply: FastifyReply, filename: string, columns: CsvColumn<T>[], rows: T[]): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(toCsv(columns, rows));
}
