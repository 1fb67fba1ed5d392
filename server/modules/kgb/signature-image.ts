/** Pixels per PDF point of the image: 300 dpi print quality (72 points an inch). */
const SCALE = 300 / 72;

const escapeXml = (t: string) =>
  t.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/**
 * The visible signature as an image, for a signer that places an image rather than drawing on the
 * page (BSrE's `imageBase64`): the box the letter reserved, with the QR code of the check page on
 * the left and the lines beside it, the same facts the office's own signature draws
 * (letter.ts `stampSignature`). PNG, 300 dpi at the box's size in points.
 *
 * Text is drawn by librsvg (in sharp) with a sans-serif system font (docs/deploy.md: DejaVu or
 * Liberation), at a size at which the longest line fits the box.
 */
export async function signatureImage(
  box: { width: number; height: number },
  lines: { text: string; bold?: boolean }[],
  qrUrl: string | null,
): Promise<Buffer> {
  const W = Math.round(box.width * SCALE);
  const H = Math.round(box.height * SCALE);
  const pad = Math.round(5 * SCALE);
  let textX = pad;
  let qr = '';
  if (qrUrl) {
    const { default: QRCode } = await import('qrcode');
    const svg = await QRCode.toString(qrUrl, { type: 'svg', margin: 0, errorCorrectionLevel: 'M' });
    const viewBox = /viewBox="([^"]+)"/.exec(svg)?.[1] ?? '0 0 10 10';
    const inner = svg.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
    const size = H - 2 * pad;
    qr = `<svg x="${pad}" y="${pad}" width="${size}" height="${size}" viewBox="${viewBox}">${inner}</svg>`;
    textX = pad * 2 + size;
  }
  const room = W - textX - pad;
  const lineHeight = (H - 2 * pad) / Math.max(lines.length, 1);
  // A glyph of DejaVu Sans is about 0.62 em wide on average (0.7 bold; librsvg has no textLength):
  // one size for every line, small enough for the longest.
  const widest = Math.max(1, ...lines.map((l) => l.text.length * (l.bold ? 0.7 : 0.62)));
  const fontSize = Math.max(
    8,
    Math.min(Math.round(8 * SCALE), Math.floor(lineHeight * 0.78), Math.floor(room / widest)),
  );
  const text = lines
    .map((l, i) => {
      const y = Math.round(pad + lineHeight * (i + 0.75));
      return `<text x="${textX}" y="${y}"${l.bold ? ' font-weight="bold"' : ''}>${escapeXml(l.text)}</text>`;
    })
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    `<rect x="2" y="2" width="${W - 4}" height="${H - 4}" fill="#eef4ff" stroke="#1c4dd9" stroke-width="4"/>` +
    qr +
    `<g font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif" font-size="${fontSize}" fill="#14265f">${text}</g></svg>`;
  // sharp (libvips) is loaded when a signature image is first drawn, not with the server.
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
}
