import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { rupiah, tanggalPanjang } from '../../domain/terbilang.ts';
import { drawLetterhead, printable, type Letterhead } from './letter.ts';

/** A row of the nominative list of a month's signed KGB letters (issue 24.2). */
export interface NominatifRow {
  nip: string;
  nama: string;
  jenis: string;
  golongan: string;
  sekolah: string | null;
  mkgLama: { tahun: number; bulan: number };
  mkgBaru: { tahun: number; bulan: number };
  gajiLama: number | null;
  gajiBaru: number;
  tmt: string;
  nomor: string;
  tanggalSurat: string;
  ditandatangani: string;
  rapel: { bulan: number; jumlah: number } | null;
}

const mkg = (m: { tahun: number; bulan: number }) => `${m.tahun} th ${m.bulan} bl`;
const angka = (n: number) => rupiah(n).replace(/^Rp\s?/, '');

/** Landscape A4. The signature box sits on the last page inside the margins (issue 24.3). */
const PAGE: [number, number] = [841.89, 595.28];
const LEFT = 36;
const RIGHT = PAGE[0] - 36;
export const NOMINATIF_SIGNATURE_RECT: [number, number, number, number] = [RIGHT - 230, 48, RIGHT, 118];

interface Column {
  title: string;
  width: number;
  align?: 'right';
  value: (r: NominatifRow, i: number) => string;
}

const COLUMNS: Column[] = [
  { title: 'No', width: 22, value: (_r, i) => String(i + 1) },
  { title: 'NIP / NI PPPK', width: 92, value: (r) => r.nip },
  { title: 'Nama', width: 128, value: (r) => r.nama },
  { title: 'Gol.', width: 36, value: (r) => r.golongan },
  { title: 'MKG lama', width: 50, value: (r) => mkg(r.mkgLama) },
  { title: 'Gaji lama', width: 60, align: 'right', value: (r) => (r.gajiLama == null ? '-' : angka(r.gajiLama)) },
  { title: 'MKG baru', width: 50, value: (r) => mkg(r.mkgBaru) },
  { title: 'Gaji baru', width: 60, align: 'right', value: (r) => angka(r.gajiBaru) },
  { title: 'TMT', width: 56, value: (r) => r.tmt.split('-').reverse().join('-') },
  { title: 'Nomor surat', width: 118, value: (r) => r.nomor },
  { title: 'Rapel', width: 98, align: 'right', value: (r) => (r.rapel ? `${r.rapel.bulan} bl: ${angka(r.rapel.jumlah)}` : '-') },
];

function fit(text: string, font: PDFFont, size: number, width: number): string {
  let t = printable(text);
  if (font.widthOfTextAtSize(t, size) <= width) return t;
  while (t.length > 1 && font.widthOfTextAtSize(`${t}…`.replace('…', '...'), size) > width) t = t.slice(0, -1);
  return `${t}...`;
}

/**
 * The nominative list (daftar nominatif) for the payroll office (BPKAD/KPPN): every signed letter
 * of the month with its numbers and the back pay, a total, and the official's block on the last
 * page, ready to be signed like the letters. Returns the PDF and the signature's page index.
 */
