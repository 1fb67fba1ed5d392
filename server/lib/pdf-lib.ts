import type * as PdfLibModule from 'pdf-lib';

// pdf-lib, loaded on first use: every letter module draws with it, but a server that prints no
// letter need not carry it (3 MB of heap and its code; docs/performance.md, "Memory of the app
// process"). Code that makes or opens a document awaits `pdfLib()` (`officeDocument` in
// kop-surat.ts does); the drawing that follows on that document uses `rgb` and `degrees` below
// without an await.

let loaded: typeof PdfLibModule | null = null;
let loading: Promise<typeof PdfLibModule> | null = null;

/** pdf-lib, imported on the first call. */
export function pdfLib(): Promise<typeof PdfLibModule> {
  return (loading ??= import('pdf-lib').then((m) => (loaded = m)));
}

function ready(): typeof PdfLibModule {
  if (!loaded) throw new Error('pdf-lib belum dimuat: dokumen dibuat atau dibuka tanpa pdfLib()');
  return loaded;
}

/** pdf-lib's `rgb`, for drawing on a document made or opened after `pdfLib()`. */
export const rgb = (red: number, green: number, blue: number): PdfLibModule.RGB => ready().rgb(red, green, blue);

/** pdf-lib's `degrees`, for drawing on a document made or opened after `pdfLib()`. */
export const degrees = (angle: number): PdfLibModule.Degrees => ready().degrees(angle);
