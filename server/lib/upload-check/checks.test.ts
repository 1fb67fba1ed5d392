// The PDF check judges what a viewer would run (issue 23.3), checked against pdf.js, the reader of
// Firefox: a file pdf.js would run a script from is refused.
import { describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { judgePdf } from './checks.ts';
import { pdfWithHiddenScript, pdfWithIncrementalUpdate, pdfWithScript, samplePdf } from '../../test/pdf.ts';

async function scriptsSeenByPdfJs(bytes: Buffer): Promise<Record<string, string[]> | null> {
  const doc = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 }).promise;
  try {
    return (await doc.getJSActions()) as Record<string, string[]> | null;
  } finally {
    await doc.destroy();
  }
}

describe('PDF check (issue 23.3)', () => {
  it('a script in an object stream hidden behind a later plain copy of the catalog is refused: pdf.js runs it', async () => {
    const attack = await pdfWithHiddenScript();
    expect(await scriptsSeenByPdfJs(attack)).toEqual({ OpenAction: ['app.alert(1)'] });
    expect(await judgePdf(attack)).toBe('active');
  });

  it('plain documents and documents with an incremental update pass; a script without disguise is refused', async () => {
    expect(await judgePdf(await samplePdf())).toBe('ok');
    const updated = await pdfWithIncrementalUpdate();
    expect(await scriptsSeenByPdfJs(updated)).toBeNull();
    expect(await judgePdf(updated)).toBe('ok');
    expect(await judgePdf(await pdfWithScript())).toBe('active');
  });
});
