// Excel files the app answers with, as the API tests read them: a GET with a user's token, the
// workbook ExcelJS loads from the answer's bytes, and a row's values.
import ExcelJS from 'exceljs';
import type { TestApp } from './test-app.ts';

/** The app's answer to a GET of `url` with the user's token; the file's bytes are in `rawPayload`. */
export const download = (t: TestApp, url: string, token: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

/** The workbook in an Excel file's bytes. */
export async function workbookOf(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  return wb;
}

/** A row's values from its first cell (ExcelJS's `values` start at index 1). */
export const rowValues = (ws: ExcelJS.Worksheet, row: number): unknown[] =>
  (ws.getRow(row).values as unknown[]).slice(1);
