import { PDFDocument, StandardFonts, rgb, degrees, type PDFFont, type PDFPage } from 'pdf-lib';
import { rupiah, tanggalPanjang, terbilang } from '../../domain/terbilang.ts';
import type { LetterSettings } from '#contract/kgb.ts';

export type { LetterSettings };

export const DEFAULT_LETTER_SETTINGS: LetterSettings = {
  kop1: 'PEMERINTAH KOTA TERNATE',
  kop2: 'DINAS PENDIDIKAN',
  alamat: 'Jl. Pahlawan Revolusi No. 1, Ternate 97712, Maluku Utara',
  kota: 'Ternate',
  formatNomor: '822.4/{nomor}/DIKBUD/{bulan}/{tahun}',
  kepada: 'Kepala Badan Pengelolaan Keuangan dan Aset Daerah',
  pembuka: 'Dengan ini diberitahukan bahwa berhubung dengan telah dipenuhinya masa kerja dan syarat-syarat lainnya kepada:',
  dasar: 'atas dasar surat keputusan terakhir tentang gaji/pangkat yang ditetapkan:',
  penutup: 'Diharapkan agar sesuai dengan peraturan gaji yang berlaku kepada pegawai tersebut dapat dibayarkan penghasilannya berdasarkan gaji pokok yang baru.',
  tembusan: ['Kepala BKPSDM', 'Kepala Sekolah yang bersangkutan', 'Pegawai yang bersangkutan'],
};

/** Everything printed on a letter, frozen at verification (kgb_surat.isi). */
export interface LetterContent {
  nomor: string;
  kodeDokumen: string | null;
  tanggalSurat: string;
  /** `jenis`: PNS, CPNS or PPPK (letters verified before issue 22.3 have none: PNS). */
  guru: { nama: string; nip: string; tempatLahir: string | null; tglLahir: string; golongan: string; pangkat: string | null; jabatan: string | null; sekolah: string | null; jenis?: string };
  skTerakhir: { pejabat: string; nomor: string; tanggal: string | null; tmt: string | null } | null;
  mkgLama: { tahun: number; bulan: number };
  mkgBaru: { tahun: number; bulan: number };
  gajiLama: number | null;
  gajiBaru: number;
  tmt: string;
  tmtBerikutnya: string;
  regulasi: string;
  /** A CPNS receives 80 % of the table's salary (PP 7/1977 art. 5(1)): the percentage and the table's amount. */
  persen?: number;
  gajiTabel?: number;
  pejabat: { nama: string; nip: string; jabatan: string; pangkat: string | null } | null;
  /** Where the verification page is, printed with the document code. */
  verifikasiUrl: string | null;
}

/** Page index and rectangle [x1, y1, x2, y2] reserved for the visible electronic signature. */
export const SIGNATURE_RECT: [number, number, number, number] = [330, 150, 545, 220];
export const SIGNATURE_PAGE = 0;

// The standard fonts write WinAnsi only: anything else is replaced rather than failing the letter.
const printable = (text: string) => text.replace(/[^\x20-\x7E\u00A0-\u00FF]/g, '?');

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of printable(text).split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

const mkgText = (m: { tahun: number; bulan: number }) => `${m.tahun} tahun ${m.bulan} bulan`;

