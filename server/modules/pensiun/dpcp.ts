import type { PDFFont, PDFPage } from 'pdf-lib';
import { GOLONGAN_PANGKAT } from '#contract/master-guru.ts';
import type { PensiunItem } from '#contract/pensiun.ts';
import { rupiah, tanggalPanjang } from '../../domain/terbilang.ts';
import {
  drawLetterhead,
  printable,
  type Letterhead,
  wrap as wrapLines,
  fit,
  officeDocument,
  type Penandatangan,
  coveringLetter,
} from '../../lib/kop-surat.ts';
import { rgb } from '../../lib/pdf-lib.ts';
import type { KeluargaRow } from './pensiun.repository.ts';
import { isPasangan } from './pensiun.repository.ts';

/** What the DPCP reads besides the list item: the record's identity, rank and family. */
export interface DpcpData {
  item: PensiunItem;
  tempatLahir: string | null;
  jabatan: string | null;
  pendidikan: string | null;
  alamat: string | null;
  /** TMT of the newest verified rank decree. */
  tmtPangkat: string | null;
  /** TMT CPNS read from the NIP (digits 9–14, YYYYMM), or null. */
  tmtCpns: string | null;
  keluarga: KeluargaRow[];
}

const pangkatOf = new Map(GOLONGAN_PANGKAT);
// The dark ink of the text; a function because pdf-lib is loaded with the first document (server/lib/pdf-lib.ts).
const ink = () => rgb(0.05, 0.05, 0.05);
const A4: [number, number] = [595.28, 841.89];
const dmy = (d: string | null) => (d ? tanggalPanjang(d) : '-');

/** The first cells of a family member's row in the DPCP and the SKPP: number, name, relation, date of birth. */
const keluargaCells = (k: KeluargaRow, i: number): string[] => [
  String(i + 1),
  k.nama ?? '-',
  k.hubungan ?? '-',
  dmy(k.tgl_lahir),
];

/** As the shared wrap, with one empty line for an empty text (a table cell keeps its height). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines = wrapLines(text, font, size, width);
  return lines.length ? lines : [''];
}

/**
 * A table's shaded header row at `at.y`, and `empty` below it when the table has no rows (null when
 * it has); answers the y of the first row.
 */
function drawTableHead(
  page: PDFPage,
  at: { left: number; right: number; y: number },
  cols: readonly { t: string; w: number }[],
  fonts: { regular: PDFFont; bold: PDFFont },
  empty: string | null,
): number {
  let y = at.y;
  let x = at.left;
  page.drawRectangle({ x: at.left, y: y - 4, width: at.right - at.left, height: 15, color: rgb(0.9, 0.93, 0.98) });
  for (const c of cols) {
    page.drawText(printable(c.t), { x: x + 3, y, size: 8.5, font: fonts.bold, color: ink() });
    x += c.w;
  }
  y -= 16;
  if (empty !== null) {
    page.drawText(printable(empty), { x: at.left + 3, y, size: 8.5, font: fonts.regular, color: ink() });
    y -= 14;
  }
  return y;
}

/** A table row at `at.y` under drawTableHead's columns: each cell cut to its column's width. */
function drawTableRow(
  page: PDFPage,
  at: { left: number; y: number },
  cols: readonly { t: string; w: number }[],
  cells: string[],
  font: PDFFont,
): void {
  let x = at.left;
  cells.forEach((v, i) => {
    page.drawText(printable(fit(v, font, 8.5, cols[i]!.w - 6)), { x: x + 3, y: at.y, size: 8.5, font, color: ink() });
    x += cols[i]!.w;
  });
}

/** Years and months from `dari` to `sampai` (both first days of months). */
export function selisihBulan(dari: string, sampai: string): { tahun: number; bulan: number } {
  const [y1, m1] = dari.split('-').map(Number) as [number, number];
  const [y2, m2] = sampai.split('-').map(Number) as [number, number];
  const n = Math.max(0, (y2 - y1) * 12 + (m2 - m1));
  return { tahun: Math.floor(n / 12), bulan: n % 12 };
}

