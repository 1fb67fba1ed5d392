// The office's letterhead on every letter Sidasek prints (KGB letters and lists, rank promotion and
// retirement letters): the office profile's lines and logo, the double rule, and an official's full
// title. One home for what every letter module draws (docs/domain/surat-kgb.md).
import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { pdfLib, rgb } from './pdf-lib.ts';

/** A new document of the office: its title, Sidasek as producer and creator, and the two fonts every letter writes with. */
export async function officeDocument(title: string): Promise<{ doc: PDFDocument; regular: PDFFont; bold: PDFFont }> {
  const { PDFDocument, StandardFonts } = await pdfLib();
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setProducer('Sidasek');
  doc.setCreator('Sidasek');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  return { doc, regular, bold };
}

/** Who signs a covering letter: the head of the office (the active signing official), or blank lines to sign by hand. */
export interface Penandatangan {
  nama: string | null;
  nip: string | null;
}

/**
 * The addressee of the office's proposals to the personnel agency (rank promotion, retirement): the
 * provincial agency (BKD) for a provincial office, the regency's or city's BKPSDM otherwise.
 */
export function kepadaKepegawaian(profile: { tingkat: string; wilayah: string }): string {
  return `Kepala ${profile.tingkat === 'provinsi' ? 'Badan Kepegawaian Daerah' : 'Badan Kepegawaian dan Pengembangan Sumber Daya Manusia'} ${profile.wilayah}`;
}

/** The office's letterhead and authority (the office profile). */
export interface Letterhead {
  /** "PEMERINTAH KOTA TERNATE" */
  kop1: string;
  /** "DINAS PENDIDIKAN" */
  kop2: string;
  alamat: string;
  /** Telephone, e-mail and website on one line, or null. */
  kontak: string | null;
  /** Where letters are dated. */
  kota: string;
  /** The region's logo (JPEG), or null. */
  logo: Buffer | null;
  /** "Wali Kota Ternate": letters are signed on its behalf (a.n.). */
  atasNama: string;
  /** "Kepala Dinas Pendidikan Kota Ternate": the head of the office, who issues its Keputusan. */
  kepalaKantor: string;
  /** "Kota Ternate", "Provinsi Maluku Utara", and the office's name: complete an official's title that lacks them. */
  wilayah: string;
  instansi: string;
}

export const DEFAULT_LETTERHEAD: Letterhead = {
  kop1: 'PEMERINTAH KOTA TERNATE',
  kop2: 'DINAS PENDIDIKAN',
  alamat: 'Jl. Pahlawan Revolusi No. 1, Ternate 97712, Maluku Utara',
  kontak: null,
  kota: 'Ternate',
  logo: null,
  atasNama: 'Wali Kota Ternate',
  kepalaKantor: 'Kepala Dinas Pendidikan Kota Ternate',
  wilayah: 'Kota Ternate',
  instansi: 'Dinas Pendidikan',
};

/**
 * An official's title as a signature block prints it: whole, with the office and its region ("Kepala
 * Dinas Pendidikan dan Kebudayaan Provinsi Maluku Utara", "Kepala Bidang Pembinaan SMA Dinas …"),
 * unless the title already names them.
 */
export function jabatanLengkap(jabatan: string, head: Pick<Letterhead, 'wilayah' | 'instansi'>): string {
  const j = jabatan.trim();
  const region = head.wilayah
    .replace(/^(Provinsi|Kabupaten|Kota)\s+/i, '')
    .trim()
    .toLowerCase();
  if (region && j.toLowerCase().includes(region)) return j;
  // The head registered by a short title ("Kepala Dinas Pendidikan" of the Dinas Pendidikan dan Kebudayaan).
  const head1 = /^Kepala\s+(.+)$/i.exec(j);
  if (head1 && head.instansi.toLowerCase().startsWith(head1[1]!.toLowerCase()))
    return `Kepala ${head.instansi} ${head.wilayah}`;
  if (head.instansi && j.toLowerCase().includes(head.instansi.toLowerCase())) return `${j} ${head.wilayah}`.trim();
  return `${j} ${head.instansi} ${head.wilayah}`.replace(/\s+/g, ' ').trim();
}