/** The "Surat Pemberitahuan Kenaikan Gaji Berkala" as a one-page A4 PDF. */
export async function renderLetter(c: LetterContent, s: LetterSettings, opts: { draft: boolean }): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Surat Pemberitahuan Kenaikan Gaji Berkala ${c.nomor}`);
  doc.setSubject(`KGB ${c.guru.nama}`);
  doc.setProducer('Sidasek');
  doc.setCreator('Sidasek');
  const page = doc.addPage([595.28, 841.89]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const left = 56;
  const right = 539;
  let y = 800;
  const text = (t: string, x: number, size = 10, font = regular, p: PDFPage = page) => p.drawText(printable(t), { x, y, size, font, color: rgb(0.05, 0.05, 0.05) });
  const center = (t: string, size: number, font: PDFFont) => text(t, (595.28 - font.widthOfTextAtSize(printable(t), size)) / 2, size, font);
  const para = (t: string, x = left, size = 10) => {
    for (const line of wrap(t, regular, size, right - x)) {
      text(line, x, size);
      y -= size + 4;
    }
  };

  // Letterhead.
  center(s.kop1, 13, bold);
  y -= 17;
  center(s.kop2, 15, bold);
  y -= 14;
  center(s.alamat, 9, regular);
  y -= 8;
  page.drawLine({ start: { x: left, y }, end: { x: right, y }, thickness: 1.6 });
  page.drawLine({ start: { x: left, y: y - 3 }, end: { x: right, y: y - 3 }, thickness: 0.5 });
  y -= 24;

  text(`${s.kota}, ${tanggalPanjang(c.tanggalSurat)}`, 380);
  const rows: [string, string][] = [['Nomor', c.nomor], ['Lampiran', '-'], ['Perihal', 'Kenaikan Gaji Berkala']];
  for (const [k, v] of rows) {
    text(k, left);
    text(`: ${v}`, left + 60, 10, k === 'Perihal' ? bold : regular);
    y -= 14;
  }
  y -= 4;
  text('Kepada Yth.', 330);
  y -= 14;
  for (const line of wrap(s.kepada, regular, 10, right - 330)) {
    text(line, 330);
    y -= 14;
  }
  text(`di ${s.kota}`, 330);
  y -= 22;
  const pppk = c.guru.jenis === 'PPPK';
  const cpns = c.guru.jenis === 'CPNS';
  center('SURAT PEMBERITAHUAN KENAIKAN GAJI BERKALA', 11, bold);
  if (pppk) {
    // Perpres 98/2020 as amended by Perpres 11/2024: a PPPK is no civil servant with a pangkat.
    y -= 14;
    center('PEGAWAI PEMERINTAH DENGAN PERJANJIAN KERJA', 11, bold);
  }
  y -= 20;
  para(s.pembuka);
  y -= 2;

  const item = (no: string, label: string, value: string, font = regular) => {
    text(no, left + 4);
    text(label, left + 22);
    const lines = wrap(`: ${value}`, font, 10, right - (left + 190));
    lines.forEach((line, i) => {
      text(line, left + 190, 10, font);
      if (i < lines.length - 1) y -= 13;
    });
    y -= 14;
  };
  const g = c.guru;
  item('1.', 'Nama', g.nama, bold);
  item('2.', pppk ? 'NI PPPK' : 'NIP', g.nip);
  item('3.', 'Tempat/Tanggal Lahir', `${g.tempatLahir ?? '-'}, ${tanggalPanjang(g.tglLahir)}`);
  if (pppk) item('4.', 'Golongan', `${g.golongan} (PPPK)`);
  else item('4.', 'Pangkat/Golongan', `${g.pangkat ?? '-'} (${g.golongan})${cpns ? ', CPNS' : ''}`);
  item('5.', 'Jabatan', g.jabatan ?? '-');
  item('6.', 'Unit Kerja', g.sekolah ?? '-');
  item('7.', 'Gaji Pokok Lama', c.gajiLama == null ? '-' : rupiah(c.gajiLama));
  y -= 2;
  // A PPPK's salary was last set by the work agreement (appointment) or a KGB decree.
  para(pppk ? 'atas dasar surat keputusan/perjanjian kerja terakhir tentang gaji yang ditetapkan:' : s.dasar, left + 22);
  const sk = c.skTerakhir;
  item('a.', 'Oleh Pejabat', sk?.pejabat ?? '-');
  item('b.', 'Tanggal/Nomor', sk ? `${sk.tanggal ? tanggalPanjang(sk.tanggal) : '-'} / ${sk.nomor}` : '-');
  item('c.', 'Tanggal mulai berlaku', sk?.tmt ? tanggalPanjang(sk.tmt) : '-');
  item('d.', 'Masa kerja golongan', mkgText(c.mkgLama));
  y -= 2;
  para('diberikan kenaikan gaji berkala hingga memperoleh:', left + 22);
  const persen = c.persen !== undefined && c.persen !== 100 && c.gajiTabel ? `, ${c.persen} % dari ${rupiah(c.gajiTabel)}` : '';
  item('8.', 'Gaji Pokok Baru', `${rupiah(c.gajiBaru)} (${terbilang(c.gajiBaru)} rupiah${persen})`, bold);
  item('9.', 'Berdasarkan masa kerja', mkgText(c.mkgBaru));
  item('10.', 'Dalam golongan', c.guru.golongan);
  item('11.', 'Mulai tanggal', tanggalPanjang(c.tmt), bold);
  item('12.', 'KGB berikutnya', tanggalPanjang(c.tmtBerikutnya));
  y -= 4;
  para(`${s.penutup} (${c.regulasi}${cpns ? '; CPNS 80 % menurut PP 7/1977 Pasal 5 ayat (1)' : ''})`);

  // Signature block: the right column; the signature rectangle stays empty for the e-signature.
  y = 245;
  const p = c.pejabat;
  text(p?.jabatan ?? 'Kepala Dinas Pendidikan', SIGNATURE_RECT[0]);
  y = SIGNATURE_RECT[1] - 16;
  text(p?.nama ?? '-', SIGNATURE_RECT[0], 10, bold);
  y -= 13;
  if (p?.pangkat) {
    text(p.pangkat, SIGNATURE_RECT[0]);
    y -= 13;
  }
  text(`NIP ${p?.nip ?? '-'}`, SIGNATURE_RECT[0]);

  y = 150;
  text('Tembusan:', left, 9, bold);
  y -= 12;
  s.tembusan.forEach((t, i) => {
    text(`${i + 1}. ${t}`, left, 9);
    y -= 12;
  });

  // Footer: the document code and where anyone can check it.
  page.drawLine({ start: { x: left, y: 54 }, end: { x: right, y: 54 }, thickness: 0.3, color: rgb(0.6, 0.6, 0.6) });
  const footer = c.kodeDokumen
    ? `Kode dokumen ${c.kodeDokumen}. Keaslian surat dapat diperiksa di ${c.verifikasiUrl ?? '/dokumen'}/${c.kodeDokumen}.`
    : 'Draf: belum diverifikasi, belum memiliki kode dokumen.';
  // Wrapped inside the margins: the longer codes and an office's own PUBLIC_URL do not fit one line.
  const footerLines = wrap(footer, regular, 8, right - left);
  y = 44 - (footerLines.length - 1) * 5;
  for (const line of footerLines) {
    text(line, left, 8);
    y -= 10;
  }

  if (opts.draft) {
    page.drawText('DRAF', { x: 150, y: 330, size: 140, font: bold, color: rgb(0.85, 0.1, 0.1), opacity: 0.15, rotate: degrees(35) });
  }
  return Buffer.from(await doc.save());
}

/** Draws the visible signature block in the reserved rectangle before the PDF is signed. */
export async function stampSignature(pdf: Buffer, stamp: { nama: string; nip: string; waktu: string; kodeDokumen: string }): Promise<Buffer> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const page = doc.getPage(SIGNATURE_PAGE);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const [x1, y1, x2, y2] = SIGNATURE_RECT;
  page.drawRectangle({ x: x1, y: y1, width: x2 - x1, height: y2 - y1, borderColor: rgb(0.11, 0.3, 0.85), borderWidth: 1, color: rgb(0.93, 0.96, 1) });
  const lines: [string, PDFFont][] = [
    ['Ditandatangani secara elektronik oleh', font],
    [printable(stamp.nama), bold],
    [`NIP ${stamp.nip}`, font],
    [printable(stamp.waktu), font],
    [`Kode dokumen ${stamp.kodeDokumen}`, font],
  ];
  lines.forEach(([t, f], i) => page.drawText(t, { x: x1 + 6, y: y2 - 13 - i * 12, size: 8, font: f, color: rgb(0.08, 0.15, 0.4) }));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