/** TMT CPNS carried by a PNS NIP (YYYYMMDD birth, YYYYMM TMT CPNS, sex, sequence), or null. */
export function tmtCpnsDariNip(nip: string | null): string | null {
  if (!nip || !/^\d{18}$/.test(nip)) return null;
  const y = nip.slice(8, 12);
  const m = nip.slice(12, 14);
  return Number(m) >= 1 && Number(m) <= 12 ? `${y}-${m}-01` : null;
}

/**
 * The DPCP (Data Perorangan Calon Penerima Pensiun) filled from the record, in the layout of the
 * BKN's form: I personal data (identity, rank, salary, service), II family (spouse and children),
 * the teacher's and the head of the office's signatures. What the record lacks prints as "-" and
 * is listed under the form, so nothing is guessed (docs/domain/pensiun.md).
 */
export async function renderDpcp(d: DpcpData, head: Letterhead, ttd: Penandatangan): Promise<Buffer> {
  const g = d.item;
  const { doc, regular, bold } = await officeDocument(`DPCP ${g.nama}`);
  let page: PDFPage = doc.addPage(A4);
  const left = 56;
  const right = 539;
  const size = 9.5;
  let y = (await drawLetterhead(doc, page, head, { left, right, top: 806 }, { regular, bold })) + 4;
  const text = (t: string, x: number, font = regular, sz = size) =>
    page.drawText(printable(t), { x, y, size: sz, font, color: ink() });
  const center = (t: string, font: PDFFont, sz: number) =>
    text(t, (A4[0] - font.widthOfTextAtSize(printable(t), sz)) / 2, font, sz);
  const ensure = (needed: number) => {
    if (y - needed < 50) {
      page = doc.addPage(A4);
      y = A4[1] - 50;
    }
  };

  center('DATA PERORANGAN CALON PENERIMA PENSIUN (DPCP)', bold, 11.5);
  y -= 14;
  center('PEGAWAI NEGERI SIPIL YANG MENCAPAI BATAS USIA PENSIUN', bold, 10);
  y -= 24;

  text('I. KETERANGAN PRIBADI', left, bold, 10);
  y -= 16;
  const mkg = g.mkg_tahun == null ? '-' : `${g.mkg_tahun} tahun ${g.mkg_bulan ?? 0} bulan`;
  const masaCpns = d.tmtCpns ? selisihBulan(d.tmtCpns, g.tmt_pensiun) : null;
  const rows: [string, string][] = [
    ['Nama', g.nama],
    ['NIP', g.nip ?? '-'],
    ['Tempat / tanggal lahir', `${d.tempatLahir ?? '-'} / ${dmy(g.tgl_lahir)}`],
    ['Jabatan', `${d.jabatan ?? 'Guru'} pada ${g.sekolah.nama_sekolah ?? '-'}`],
    ['Pangkat / golongan ruang', g.golongan ? `${pangkatOf.get(g.golongan) ?? ''} (${g.golongan})`.trim() : '-'],
    ['TMT pangkat terakhir', dmy(d.tmtPangkat)],
    ['Gaji pokok terakhir', g.gaji_pokok == null ? '-' : rupiah(g.gaji_pokok)],
    ['Masa kerja golongan', mkg],
    ['TMT CPNS (menurut NIP)', dmy(d.tmtCpns)],
    [
      'Masa kerja TMT CPNS s.d. TMT pensiun',
      masaCpns ? `${masaCpns.tahun} tahun ${masaCpns.bulan} bulan (di luar masa kerja sebelum CPNS)` : '-',
    ],
    ['Pendidikan terakhir', d.pendidikan ?? '-'],
    [
      'Batas usia pensiun',
      `${Number(g.tgl_bup.slice(0, 4)) - Number(g.tgl_lahir.slice(0, 4))} tahun, dicapai ${dmy(g.tgl_bup)}`,
    ],
    ['Pensiun terhitung mulai tanggal', dmy(g.tmt_pensiun)],
    ['Alamat sesudah pensiun', d.alamat ?? '-'],
  ];
  rows.forEach(([k, v], i) => {
    const lines = wrap(v, regular, size, right - (left + 214));
    ensure(lines.length * 12 + 4);
    text(`${i + 1}.`, left + 6);
    text(k, left + 24);
    text(':', left + 204);
    lines.forEach((line, j) => {
      text(line, left + 214);
      if (j < lines.length - 1) y -= 12;
    });
    y -= 14;
  });

  y -= 8;
  ensure(80);
  text('II. KETERANGAN KELUARGA', left, bold, 10);
  y -= 16;
  const table = (title: string, cols: { t: string; w: number }[], data: string[][]) => {
    ensure(40);
    text(title, left + 6, bold);
    y -= 14;
    y = drawTableHead(
      page,
      { left, right, y },
      cols,
      { regular, bold },
      data.length ? null : '(tidak ada dalam riwayat keluarga)',
    );
    for (const r of data) {
      ensure(14);
      drawTableRow(page, { left, y }, cols, r, regular);
      page.drawLine({
        start: { x: left, y: y - 4 },
        end: { x: right, y: y - 4 },
        thickness: 0.3,
        color: rgb(0.7, 0.7, 0.7),
      });
      y -= 14;
    }
    y -= 8;
  };
  const pasangan = d.keluarga.filter((k) => isPasangan(k.hubungan));
  const anak = d.keluarga.filter((k) => !isPasangan(k.hubungan));
  // Both tables of the form's part II name each person alike (keluargaCells), the remarks (keadaan,
  // and an unverified row) last; spouses add the marriage date, children whether they still draw
  // the allowance.
  const person = (hubunganWidth: number) => [
    { t: 'No', w: 24 },
    { t: 'Nama', w: 130 },
    { t: 'Hubungan', w: hubunganWidth },
    { t: 'Tanggal lahir', w: 82 },
  ];
  const ket = (k: KeluargaRow) =>
    [k.keadaan ?? '', k.status === 1 ? '' : 'belum diverifikasi'].filter(Boolean).join(', ');
  table(
    'a. Suami / Istri',
    [...person(58), { t: 'Tanggal nikah', w: 82 }, { t: 'Keterangan', w: 107 }],
    pasangan.map((k, i) => [...keluargaCells(k, i), dmy(k.tgl_nikah), ket(k)]),
  );
  table(
    'b. Anak',
    [...person(76), { t: 'Tunjangan', w: 56 }, { t: 'Keterangan', w: 115 }],
    anak.map((k, i) => [...keluargaCells(k, i), k.tunjangan ?? '-', ket(k)]),
  );

  if (g.kekurangan.length) {
    ensure(20 + g.kekurangan.length * 12);
    text('Catatan - data yang belum lengkap dalam riwayat:', left, bold, 9);
    y -= 13;
    for (const k of g.kekurangan) {
      text(`- ${k}`, left + 8, regular, 9);
      y -= 12;
    }
    y -= 6;
  }

  ensure(130);
  y -= 10;
  text('Demikian data ini dibuat dengan sebenarnya.', left, regular, size);
  y -= 28;
  const x1 = left;
  const x2 = 330;
  text(`${head.kota}, ....................................`, x2);
  y -= 14;
  text('Pegawai yang bersangkutan,', x1);
  const kepala = wrap(head.kepalaKantor, regular, size, right - x2);
  kepala.forEach((line, i) => {
    text(line, x2);
    if (i < kepala.length - 1) y -= 12;
  });
  y -= 60;
  text(g.nama, x1, bold);
  text(ttd.nama ?? '(.........................................)', x2, bold);
  y -= 12;
  text(`NIP ${g.nip ?? '-'}`, x1);
  text(`NIP ${ttd.nip ?? '..........................................'}`, x2);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/**
 * The covering letter (surat pengantar) of one teacher's pension proposal to the personnel agency,
 * in the form of the office's official letters: the proposal's number and date, the DPCP and the
 * BKN's checklist of documents as attachments.
 */
export async function renderSuratUsulPensiun(
  d: { item: PensiunItem; nomor: string | null; tanggal: string | null },
  head: Letterhead,
  c: { kepada: string; ttd: Penandatangan },
): Promise<Buffer> {
  const g = d.item;
  const { doc, at, text, para, opening, closing } = await coveringLetter(
    `Surat Pengantar Usul Pensiun ${g.nama}`,
    head,
  );
  const { left, size } = at;
  opening({
    tanggal: d.tanggal ? tanggalPanjang(d.tanggal) : '....................................',
    x: 340,
    nomor: d.nomor ?? '....................................',
    hal: 'Usul Pensiun Batas Usia Pensiun (BUP)',
    kepada: c.kepada,
  });
  para(
    'Bersama ini kami sampaikan usul pemberhentian dengan hormat dengan hak pensiun karena mencapai batas usia pensiun 60 (enam puluh) tahun (Undang-Undang Nomor 14 Tahun 2005 tentang Guru dan Dosen Pasal 30 ayat (4)) atas nama Pegawai Negeri Sipil:',
    left,
    36,
  );
  at.y -= 6;
  const id: [string, string][] = [
    ['Nama', g.nama],
    ['NIP', g.nip ?? '-'],
    ['Pangkat / gol. ruang', g.golongan ? `${pangkatOf.get(g.golongan) ?? ''} (${g.golongan})`.trim() : '-'],
    ['Unit kerja', g.sekolah.nama_sekolah ?? '-'],
    ['Tanggal lahir', tanggalPanjang(g.tgl_lahir)],
    ['TMT pensiun', tanggalPanjang(g.tmt_pensiun)],
  ];
  for (const [k, v] of id) {
    text(k, left + 36);
    text(`: ${v}`, left + 170);
    at.y -= size + 4;
  }
  at.y -= 8;
  para('Sebagai bahan pertimbangan, kami lampirkan:', left, 36);
  [
    'Data Perorangan Calon Penerima Pensiun (DPCP)',
    'Fotokopi sah SK CPNS dan SK pangkat terakhir',
    'Penilaian kinerja (SKP) satu tahun terakhir',
    'Daftar susunan keluarga, fotokopi sah akta nikah dan akta kelahiran anak',
    'Surat pernyataan tidak sedang menjalani proses pidana',
  ].forEach((t, i) => para(`${i + 1}. ${t}`, left + 36));
  closing(c.ttd, [
    'Kepala Kantor Regional Badan Kepegawaian Negara',
    'Kepala sekolah yang bersangkutan',
    'Pegawai yang bersangkutan',
    'Arsip',
  ]);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** The month before the TMT, as "Juni 2027": the last month the salary is paid. */
function bulanTerakhirDibayar(tmt: string): string {
  const [y, m] = tmt.split('-').map(Number) as [number, number];
  const prev = m === 1 ? `${y - 1}-12-01` : `${y}-${String(m - 1).padStart(2, '0')}-01`;
  return tanggalPanjang(prev).replace(/^1 /, '');
}

/**
 * The payment-stop certificate (SKPP, Surat Keterangan Penghentian Pembayaran) for the payroll
 * office: who, the last rank and basic salary, the pension decree and its TMT, the salary paid up to
 * the month before the TMT, and the family the allowance was paid for (docs/domain/pensiun.md).
 */
export async function renderSkpp(
  d: { item: PensiunItem; jabatan: string | null; keluarga: KeluargaRow[] },
  head: Letterhead,
  ttd: Penandatangan,
): Promise<Buffer> {
  const g = d.item;
  const u = g.usul!;
  const tmt = u.sk_tmt ?? g.tmt_pensiun;
  const { doc, regular, bold } = await officeDocument(`SKPP ${g.nama}`);
  const page = doc.addPage(A4);
  const left = 62;
  const right = 533;
  const size = 10;
  let y = (await drawLetterhead(doc, page, head, { left: 56, right: 539, top: 806 }, { regular, bold })) + 4;
  const text = (t: string, x: number, font = regular, sz = size) =>
    page.drawText(printable(t), { x, y, size: sz, font, color: ink() });
  const center = (t: string, font: PDFFont, sz: number) =>
    text(t, (A4[0] - font.widthOfTextAtSize(printable(t), sz)) / 2, font, sz);
  const para = (t: string) => {
    for (const line of wrap(t, regular, size, right - left)) {
      text(line, left);
      y -= 14;
    }
  };
  center('SURAT KETERANGAN PENGHENTIAN PEMBAYARAN (SKPP)', bold, 12);
  y -= 15;
  center('Nomor: ..............................................', regular, 10);
  y -= 26;
  para(`Yang bertanda tangan di bawah ini, ${head.kepalaKantor}, menerangkan bahwa:`);
  y -= 4;
  const rows: [string, string][] = [
    ['Nama', g.nama],
    ['NIP', g.nip ?? '-'],
    ['Pangkat / golongan ruang', g.golongan ? `${pangkatOf.get(g.golongan) ?? ''} (${g.golongan})`.trim() : '-'],
    ['Jabatan / unit kerja', `${d.jabatan ?? 'Guru'} / ${g.sekolah.nama_sekolah ?? '-'}`],
    ['Gaji pokok terakhir', g.gaji_pokok == null ? '-' : rupiah(g.gaji_pokok)],
    ['Masa kerja golongan', g.mkg_tahun == null ? '-' : `${g.mkg_tahun} tahun ${g.mkg_bulan ?? 0} bulan`],
    ['Diberhentikan dengan hak pensiun', `SK Nomor ${u.sk_nomor ?? '-'} tanggal ${dmy(u.sk_tanggal)}`],
    ['Terhitung mulai tanggal', tanggalPanjang(tmt)],
  ];
  rows.forEach(([k, v], i) => {
    text(`${i + 1}.`, left + 6);
    text(k, left + 24);
    text(':', left + 200);
    const lines = wrap(v, regular, size, right - (left + 210));
    lines.forEach((line, j) => {
      text(line, left + 210);
      if (j < lines.length - 1) y -= 13;
    });
    y -= 16;
  });
  y -= 6;
  para(
    `Gaji dan tunjangan yang bersangkutan telah dibayarkan sampai dengan bulan ${bulanTerakhirDibayar(tmt)} dan dihentikan pembayarannya terhitung mulai ${tanggalPanjang(tmt)}. Tunjangan keluarga dibayarkan untuk:`,
  );
  y -= 4;
  const tanggungan = d.keluarga.filter((k) => k.tunjangan === 'Ya' && k.keadaan === 'Hidup');
  const cols = [
    { t: 'No', w: 24 },
    { t: 'Nama', w: 190 },
    { t: 'Hubungan', w: 90 },
    { t: 'Tanggal lahir', w: 100 },
    { t: 'Tanggal nikah', w: 67 },
  ];
  y = drawTableHead(
    page,
    { left, right, y },
    cols,
    { regular, bold },
    tanggungan.length ? null : '(tidak ada tanggungan yang dicatat)',
  );
  tanggungan.forEach((k, i) => {
    drawTableRow(
      page,
      { left, y },
      cols,
      [...keluargaCells(k, i), isPasangan(k.hubungan) ? dmy(k.tgl_nikah) : ''],
      regular,
    );
    y -= 14;
  });
  y -= 10;
  para(
    'Surat keterangan ini dibuat untuk dipergunakan dalam penghentian pembayaran gaji dan pembayaran pensiun pertama yang bersangkutan.',
  );
  y -= 20;
  const x2 = 320;
  text(`${head.kota}, ....................................`, x2);
  y -= 14;
  for (const line of wrap(head.kepalaKantor, bold, size, right - x2)) {
    text(line, x2, bold);
    y -= 13;
  }
  y -= 52;
  text(ttd.nama ?? '(.........................................)', x2, bold);
  y -= 13;
  text(`NIP ${ttd.nip ?? '..........................................'}`, x2);
  y -= 36;
  text('Tembusan:', left, regular, 9);
  y -= 12;
  [
    'Kepala Badan Pengelola Keuangan dan Aset Daerah (bagian gaji)',
    'PT TASPEN (Persero) Kantor Cabang setempat',
    'Pegawai yang bersangkutan',
    'Arsip',
  ].forEach((t, i) => {
    text(`${i + 1}. ${t}`, left, regular, 9);
    y -= 12;
  });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