/**
 * Draws the letterhead at the top of a page (logo on the left, the lines centred between the
 * margins, the double rule) and answers the y below it.
 */
export async function drawLetterhead(
  doc: PDFDocument,
  page: PDFPage,
  head: Letterhead,
  box: { left: number; right: number; top: number },
  fonts: { regular: PDFFont; bold: PDFFont },
): Promise<number> {
  const { left, right } = box;
  const mid = (left + right) / 2;
  let y = box.top;
  const ink = rgb(0.05, 0.05, 0.05);
  const line = (t: string, size: number, font: PDFFont) => {
    const shown = printable(t);
    page.drawText(shown, { x: mid - font.widthOfTextAtSize(shown, size) / 2, y, size, font, color: ink });
  };
  if (head.logo) {
    try {
      // A copy with its own ArrayBuffer: pdf-lib reads the JPEG from offset 0 of the buffer, and a
      // small Buffer is often a slice of Node's shared pool.
      const img = await doc.embedJpg(new Uint8Array(head.logo));
      const h = 62;
      const w = Math.min(70, (img.width / img.height) * h);
      page.drawImage(img, { x: left, y: box.top - h + 14, width: w, height: h });
    } catch {
      // A logo that cannot be embedded is left out rather than failing the letter.
    }
  }
  line(head.kop1, 13, fonts.bold);
  y -= 17;
  line(head.kop2, 15, fonts.bold);
  y -= 14;
  line(head.alamat, 9, fonts.regular);
  if (head.kontak) {
    y -= 11;
    line(head.kontak, 8.5, fonts.regular);
  }
  y -= 8;
  page.drawLine({ start: { x: left, y }, end: { x: right, y }, thickness: 1.6 });
  page.drawLine({ start: { x: left, y: y - 3 }, end: { x: right, y: y - 3 }, thickness: 0.5 });
  return y - 24;
}

/** A column of a nominative list: its title, its width, and whether its values stand on the right. */
export interface ListColumn {
  title: string;
  width: number;
  align?: 'right';
}

/** What a nominative list's pages show above the rows: the list's title and one line under it, the column titles at `size`. */
export interface ListHead {
  title: string;
  sub: { text: string; size: number };
  columns: readonly ListColumn[];
  size: number;
}

/**
 * The top of a nominative list's page (the KGB run's list for the payroll office, a rank promotion
 * proposal's list): on the first page the letterhead, then the list's title and one line under it,
 * both centred on the page; on every page the column titles on a light band. Answers the y of the
 * first row.
 */
async function drawListHead(
  doc: PDFDocument,
  page: PDFPage,
  head: Letterhead,
  box: { left: number; right: number; top: number },
  fonts: { regular: PDFFont; bold: PDFFont },
  list: ListHead,
  first: boolean,
): Promise<number> {
  let y = box.top;
  const ink = rgb(0.05, 0.05, 0.05);
  if (first) {
    y = (await drawLetterhead(doc, page, head, box, fonts)) + 4;
    const center = (t: string, size: number, font: PDFFont) => {
      const shown = printable(t);
      page.drawText(shown, {
        x: (page.getWidth() - font.widthOfTextAtSize(shown, size)) / 2,
        y,
        size,
        font,
        color: ink,
      });
    };
    center(list.title, 11.5, fonts.bold);
    y -= 14;
    center(list.sub.text, list.sub.size, fonts.regular);
    y -= 20;
  }
  page.drawRectangle({ x: box.left, y: y - 5, width: box.right - box.left, height: 17, color: rgb(0.86, 0.92, 1) });
  let x = box.left;
  for (const col of list.columns) {
    const shown = printable(col.title);
    const w = fonts.bold.widthOfTextAtSize(shown, list.size);
    const at = col.align === 'right' ? x + col.width - 3 - w : x + 2;
    page.drawText(shown, { x: at, y, size: list.size, font: fonts.bold, color: ink });
    x += col.width;
  }
  return y - 18;
}

