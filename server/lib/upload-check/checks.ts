// The markup check of uploaded images, written to take time linear in the file's size. It runs
// in an upload-check process (pool.ts), so even a slow file never holds the server's event loop;
// the pool also bounds its time. PDFs: pdf.ts; images: image.ts.

// ---------------------------------------------------------------------------------------------
// Markup in images

// Markup a browser or a server would run if the file were ever served or included as text: an
// image carrying it is a polyglot (a JPEG that is also an HTML page, a PNG with PHP in a text
// chunk). Every pattern is long enough (six bytes or more) not to occur by chance in compressed
// image data: about once in 10^5 uploads of 5 MB for the shortest.
//
// No pattern may backtrack over a long run of bytes (`<[a-z]+[^>]{0,200}\son…` took
// 5.6 s on `<` followed by 5 MB of `a`). The fixed tags are one linear regex; the two patterns with
// a window (an event-handler attribute inside a tag, an SVG root) find their anchor first and look
// at most WINDOW bytes around it.
const FIXED = /<(?:script|iframe|\?php|(?:html|body|meta|object|embed)[\s/>]|!doctype\s+html)|(?:java|vb)script:/i;
const HANDLER = /\son(?:load|error|click|mouseover|focus)\s*=/gi;
const SVG = /<svg/gi;
const SVG_ACTIVE = /xmlns|\son[a-z]+\s*=/i;
const TAG_START = /<[a-z]/i;
const WINDOW = 200;

/** Whether the file carries HTML, SVG or script markup anywhere in its bytes. */
export function hasActiveMarkup(bytes: Uint8Array): boolean {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  if (FIXED.test(text)) return true;
  // `<tag … onload=`: a tag opened at most WINDOW bytes before the handler, with no `>` between.
  for (const m of text.matchAll(HANDLER)) {
    const from = Math.max(0, m.index - WINDOW - 2);
    const before = text.slice(from, m.index);
    const lastOpen = before.lastIndexOf('<');
    if (lastOpen >= 0 && before.indexOf('>', lastOpen) < 0 && TAG_START.test(before.slice(lastOpen, lastOpen + 2)))
      return true;
  }
  // `<svg … xmlns` or `<svg … on…=` before the tag closes.
  for (const m of text.matchAll(SVG)) {
    const rest = text.slice(m.index + 4, m.index + 4 + WINDOW + 20);
    const close = rest.indexOf('>');
    if (SVG_ACTIVE.test(close >= 0 ? rest.slice(0, close) : rest.slice(0, WINDOW + 20))) return true;
  }
  return false;
}
