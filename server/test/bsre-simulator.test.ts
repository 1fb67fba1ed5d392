// The BSrE simulator reads a signature's CMS out of the PDF as BSrE would: by its DER length, not
// by where the placeholder's zero padding seems to start.
import { describe, expect, it } from 'vitest';
import { signaturesOf } from './bsre-simulator.ts';

/** A PDF-shaped buffer with one signature: `cms` in a /Contents placeholder of `room` bytes. */
function signedShape(cms: Buffer, room: number): Buffer {
  const head = Buffer.from(
    '%PDF-1.7\n1 0 obj << /Type /Sig /ByteRange [0 AAAAAAAAAA BBBBBBBBBB CCCCCCCCCC] /Contents <',
  );
  const contents = Buffer.from(cms.toString('hex').padEnd(room * 2, '0'), 'latin1');
  const tail = Buffer.from('> /Reason (Uji) >> endobj\n%%EOF\n');
  const start = head.length - 1; // the '<'
  const end = head.length + contents.length + 1; // after the '>'
  const pdf = Buffer.concat([head, contents, tail]);
  const text = pdf
    .toString('latin1')
    .replace('AAAAAAAAAA', String(start).padStart(10, '0'))
    .replace('BBBBBBBBBB', String(end).padStart(10, '0'))
    .replace('CCCCCCCCCC', String(pdf.length - end).padStart(10, '0'));
  return Buffer.from(text, 'latin1');
}

describe('the BSrE simulator', () => {
  it("takes a signature's CMS by its DER length, a last byte 0x00 included", () => {
    // SEQUENCE { INTEGER 0x0100 } ends with 0x00; and a long-form length, ending with 0x00 too.
    const short = Buffer.from('300402020100', 'hex');
    const long = Buffer.concat([Buffer.from('30820102', 'hex'), Buffer.alloc(257, 7), Buffer.from([0])]);
    for (const cms of [short, long]) {
      const [sig] = signaturesOf(signedShape(cms, 600));
      expect(sig!.cms.equals(cms)).toBe(true);
      expect(sig!.reason).toBe('Uji');
    }
  });
});