/** The nominative lists' pages: landscape A4, with 36-point margins left and right. */
export const LIST_PAGE: [number, number] = [841.89, 595.28];
export const LIST_LEFT = 36;
export const LIST_RIGHT = LIST_PAGE[0] - 36;

/**
 * A nominative list being written, its first page begun with the list's head (drawListHead).
 * `at.page` and `at.y` are where the next line goes, and `text` writes there. `room(need, titles)`
 * turns to a new page when fewer than `need` points are left above the 40-point bottom margin:
 * with the column titles for a row of the table, without them (`titles` false) for what follows it.
 */
export async function nominativeList(docTitle: string, head: Letterhead, list: ListHead) {
  const { doc, regular, bold } = await officeDocument(docTitle);
  const fonts = { regular, bold };
  const box = { left: LIST_LEFT, right: LIST_RIGHT, top: LIST_PAGE[1] - 40 };
  const ink = rgb(0.05, 0.05, 0.05);
  const at = { page: doc.addPage(LIST_PAGE), y: 0 };
  at.y = await drawListHead(doc, at.page, head, box, fonts, list, true);
  const text = (t: string, x: number, size: number, font: PDFFont = regular) =>
    at.page.drawText(printable(t), { x, y: at.y, size, font, color: ink });
  const room = async (need: number, titles: boolean) => {
    if (at.y >= 40 + need) return;
    at.page = doc.addPage(LIST_PAGE);
    at.y = titles ? await drawListHead(doc, at.page, head, box, fonts, list, false) : box.top;
  };
  return { doc, fonts, ink, at, text, room };
}

// The standard fonts write WinAnsi only: anything else is replaced rather than failing the letter.
export const printable = (text: string) => text.replace(/[^\x20-\x7E\u00A0-\u00FF]/g, '?');

/** `text` on one line no wider than `width` at `size`: cut, ending in "...", where it does not fit. */
export function fit(text: string, font: PDFFont, size: number, width: number): string {
  let t = printable(text);
  if (font.widthOfTextAtSize(t, size) <= width) return t;
  while (t.length > 1 && font.widthOfTextAtSize(`${t}...`, size) > width) t = t.slice(0, -1);
  return `${t}...`;
}

/** The words of `text` in lines no wider than `width` at `size` (none for an empty text). */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of printable(text).split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * A covering letter to the personnel agency (rank promotion, retirement): an A4 page with the
 * letterhead, 11-point text between 70 and 525 points, and its writing position `at.y` below the
 * letterhead. `text` writes a line at `at.y`; `para` wraps a paragraph (its first line indented by
 * `indentFirst`) and moves `at.y` down a line at a time. `opening` writes the place and date (at
 * `x`) and the opening (drawPembuka) of an urgent letter with one attachment; `closing` the closing
 * sentence, the signature block of the head of the office and the Tembusan (drawPenutup).
 */