export async function renderNominatif(
  rows: NominatifRow[],
  head: Letterhead,
  c: { tmt: string; tanggal: string; pejabat: { nama: string; nip: string; jabatan: string; pangkat: string | null }; stamp: string },
): Promise<{ pdf: Buffer; page: number }> {
  const doc = await PDFDocument.create();
  const judul = `Daftar Nominatif Kenaikan Gaji Berkala TMT ${tanggalPanjang(c.tmt)}`;
  doc.setTitle(judul);
  doc.setProducer('Sidasek');
  doc.setCreator('Sidasek');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.05, 0.05, 0.05);
  let page: PDFPage = doc.addPage(PAGE);
  let y = 0;
  const text = (t: string, x: number, size: number, font: PDFFont = regular) => page.drawText(printable(t), { x, y, size, font, color: ink });
  const center = (t: string, size: number, font: PDFFont) => text(t, (PAGE[0] - font.widthOfTextAtSize(printable(t), size)) / 2, size, font);

  const header = async (first: boolean) => {
    y = PAGE[1] - 40;
    if (first) {
      y = (await drawLetterhead(doc, page, head, { left: LEFT, right: RIGHT, top: PAGE[1] - 40 }, { regular, bold })) + 4;
      center('DAFTAR NOMINATIF KENAIKAN GAJI BERKALA', 11.5, bold);
      y -= 14;
      center(`TMT ${tanggalPanjang(c.tmt)} - ${rows.length} pegawai`, 10, regular);
      y -= 20;
    }
    // Column titles.
    let x = LEFT;
    page.drawRectangle({ x: LEFT, y: y - 5, width: RIGHT - LEFT, height: 17, color: rgb(0.86, 0.92, 1) });
    for (const col of COLUMNS) {
      const w = bold.widthOfTextAtSize(col.title, 7.5);
      text(col.title, col.align === 'right' ? x + col.width - 3 - w : x + 2, 7.5, bold);
      x += col.width;
    }
    y -= 18;
  };

  await header(true);
  const rowHeight = 14;
  // Room for the total, the place and date and the official's block under the last row.
  const reserve = 175;
  for (const [i, r] of rows.entries()) {
    if (y < 40 + (i === rows.length - 1 ? reserve : 0)) {
      page = doc.addPage(PAGE);
      await header(false);
    }
    let x = LEFT;
    for (const col of COLUMNS) {
      const v = fit(col.value(r, i), regular, 7.5, col.width - 5);
      text(v, col.align === 'right' ? x + col.width - 3 - regular.widthOfTextAtSize(v, 7.5) : x + 2, 7.5);
      x += col.width;
    }
    page.drawLine({ start: { x: LEFT, y: y - 4 }, end: { x: RIGHT, y: y - 4 }, thickness: 0.3, color: rgb(0.7, 0.7, 0.7) });
    y -= rowHeight;
  }
  if (y < 40 + reserve) {
    page = doc.addPage(PAGE);
    y = PAGE[1] - 40;
  }

  const totalLama = rows.reduce((n, r) => n + (r.gajiLama ?? 0), 0);
  const totalBaru = rows.reduce((n, r) => n + r.gajiBaru, 0);
  const totalRapel = rows.reduce((n, r) => n + (r.rapel?.jumlah ?? 0), 0);
  y -= 4;
  text(`Jumlah gaji pokok lama Rp ${angka(totalLama)}; gaji pokok baru Rp ${angka(totalBaru)}; selisih sebulan Rp ${angka(totalBaru - totalLama)}; perkiraan rapel Rp ${angka(totalRapel)}.`, LEFT, 8.5, bold);
  y -= 12;
  text('Rapel: selisih gaji sejak TMT sampai bulan surat ditandatangani (gaji dibayar di muka setiap awal bulan); jumlah pastinya dihitung oleh pengelola gaji.', LEFT, 7.5);

  // The official's block, right-aligned above the signature box.
  const [x1, , , y2] = NOMINATIF_SIGNATURE_RECT;
  y = y2 + 64;
  text(`${head.kota}, ${tanggalPanjang(c.tanggal)}`, x1, 9);
  y -= 12;
  text(`a.n. ${head.atasNama.toUpperCase()}`, x1, 9, bold);
  y -= 12;
  text(c.pejabat.jabatan, x1, 9, bold);
  y -= 12;
  text(c.pejabat.nama, x1, 9);
  y -= 12;
  text(`NIP ${c.pejabat.nip}`, x1, 9);
  const [bx1, by1, bx2, by2] = NOMINATIF_SIGNATURE_RECT;
  page.drawRectangle({ x: bx1, y: by1, width: bx2 - bx1, height: by2 - by1, borderColor: rgb(0.11, 0.3, 0.85), borderWidth: 1, color: rgb(0.93, 0.96, 1) });
  ['Ditandatangani secara elektronik oleh', c.pejabat.nama, `NIP ${c.pejabat.nip}`, c.stamp].forEach((t, i) =>
    page.drawText(printable(t), { x: bx1 + 6, y: by2 - 14 - i * 13, size: 8, font: i === 1 ? bold : regular, color: rgb(0.08, 0.15, 0.4) }),
  );
  return { pdf: Buffer.from(await doc.save({ useObjectStreams: false })), page: doc.getPageCount() - 1 };
}
