import { PDFDocument, StandardFonts, rgb, degrees, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import { rupiah, tanggalPanjang, terbilang } from '../../domain/terbilang.ts';
import type { LetterSettings } from '#contract/kgb.ts';

export type { LetterSettings };

export const DEFAULT_LETTER_SETTINGS: LetterSettings = {
  template: 'pemberitahuan',
  sifat: 'Biasa',
  formatNomor: '822.4/{nomor}/DIKBUD/{bulan}/{tahun}',
  kepada: 'Kepala Badan Pengelolaan Keuangan dan Aset Daerah',
  pembuka: 'Dengan ini diberitahukan bahwa berhubung dengan telah dipenuhinya masa kerja dan syarat-syarat lainnya kepada:',
  dasar: 'atas dasar surat keputusan terakhir tentang gaji/pangkat yang ditetapkan:',
  penutup: 'Diharapkan agar sesuai dengan peraturan gaji yang berlaku kepada pegawai tersebut dapat dibayarkan penghasilannya berdasarkan gaji pokok yang baru.',
  tembusan: ['Kepala BKPSDM', 'Kepala Sekolah yang bersangkutan', 'Pegawai yang bersangkutan'],
};

/**
 * The letter settings an office starts from, named after its region (issue 24.4: the defaults
 * follow the office profile): the payroll office of the region as addressee, and its personnel
 * agency first in the Tembusan (a province has a BKD, a regency or city a BKPSDM). What the office
 * saved in its letter settings (pengaturan 'kgb') replaces these key by key.
 */
export function defaultLetterSettings(p: { tingkat: 'kabupaten_kota' | 'provinsi'; wilayah: string }): LetterSettings {
  const kepegawaian = p.tingkat === 'provinsi' ? 'Badan Kepegawaian Daerah' : 'BKPSDM';
  return {
    ...DEFAULT_LETTER_SETTINGS,
    kepada: `Kepala Badan Pengelolaan Keuangan dan Aset Daerah ${p.wilayah}`,
    tembusan: [`Kepala ${kepegawaian} ${p.wilayah}`, 'Kepala Sekolah yang bersangkutan', 'Pegawai yang bersangkutan'],
  };
}

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
  /**
   * The signature box [x1, y1, x2, y2] on page 1, where the letter's text left room for it (set at
   * verification; letters verified before have none and use SIGNATURE_RECT).
   */
  ttd?: [number, number, number, number];
}

/**
 * Page index and rectangle [x1, y1, x2, y2] reserved for the visible electronic signature, inside
 * the page's margins (x 56-539; issue 24.3).
 */
export const SIGNATURE_RECT: [number, number, number, number] = [324, 150, 539, 220];
export const SIGNATURE_PAGE = 0;

/** The office's letterhead and authority (the office profile, issue 24.4). */
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
  /** "Kepala Dinas Pendidikan Kota Ternate": who issues KGB decrees (the signer of a KGB in the record). */
  kepalaKantor: string;
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
};

/**
 * Draws the letterhead at the top of a page (logo on the left, the lines centred between the
 * margins, the double rule) and answers the y below it.
 */
export async function drawLetterhead(doc: PDFDocument, page: PDFPage, head: Letterhead, box: { left: number; right: number; top: number }, fonts: { regular: PDFFont; bold: PDFFont }): Promise<number> {
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

/** A QR code of `url` drawn as squares at (x, y) bottom-left, `size` points wide. */
function drawQr(page: PDFPage, url: string, x: number, y: number, size: number) {
  const qr = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const cell = size / n;
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (qr.modules.get(r, c)) page.drawRectangle({ x: x + c * cell, y: y + size - (r + 1) * cell, width: cell + 0.05, height: cell + 0.05, color: rgb(0, 0, 0) });
    }
  }
}

// The standard fonts write WinAnsi only: anything else is replaced rather than failing the letter.
export const printable = (text: string) => text.replace(/[^\x20-\x7E\u00A0-\u00FF]/g, '?');

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

/**
 * A KGB letter as a one-page A4 PDF, in the office's template (issue 24.3): the "Surat
 * Pemberitahuan Kenaikan Gaji Berkala" to the payroll office, or the "Keputusan" (SK) of the head of
 * the office. Both carry the letterhead, the old-salary block from the decree, the new salary, the
 * conditions, "a.n." the authority, the signature box, the Tembusan list and a QR code of the public
 * check.
 */
