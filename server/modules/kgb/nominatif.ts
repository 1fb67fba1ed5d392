import type { PDFFont } from 'pdf-lib';
import { rupiah, tanggalPanjang } from '../../domain/terbilang.ts';
import type { StatusGaji } from '#contract/kgb-periode-values.ts';
import {
  jabatanLengkap,
  LIST_LEFT,
  LIST_RIGHT,
  type ListColumn,
  nominativeList,
  printable,
  type Letterhead,
  wrap,
  fit,
} from '../../lib/kop-surat.ts';
import { rgb } from '../../lib/pdf-lib.ts';
import { drawSignatureBox, signatureBlockLines } from './letter.ts';

/** A row of the nominative list of a month's signed KGB letters. */
export interface NominatifRow {
  nip: string;
  nama: string;
  jenis: string;
  pangkat: string | null;
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
  /** The letter (absent on a totals row). */
  suratId?: number;
  /** The payroll office's answer recorded on it. */
  gaji?: StatusGaji | null;
}

const mkg = (m: { tahun: number; bulan: number }) => `${m.tahun} th ${m.bulan} bl`;
/** Amounts in the table's columns, headed "Rp": 3.390.500 (the decimals are always ,00). */
const angka = (n: number) =>
  rupiah(n)
    .replace(/^(-?)Rp/, '$1')
    .replace(/,00$/, '');

/** The signature box sits on the last page inside the margins of the list's landscape A4 (LIST_PAGE). */
export const NOMINATIF_SIGNATURE_RECT: [number, number, number, number] = [LIST_RIGHT - 230, 72, LIST_RIGHT, 142];

interface Column extends ListColumn {
  value: (r: NominatifRow, i: number) => string;
}

const COLUMNS: Column[] = [
  { title: 'No', width: 18, value: (_r, i) => String(i + 1) },
  { title: 'NIP / NI PPPK', width: 78, value: (r) => r.nip },
  { title: 'Nama', width: 92, value: (r) => r.nama },
  { title: 'Status', width: 26, value: (r) => r.jenis },
  { title: 'Pangkat/Gol.', width: 96, value: (r) => (r.pangkat ? `${r.pangkat} (${r.golongan})` : r.golongan) },
  { title: 'Sekolah', width: 90, value: (r) => r.sekolah ?? '-' },
  { title: 'MKG lama', width: 38, value: (r) => mkg(r.mkgLama) },
  { title: 'Gaji lama', width: 44, align: 'right', value: (r) => (r.gajiLama == null ? '-' : angka(r.gajiLama)) },
  { title: 'MKG baru', width: 38, value: (r) => mkg(r.mkgBaru) },
  { title: 'Gaji baru', width: 44, align: 'right', value: (r) => angka(r.gajiBaru) },
  { title: 'TMT', width: 42, value: (r) => r.tmt.split('-').reverse().join('-') },
  { title: 'Nomor surat', width: 92, value: (r) => r.nomor },
  { title: 'Rapel', width: 22, align: 'right', value: (r) => (r.rapel ? `${r.rapel.bulan} bl` : '-') },
  { title: 'Rapel (Rp)', width: 44, align: 'right', value: (r) => (r.rapel ? angka(r.rapel.jumlah) : '-') },
];

/** A cell's text on at most `max` lines within its width (words kept whole; a last line that does not fit ends in "..."). */
function cellLines(text: string, font: PDFFont, size: number, width: number, max = 2): string[] {
  const lines = wrap(text, font, size, width);
  if (lines.length > max) lines.splice(max - 1, lines.length, lines.slice(max - 1).join(' '));
  return lines.map((l) => fit(l, font, size, width));
}

/**
 * The nominative list (daftar nominatif) for the payroll office (BPKAD/KPPN): every signed letter
 * of the month with its numbers and the back pay, a total, and the official's block on the last
 * page, ready to be signed like the letters. Returns the PDF and the signature's page index.
 */
