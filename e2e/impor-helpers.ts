// What the import pages' browser tests share (docs/domain/dapodik.md): the Excel files an operator
// downloads from Dapodik, given to the page's file input, and the preview's rows.
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { HEADER as GTK_HEADER } from '../server/modules/impor/dapodik.fixtures.ts';

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export type Cell = string | number | Date;

/** `n` random decimal digits (a NUPTK, a NIK's tail). */
export const digits = (n: number) => Array.from({ length: n }, () => String(Math.floor(Math.random() * 10))).join('');

/** Dapodik's GTK columns from No to Jenis PTK, then `more` of its columns, in the export's order. */
export const gtkHeader = (...more: string[]) =>
  GTK_HEADER.filter((h) => GTK_HEADER.indexOf(h) <= GTK_HEADER.indexOf('Jenis PTK') || more.includes(h));

/**
 * A workbook as Dapodik exports it: one sheet with the title rows, the header, then a row of each
 * record numbered in No; `textColumns` are stored as text, as the export stores NIP, NUPTK and NIK.
 */
export async function exportFile(
  sheet: string,
  titleRows: string[][],
  header: string[],
  records: Record<string, Cell>[],
  textColumns: string[],
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheet);
  for (const row of titleRows) ws.addRow(row);
  ws.addRow(header);
  records.forEach((p, i) => ws.addRow(header.map((h) => (h === 'No' ? i + 1 : (p[h] ?? '')))));
  for (const name of textColumns) ws.getColumn(header.indexOf(name) + 1).numFmt = '@';
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * A row of the Dapodik export for school staff (tenaga kependidikan), named `nama`, with a NIK of
 * its own: the import leaves it out of the teachers.
 */
export const staffRow = (nama: string): Record<string, Cell> => ({
  Nama: nama,
  JK: 'L',
  'Tanggal Lahir': '1992-07-01',
  'Status Kepegawaian': 'Tenaga Honor Sekolah',
  'Jenis PTK': 'Tenaga Administrasi Sekolah',
  NIK: `827101010792${digits(4)}`,
});

/**
 * A PNS row of the Dapodik export whose NIP Excel turned into a number (1.98703E+17, its last
 * digits gone), named `nama`.
 */
export const nipAsNumber = (nama: string): Record<string, Cell> => ({
  Nama: nama,
  JK: 'P',
  'Tanggal Lahir': '1987-03-15',
  NIP: Number('198703152010012002'),
  'Status Kepegawaian': 'PNS',
  'Jenis PTK': 'Guru Kelas',
  'Pangkat Golongan': 'III/c',
});

/** An Excel file of that name given to the page's file input. */
export const uploadXlsx = (page: Page, name: string, buffer: Buffer) =>
  page.locator('input[type=file]').setInputFiles({ name, mimeType: XLSX, buffer });

/** The preview's row of a sheet row (its number in the file). */
export const previewRow = (page: Page, baris: number) =>
  page
    .getByTestId('impor-table')
    .locator('tbody tr.ant-table-row')
    .filter({ has: page.locator(`td:first-child:text-is("${baris}")`) });