export async function renderLetter(c: LetterContent, s: LetterSettings, head: Letterhead, opts: { draft: boolean }): Promise<{ pdf: Buffer; rect: [number, number, number, number] }> {
  const sk = s.template === 'keputusan';
  const doc = await PDFDocument.create();
  doc.setTitle(`${sk ? 'Keputusan' : 'Surat Pemberitahuan'} Kenaikan Gaji Berkala ${c.nomor}`);
  doc.setSubject(`KGB ${c.guru.nama}`);
  doc.setProducer('Sidasek');
  doc.setCreator('Sidasek');
  const page = doc.addPage([595.28, 841.89]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const left = 56;
  const right = 539;
  const size = sk ? 9.5 : 10;
  const step = sk ? 12.5 : 13.5;
  let y = (await drawLetterhead(doc, page, head, { left, right, top: 806 }, { regular, bold })) + 6;
  const text = (t: string, x: number, sz = size, font = regular, p: PDFPage = page) => p.drawText(printable(t), { x, y, size: sz, font, color: rgb(0.05, 0.05, 0.05) });
  const center = (t: string, sz: number, font: PDFFont) => text(t, (left + right - font.widthOfTextAtSize(printable(t), sz)) / 2, sz, font);
  const para = (t: string, x = left, sz = size, font = regular) => {
    for (const line of wrap(t, font, sz, right - x)) {
      text(line, x, sz, font);
      y -= sz + 4;
    }
  };
  const g = c.guru;
  const pppk = g.jenis === 'PPPK';
  const cpns = g.jenis === 'CPNS';
  const item = (no: string, label: string, value: string, font = regular, indent = 0) => {
    text(no, left + 4 + indent);
    text(label, left + 22 + indent);
    const col = left + 190 + indent;
    const lines = wrap(`: ${value}`, font, size, right - col);
    lines.forEach((line, i) => {
      text(line, col, size, font);
      if (i < lines.length - 1) y -= step - 1;
    });
    y -= step;
  };
  const persen = c.persen !== undefined && c.persen !== 100 && c.gajiTabel ? `, ${c.persen} % dari ${rupiah(c.gajiTabel)}` : '';
  const dasarSk = c.skTerakhir;
  const regulasi = `${c.regulasi}${cpns ? '; CPNS 80 % menurut PP 7/1977 Pasal 5 ayat (1)' : ''}`;

  const teacher = (indent = 0) => {
    item('1.', 'Nama', g.nama, bold, indent);
    item('2.', pppk ? 'NI PPPK' : 'NIP', g.nip, regular, indent);
    item('3.', 'Tempat/Tanggal Lahir', `${g.tempatLahir ?? '-'}, ${tanggalPanjang(g.tglLahir)}`, regular, indent);
    if (pppk) item('4.', 'Golongan', `${g.golongan} (PPPK)`, regular, indent);
    else item('4.', 'Pangkat/Golongan', `${g.pangkat ?? '-'} (${g.golongan})${cpns ? ', CPNS' : ''}`, regular, indent);
    item('5.', 'Jabatan', g.jabatan ?? '-', regular, indent);
    item('6.', 'Unit Kerja', g.sekolah ?? '-', regular, indent);
  };
  const oldSalary = (indent = 0) => {
    item('7.', 'Gaji Pokok Lama', c.gajiLama == null ? '-' : rupiah(c.gajiLama), regular, indent);
    if (sk) {
      // The decree it rests on is cited under "Mengingat".
      item('', 'Masa kerja golongan lama', mkgText(c.mkgLama), regular, indent);
      return;
    }
    y -= 2;
    // A PPPK's salary was last set by the work agreement (appointment) or a KGB decree.
    para(pppk ? 'atas dasar surat keputusan/perjanjian kerja terakhir tentang gaji yang ditetapkan:' : s.dasar, left + 22 + indent);
    item('a.', 'Oleh Pejabat', dasarSk?.pejabat ?? '-', regular, indent);
    item('b.', 'Tanggal/Nomor', dasarSk ? `${dasarSk.tanggal ? tanggalPanjang(dasarSk.tanggal) : '-'} / ${dasarSk.nomor}` : '-', regular, indent);
    item('c.', 'Tanggal mulai berlaku', dasarSk?.tmt ? tanggalPanjang(dasarSk.tmt) : '-', regular, indent);
    item('d.', 'Masa kerja golongan', mkgText(c.mkgLama), regular, indent);
  };
  const newSalary = (indent = 0) => {
    item('8.', 'Gaji Pokok Baru', `${rupiah(c.gajiBaru)} (${terbilang(c.gajiBaru)} rupiah${persen})`, bold, indent);
    item('9.', 'Berdasarkan masa kerja', mkgText(c.mkgBaru), regular, indent);
    item('10.', 'Dalam golongan', c.guru.golongan, regular, indent);
    item('11.', 'Mulai tanggal', tanggalPanjang(c.tmt), bold, indent);
    item('12.', 'KGB berikutnya', tanggalPanjang(c.tmtBerikutnya), regular, indent);
  };

  // The decision is the head of the office's: "KEPALA DINAS PENDIDIKAN KOTA TERNATE".
  const office = head.kepalaKantor.toUpperCase();
  if (!sk) {
    text(`${head.kota}, ${tanggalPanjang(c.tanggalSurat)}`, 380);
    const rows: [string, string][] = [['Nomor', c.nomor], ['Sifat', s.sifat], ['Lampiran', '-'], ['Hal', 'Kenaikan Gaji Berkala']];
    for (const [k, v] of rows) {
      text(k, left);
      text(`: ${v}`, left + 60, size, k === 'Hal' ? bold : regular);
      y -= 14;
    }
    y -= 4;
    text('Yth.', 324);
    y -= 14;
    for (const line of wrap(s.kepada, regular, 10, right - 324)) {
      text(line, 324);
      y -= 14;
    }
    text(`di ${head.kota}`, 324);
    y -= 22;
    center('SURAT PEMBERITAHUAN KENAIKAN GAJI BERKALA', 11, bold);
    if (pppk) {
      // Perpres 98/2020 as amended by Perpres 11/2024: a PPPK is no civil servant with a pangkat.
      y -= 14;
      center('PEGAWAI PEMERINTAH DENGAN PERJANJIAN KERJA', 11, bold);
    }
    y -= 20;
    para(s.pembuka);
    y -= 2;
    teacher();
    oldSalary();
    y -= 2;
    para('diberikan kenaikan gaji berkala hingga memperoleh:', left + 22);
    newSalary();
    y -= 4;
    para(`${s.penutup} (${regulasi})`);
  } else {
    center(`KEPUTUSAN ${office}`, 11, bold);
    y -= 14;
    center(`NOMOR ${c.nomor}`, 10, regular);
    y -= 14;
    center('TENTANG', 10, regular);
    y -= 14;
    center(pppk ? 'KENAIKAN GAJI BERKALA PEGAWAI PEMERINTAH DENGAN PERJANJIAN KERJA' : 'KENAIKAN GAJI BERKALA', 10.5, bold);
    y -= 18;
    center(`${office},`, 10, bold);
    y -= 16;
    const clause = (label: string, body: string[]) => {
      text(label, left);
      text(':', left + 70);
      body.forEach((b, i) => {
        const lines = wrap(b, regular, size, right - (left + 92));
        if (body.length > 1) text(`${String.fromCharCode(97 + i)}.`, left + 78);
        lines.forEach((line) => {
          text(line, left + 92);
          y -= size + 3;
        });
      });
      y -= 3;
    };
    clause('Menimbang', [`bahwa pegawai yang namanya tersebut dalam diktum KESATU telah memenuhi masa kerja dan syarat-syarat lainnya untuk diberikan kenaikan gaji berkala, sehingga perlu menetapkan Keputusan tentang Kenaikan Gaji Berkala.`]);
    clause('Mengingat', [
      pppk ? 'Peraturan Presiden Nomor 98 Tahun 2020 sebagaimana telah diubah dengan Peraturan Presiden Nomor 11 Tahun 2024' : 'Peraturan Pemerintah Nomor 7 Tahun 1977 tentang Peraturan Gaji Pegawai Negeri Sipil beserta perubahannya',
      `${c.regulasi} tentang gaji pokok yang berlaku pada TMT`,
      dasarSk ? `Surat keputusan terakhir: ${dasarSk.pejabat}, ${dasarSk.tanggal ? tanggalPanjang(dasarSk.tanggal) : '-'}, nomor ${dasarSk.nomor}` : 'Surat keputusan terakhir tentang gaji/pangkat pegawai',
    ]);
    center('MEMUTUSKAN:', 10, bold);
    y -= 14;
    text('Menetapkan', left);
    text(':', left + 70);
    text('KEPUTUSAN TENTANG KENAIKAN GAJI BERKALA.', left + 78, size, bold);
    y -= step + 2;
    text('KESATU', left);
    text(':', left + 70);
    text('Memberikan kenaikan gaji berkala kepada:', left + 78);
    y -= step;
    teacher(22);
    oldSalary(22);
    text('KEDUA', left);
    text(':', left + 70);
    text('Terhitung mulai tanggal tersebut di bawah diberikan:', left + 78);
    y -= step;
    newSalary(22);
    text('KETIGA', left);
    text(':', left + 70);
    for (const line of wrap(`Kepada pegawai tersebut dibayarkan penghasilan berdasarkan gaji pokok yang baru (${regulasi}); apabila di kemudian hari terdapat kekeliruan dalam keputusan ini akan diperbaiki sebagaimana mestinya.`, regular, size, right - (left + 78))) {
      text(line, left + 78);
      y -= size + 3;
    }
  }

  // Signature block: the right column, within the margins, right under the text (the box's place
  // is kept with the letter for the signature); "a.n." the authority, then the official's position;
  // the rectangle stays empty for the electronic signature.
  const p = c.pejabat;
  const sx = SIGNATURE_RECT[0];
  const jabatanLines = wrap(`${(p?.jabatan ?? 'Kepala Dinas Pendidikan').toUpperCase()},`, bold, 9.5, right - sx).slice(0, 2);
  const labelLines = (sk ? 2 : 0) + 1 + jabatanLines.length;
  // Highest: where the box sat before (its top at 220); lowest: room for name, rank and NIP above the footer.
  const boxTop = Math.max(188, Math.min(SIGNATURE_RECT[3], y - 10 - labelLines * 12 - 4));
  const rect: [number, number, number, number] = [sx, boxTop - 70, right, boxTop];
  y = boxTop + 4 + labelLines * 12 - 12 + 6;
  if (sk) {
    text(`Ditetapkan di ${head.kota}`, sx);
    y -= 12;
    text(`pada tanggal ${tanggalPanjang(c.tanggalSurat)}`, sx);
    y -= 12;
  }
  text(`a.n. ${head.atasNama.toUpperCase()}`, sx, 9.5, bold);
  y -= 12;
  for (const line of jabatanLines) {
    text(line, sx, 9.5, bold);
    y -= 12;
  }
  y = rect[1] - 15;
  text(p?.nama ?? '-', sx, 10, bold);
  y -= 12.5;
  if (p?.pangkat) {
    text(p.pangkat, sx);
    y -= 12.5;
  }
  text(`NIP ${p?.nip ?? '-'}`, sx);

  // The QR code of the public check beside the box, the Tembusan list under it.
  const qrSize = 58;
  if (c.kodeDokumen) {
    drawQr(page, `${c.verifikasiUrl ?? ''}/${c.kodeDokumen}`, left, rect[1] + 4, qrSize);
    y = rect[1] - 4;
    text('Pindai untuk memeriksa keaslian', left, 6.5);
  }
  y = rect[1] - (c.kodeDokumen ? 18 : 4);
  text('Tembusan:', left, 9, bold);
  y -= 11;
  s.tembusan.forEach((t, i) => {
    for (const line of wrap(`${i + 1}. ${t}`, regular, 8.5, sx - 12 - left)) {
      text(line, left, 8.5);
      y -= 10.5;
    }
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
  return { pdf: Buffer.from(await doc.save()), rect };
}

/** Draws the visible signature block in the reserved rectangle before the PDF is signed. */
export async function stampSignature(pdf: Buffer, stamp: { nama: string; nip: string; waktu: string; kodeDokumen: string }, rect: [number, number, number, number] = SIGNATURE_RECT): Promise<Buffer> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const page = doc.getPage(SIGNATURE_PAGE);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const [x1, y1, x2, y2] = rect;
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