export async function renderNominatif(
  rows: NominatifRow[],
  head: Letterhead,
  c: {
    judul: string;
    bulanGaji: string | null;
    tanggal: string;
    pejabat: { nama: string; nip: string; jabatan: string; pangkat: string | null };
    stamp: string;
    /** The office sealing the list with its seal (segel elektronik), or null: signed by the official. */
    segel?: string | null;
  },
): Promise<{ pdf: Buffer; page: number }> {
  const { doc, fonts, ink, at, text, room } = await nominativeList(
    `Daftar Nominatif Kenaikan Gaji Berkala ${c.judul}`,
    head,
    {
      title: 'DAFTAR NOMINATIF KENAIKAN GAJI BERKALA',
      sub: { text: `${c.judul[0]!.toUpperCase()}${c.judul.slice(1)} - ${rows.length} pegawai`, size: 10 },
      columns: COLUMNS,
      size: 7,
    },
  );
  const { regular, bold } = fonts;
  // Room for the total, the notes, the place and date and the official's block under the last row.
  const reserve = 250;
  for (const [i, r] of rows.entries()) {
    // A cell wraps onto a second line rather than cutting a name, a rank or a number.
    const cells = COLUMNS.map((col) => cellLines(col.value(r, i), regular, 7, col.width - 5));
    const lines = Math.max(...cells.map((c) => c.length));
    const rowHeight = 5 + lines * 9;
    await room(rowHeight + (i === rows.length - 1 ? reserve : 0), true);
    let x = LIST_LEFT;
    COLUMNS.forEach((col, k) => {
      cells[k]!.forEach((v, j) => {
        at.page.drawText(v, {
          x: col.align === 'right' ? x + col.width - 3 - regular.widthOfTextAtSize(v, 7) : x + 2,
          y: at.y - j * 9,
          size: 7,
          font: regular,
          color: ink,
        });
      });
      x += col.width;
    });
    at.page.drawLine({
      start: { x: LIST_LEFT, y: at.y - rowHeight + 10 },
      end: { x: LIST_RIGHT, y: at.y - rowHeight + 10 },
      thickness: 0.3,
      color: rgb(0.7, 0.7, 0.7),
    });
    at.y -= rowHeight;
  }
  await room(reserve, false);

  const totalLama = rows.reduce((n, r) => n + (r.gajiLama ?? 0), 0);
  const totalBaru = rows.reduce((n, r) => n + r.gajiBaru, 0);
  const totalRapel = rows.reduce((n, r) => n + (r.rapel?.jumlah ?? 0), 0);
  // The totals row, in the table's own columns.
  at.page.drawRectangle({
    x: LIST_LEFT,
    y: at.y - 5,
    width: LIST_RIGHT - LIST_LEFT,
    height: 15,
    color: rgb(0.93, 0.95, 0.98),
  });
  {
    let x = LIST_LEFT;
    const totals: Record<string, string> = {
      Nama: `JUMLAH (${rows.length} pegawai)`,
      'Gaji lama': angka(totalLama),
      'Gaji baru': angka(totalBaru),
      'Rapel (Rp)': angka(totalRapel),
    };
    for (const col of COLUMNS) {
      const v = totals[col.title];
      if (v) text(v, col.align === 'right' ? x + col.width - 3 - bold.widthOfTextAtSize(v, 7) : x + 2, 7, bold);
      x += col.width;
    }
  }
  at.y -= 18;
  text(
    `Selisih gaji pokok sebulan Rp${angka(totalBaru - totalLama)},00; perkiraan rapel seluruhnya Rp${angka(totalRapel)},00. Jumlah dalam rupiah.`,
    LIST_LEFT,
    8.5,
    bold,
  );
  at.y -= 12;
  text(
    c.bulanGaji
      ? `Rapel: selisih gaji sejak TMT sampai sebelum gaji bulan ${tanggalPanjang(c.bulanGaji).replace(/^1 /, '')}, bulan pertama gaji pokok baru dibayar; dihitung per bulan menurut tabel gaji yang berlaku pada bulan itu.`
      : 'Rapel: selisih gaji sejak TMT sampai bulan surat ditandatangani (gaji dibayar di muka setiap awal bulan); dihitung per bulan menurut tabel gaji yang berlaku pada bulan itu.',
    LIST_LEFT,
    7,
  );

  // The official's block, as on the letters: place and date, a.n. the regional head, the official's
  // full title above the signature box; name, rank and NIP under it.
  const [x1, by1, , y2] = NOMINATIF_SIGNATURE_RECT;
  const title = cellLines(`${jabatanLengkap(c.pejabat.jabatan, head).toUpperCase()},`, bold, 9, LIST_RIGHT - x1, 2);
  at.y = y2 + 10 + (2 + title.length) * 12;
  text(`${head.kota}, ${tanggalPanjang(c.tanggal)}`, x1, 9);
  at.y -= 12;
  text(`a.n. ${head.atasNama.toUpperCase()}`, x1, 9, bold);
  at.y -= 12;
  for (const line of title) {
    text(line, x1, 9, bold);
    at.y -= 12;
  }
  at.y = by1 - 13;
  text(c.pejabat.nama, x1, 9, bold);
  at.y -= 11;
  if (c.pejabat.pangkat) {
    text(c.pejabat.pangkat, x1, 8.5);
    at.y -= 11;
  }
  text(`NIP ${c.pejabat.nip}`, x1, 8.5);
  drawSignatureBox(
    at.page,
    NOMINATIF_SIGNATURE_RECT,
    signatureBlockLines(c.pejabat, c.stamp, c.segel).map((t, i) => [printable(t), i === 1 ? bold : regular]),
    { top: 14, step: 13 },
  );
  return { pdf: Buffer.from(await doc.save({ useObjectStreams: false })), page: doc.getPageCount() - 1 };
}
