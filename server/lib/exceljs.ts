import type ExcelJSModule from 'exceljs';

let loading: Promise<typeof ExcelJSModule> | null = null;

/**
 * ExcelJS, loaded on first use: it is about 30 MB resident (docs/performance.md, "Memory of the app
 * process") that a process which never reads or writes a workbook need not carry.
 */
export function excelJs(): Promise<typeof ExcelJSModule> {
  return (loading ??= import('exceljs').then((m) => m.default));
}
