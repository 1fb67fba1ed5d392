import { PassThrough } from 'node:stream';
import { once } from 'node:events';
import { excelJs } from './exceljs.ts';
import type { FastifyReply } from 'fastify';

export interface XlsxColumn<T> {
  header: string;
  width?: number;
  value: (row: T) => string | number | null | undefined;
  /** 'date' turns YYYY-MM-DD into an Excel date; 'rupiah' and 'int' get number formats. */
  format?: 'date' | 'rupiah' | 'int';
}

const NUM_FMT = { date: 'd mmm yyyy', rupiah: '"Rp" #,##0', int: '#,##0' } as const;

const toCell = (v: string | number | null | undefined, format: XlsxColumn<unknown>['format']) => {
  if (v == null || v === '') return null;
  if (format === 'date' && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return new Date(`${v}T00:00:00Z`);
  return v;
};

/**
 * Streams a one-sheet workbook to the client while the rows are still being read in batches, so a
 * province of teachers never sits in memory at once. Indonesian headers, the header row frozen and
 * filterable, dates and money formatted.
 */
export async function sendXlsx<T>(
  reply: FastifyReply,
  filename: string,
  sheet: string,
  columns: XlsxColumn<T>[],
  batches: AsyncIterable<T[]>,
  opts: { total?: () => T } = {},
): Promise<FastifyReply> {
  const out = new PassThrough();
  const workbook = new (await excelJs()).stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Sidasek';
  const ws = workbook.addWorksheet(sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = [
    { header: 'No', key: 'no', width: 7 },
    ...columns.map((c, i) => ({
      header: c.header,
      key: `c${i}`,
      width: c.width ?? 18,
      style: c.format ? { numFmt: NUM_FMT[c.format] } : {},
    })),
  ];
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length + 1 } };
  const header = ws.getRow(1);
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDBEAFE' } };
  header.commit();

  reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store');

  void (async () => {
    let no = 0;
    try {
      for await (const rows of batches) {
        for (const row of rows) {
          const values: Record<string, unknown> = { no: ++no };
          columns.forEach((c, i) => (values[`c${i}`] = toCell(c.value(row), c.format)));
          ws.addRow(values).commit();
        }
        // Backpressure: wait while the client has not taken what is already written, so a slow
        // download does not pile the whole workbook up in memory.
        if (out.writableNeedDrain) await once(out, 'drain');
      }
      // A totals row, bold and unnumbered, once every row is written.
      if (opts.total) {
        const total = opts.total();
        const values: Record<string, unknown> = { no: null };
        columns.forEach((c, i) => (values[`c${i}`] = toCell(c.value(total), c.format)));
        const row = ws.addRow(values);
        row.font = { bold: true };
        row.commit();
      }
      ws.commit();
      await workbook.commit();
    } catch (err) {
      reply.log.error({ err }, 'xlsx export failed');
      out.destroy(err as Error);
    }
  })();
  return reply.send(out);
}

/** Reads page after page until a short page: batches for `sendXlsx`. */
export async function* pages<T>(fetch: (page: number) => Promise<T[]>, pageSize: number): AsyncIterable<T[]> {
  for (let page = 1; ; page++) {
    const rows = await fetch(page);
    if (rows.length) yield rows;
    if (rows.length < pageSize) return;
  }
}