export async function coveringLetter(title: string, head: Letterhead) {
  const { doc, regular, bold } = await officeDocument(title);
  const page = doc.addPage([595.28, 841.89]);
  const size = 11;
  const at = {
    left: 70,
    right: 525,
    size,
    y: (await drawLetterhead(doc, page, head, { left: 56, right: 539, top: 806 }, { regular, bold })) + 4,
  };
  const ink = rgb(0.05, 0.05, 0.05);
  const text = (t: string, x: number, font = regular, sz = size) =>
    page.drawText(printable(t), { x, y: at.y, size: sz, font, color: ink });
  const para = (t: string, x = at.left, indentFirst = 0) => {
    for (const [i, line] of wrap(t, regular, size, at.right - x - indentFirst).entries()) {
      text(line, x + (i === 0 ? indentFirst : 0));
      at.y -= size + 5;
    }
  };
  const opening = (c: { tanggal: string; x: number; nomor: string; hal: string; kepada: string }) => {
    text(`${head.kota}, ${c.tanggal}`, c.x);
    at.y -= 24;
    const rows: [string, string][] = [
      ['Nomor', c.nomor],
      ['Sifat', 'Penting'],
      ['Lampiran', '1 (satu) berkas'],
      ['Hal', c.hal],
    ];
    at.y = drawPembuka(page, at, { regular, bold }, rows, c.kepada);
  };
  const closing = (ttd: Penandatangan, tembusan: readonly string[]) => {
    at.y -= 4;
    para('Demikian kami sampaikan, atas perhatian dan kerja samanya diucapkan terima kasih.', at.left, 36);
    drawPenutup(page, { ...at, x: 320 }, { regular, bold }, head.kepalaKantor, ttd, tembusan);
  };
  return { doc, fonts: { regular, bold }, at, text, para, opening, closing };
}

/**
 * The opening of a covering letter below its place and date (Permendagri 1/2023 on official
 * documents): Nomor, Sifat, Lampiran and Hal, each value wrapped at 250 points (Hal in bold), then
 * the addressee: Yth., `kepada`, di Tempat. Starts at `at.y` and answers the y where the body begins.
 */
function drawPembuka(
  page: PDFPage,
  at: { y: number; left: number; size: number },
  fonts: { regular: PDFFont; bold: PDFFont },
  rows: readonly (readonly [string, string])[],
  kepada: string,
): number {
  const ink = rgb(0.05, 0.05, 0.05);
  const { left, size } = at;
  let y = at.y;
  const put = (t: string, x: number, font = fonts.regular) =>
    page.drawText(printable(t), { x, y, size, font, color: ink });
  for (const [k, v] of rows) {
    put(k, left);
    const font = k === 'Hal' ? fonts.bold : fonts.regular;
    const lines = wrap(`: ${v}`, font, size, 250);
    lines.forEach((line, i) => {
      put(i === 0 ? line : `  ${line}`, left + 62, font);
      if (i < lines.length - 1) y -= size + 3;
    });
    y -= size + 5;
  }
  y -= 14;
  put('Yth.', left);
  y -= size + 5;
  for (const line of wrap(kepada, fonts.regular, size, 260)) {
    put(line, left);
    y -= size + 5;
  }
  put('di', left);
  y -= size + 5;
  put('Tempat', left + 16);
  return y - 28;
}

/**
 * The closing of a covering letter: the head of the office's title, room for the signature, name
 * and NIP (dotted lines where no official is registered), then the Tembusan list. Starts 26 points
 * below `at.y` and answers the y below the last line.
 */
function drawPenutup(
  page: PDFPage,
  at: { y: number; left: number; right: number; x: number; size: number },
  fonts: { regular: PDFFont; bold: PDFFont },
  jabatan: string,
  ttd: { nama: string | null; nip: string | null },
  tembusan: readonly string[],
): number {
  const ink = rgb(0.05, 0.05, 0.05);
  let y = at.y - 26;
  const put = (t: string, x: number, font: PDFFont, size = at.size) =>
    page.drawText(printable(t), { x, y, size, font, color: ink });
  for (const line of wrap(jabatan, fonts.bold, at.size, at.right - at.x)) {
    put(line, at.x, fonts.bold);
    y -= at.size + 4;
  }
  y -= 58;
  put(ttd.nama ?? '(.........................................)', at.x, fonts.bold);
  y -= at.size + 4;
  put(`NIP ${ttd.nip ?? '..........................................'}`, at.x, fonts.regular);
  y -= 40;
  put('Tembusan:', at.left, fonts.regular, 10);
  y -= 13;
  tembusan.forEach((t, i) => {
    put(`${i + 1}. ${t}`, at.left, fonts.regular, 10);
    y -= 13;
  });
  return y;
}
