import type { PDFFont, PDFPage } from 'pdf-lib';
import { rupiah, tanggalPanjang, terbilang } from '../../domain/terbilang.ts';
import {
  dasarGaji,
  namaPeraturan,
  PASAL_CPNS,
  PP_MANAJEMEN_PPPK,
  singkatPeraturan,
  UU_ASN,
} from '../../domain/peraturan-gaji.ts';
import type { TanpaBerikutnya } from '../../domain/kgb.ts';
import type { LetterSettings } from '#contract/kgb.ts';
import {
  drawLetterhead,
  jabatanLengkap,
  printable,
  type Letterhead,
  wrap,
  officeDocument,
} from '../../lib/kop-surat.ts';
import { degrees, pdfLib, rgb } from '../../lib/pdf-lib.ts';

export type { LetterSettings };

export const DEFAULT_LETTER_SETTINGS: LetterSettings = {
  template: 'pemberitahuan',
  sifat: 'Biasa',
  formatNomor: '822.4/{nomor}/DIKBUD/{bulan}/{tahun}',
  kepada: 'Kepala Badan Pengelolaan Keuangan dan Aset Daerah',
  pembuka:
    'Dengan ini diberitahukan bahwa berhubung dengan telah dipenuhinya masa kerja dan syarat-syarat lainnya kepada:',
  dasar: 'atas dasar surat keputusan terakhir tentang gaji/pangkat yang ditetapkan:',
  penutup:
    'Diharapkan agar sesuai dengan {peraturan}, kepada pegawai tersebut dapat dibayarkan penghasilannya berdasarkan gaji pokok yang baru.',
  tembusan: ['Kepala BKPSDM', 'Kepala Sekolah yang bersangkutan', 'Pegawai yang bersangkutan'],
};

/**
 * The letter settings an office starts from, named after its region (the defaults
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
  /** The form the office chose at verification (letters verified before: the notice). */
  template?: LetterSettings['template'];
  nomor: string;
  kodeDokumen: string | null;
  /** The day the letter was verified (a draft: the day it was shown). */
  tanggalSurat: string;
  /** The day it was signed, printed on the signed letter (its date is the signature's: docs/domain/surat-kgb.md). */
  tanggalTtd?: string;
  /** `jenis`: PNS, CPNS or PPPK (letters verified before have none: PNS). `jabatan`: the functional position. */
  guru: {
    nama: string;
    nip: string;
    tempatLahir: string | null;
    tglLahir: string;
    golongan: string;
    pangkat: string | null;
    jabatan: string | null;
    sekolah: string | null;
    jenis?: string;
  };
  /** The decree the numbers rest on; `pejabat` null when the record does not say who issued it (printed blank, never guessed). */
  skTerakhir: {
    pejabat: string | null;
    nomor: string;
    tanggal: string | null;
    tmt: string | null;
    jenis?: 'kgb' | 'pangkat' | 'pmk';
  } | null;
  mkgLama: { tahun: number; bulan: number };
  mkgBaru: { tahun: number; bulan: number };
  /** What was paid on the eve of the TMT. */
  gajiLama: number | null;
  /** The regulation of the old salary when a later table re-set the decree's figure (PP 5/2024), else null. */
  regulasiLama?: string | null;
  gajiBaru: number;
  tmt: string;
  /** The next KGB, or null when there is none (tanpaBerikutnya says why: retirement or the top of the scale). */
  tmtBerikutnya: string | null;
  tanpaBerikutnya?: TanpaBerikutnya | null;
  regulasi: string;
  /** A CPNS receives 80 % of the table's salary (PP 7/1977 art. 5(1)): the percentage and the table's amount. */
  persen?: number;
  gajiTabel?: number;
  /** The table steps (MKG years) of the old and new salary, for back pay under a later table. */
  stepLama?: number;
  stepBaru?: number;
  /** The postponements (penundaan) this increase waited for, cited on the letter. */
  penundaan?: { tmtSemula: string; bulan: number; alasan: string; nomorSk: string | null }[];
  /** A replacement letter (ralat) names the cancelled letter it replaces. */
  menggantikan?: { nomor: string; tanggal: string; alasan: string | null } | null;
  pejabat: { nama: string; nip: string; jabatan: string; pangkat: string | null } | null;
  /** Where the verification page is, printed with the document code. */
  verifikasiUrl: string | null;
  /**
   * The signature box [x1, y1, x2, y2] on page `ttdHalaman` (0 when absent), where the letter's text
   * left room for it (set at verification; letters verified before have none and use SIGNATURE_RECT).
   */
  ttd?: [number, number, number, number];
  ttdHalaman?: number;
  /** Where the signing day is written when the letter is signed (the verified letter leaves it open). */
  tanggalPos?: { halaman: number; x: number; y: number; size: number };
}

/** The salary rules a letter cites (server/domain/peraturan-gaji.ts). */
const regulationOf = (c: LetterContent) => ({
  nama: namaPeraturan(c.regulasi),
  dasar: dasarGaji(c.regulasi, c.guru.jenis === 'PPPK'),
  ringkas: dasarGaji(c.regulasi, c.guru.jenis === 'PPPK', true),
});

/**
 * Page index and rectangle [x1, y1, x2, y2] reserved for the visible electronic signature, inside
 * the page's margins (x 56-539).
 */
export const SIGNATURE_RECT: [number, number, number, number] = [324, 150, 539, 220];
export const SIGNATURE_PAGE = 0;

/**
 * A QR code of `url` drawn as squares at (x, y) bottom-left, `size` points wide. qrcode is loaded
 * with the first letter that has one (docs/performance.md, "Memory of the app process").
 */
async function drawQr(page: PDFPage, url: string, x: number, y: number, size: number) {
  const { default: QRCode } = await import('qrcode');
  const qr = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const cell = size / n;
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (qr.modules.get(r, c))
        page.drawRectangle({
          x: x + c * cell,
          y: y + size - (r + 1) * cell,
          width: cell + 0.05,
          height: cell + 0.05,
          color: rgb(0, 0, 0),
        });
    }
  }
}

const mkgText = (m: { tahun: number; bulan: number }) => `${m.tahun} tahun ${m.bulan} bulan`;

/** Dates as a letter writes them; an unknown one as a dash. */
const tgl = (d: string | null | undefined) => (d ? tanggalPanjang(d) : '-');

/** "KGB berikutnya": the date, or that there is none and why (docs/domain/kgb.md). */
export function berikutnyaText(c: Pick<LetterContent, 'tmtBerikutnya' | 'tanpaBerikutnya' | 'guru'>): string {
  if (c.tmtBerikutnya) return tanggalPanjang(c.tmtBerikutnya);
  const t = c.tanpaBerikutnya;
  if (t?.alasan === 'pensiun')
    return `tidak ada; pegawai mencapai batas usia pensiun, pensiun TMT ${tanggalPanjang(t.pensiun)}`;
  return `tidak ada; gaji pokok ini gaji pokok tertinggi golongan ${t?.alasan === 'puncak' ? t.golongan : c.guru.golongan}`;
}

/** The postponement sentence: which decree postponed the increase, why, and that the months count. */
export function penundaanText(p: NonNullable<LetterContent['penundaan']>): string {
  const parts = p.map(
    (x) =>
      `${x.nomorSk ? `dengan surat keputusan nomor ${x.nomorSk} ` : ''}selama ${x.bulan} bulan dari TMT ${tanggalPanjang(x.tmtSemula)} karena ${x.alasan.replace(/[.\s]+$/, '')}`,
  );
  return `Kenaikan gaji berkala ini ditunda ${parts.join('; kemudian ditunda lagi ')}. Masa penundaan dihitung penuh untuk kenaikan gaji berkala berikutnya.`;
}

/** The Tembusan list beside the signature block, from `at.y` down, lines no wider than `at.width`; answers the y below it. */
function drawTembusan(
  page: PDFPage,
  tembusan: readonly string[],
  at: { x: number; y: number; width: number },
  fonts: { regular: PDFFont; bold: PDFFont },
): number {
  let y = at.y;
  const put = (t: string, size: number, font: PDFFont) =>
    page.drawText(printable(t), { x: at.x, y, size, font, color: rgb(0.05, 0.05, 0.05) });
  put('Tembusan:', 9, fonts.bold);
  y -= 11;
  tembusan.forEach((t, i) => {
    for (const line of wrap(`${i + 1}. ${t}`, fonts.regular, 8.5, at.width)) {
      put(line, 8.5, fonts.regular);
      y -= 10.5;
    }
  });
  return y;
}

/**
 * A KGB letter as an A4 PDF (one page, a second when the Keputusan needs it), in the office's
 * template: the "Surat Pemberitahuan Kenaikan Gaji Berkala" to the payroll office signed a.n. the
 * regional head, or the Keputusan of the head of the office in the form of the government's rules
 * for official documents (docs/domain/surat-kgb.md). Both carry the letterhead, the old-salary
 * block from the decree, the new salary, the regulations by their full names, the signature box,
 * the Tembusan list and a QR code of the public check. The date stays open on a verified letter
 * and is written when it is signed (stampSignature).
 */
export async function renderLetter(
  c: LetterContent,
  s: LetterSettings,
  head: Letterhead,
  opts: { draft: boolean },
): Promise<{
  pdf: Buffer;
  rect: [number, number, number, number];
  halaman: number;
  tanggalPos: NonNullable<LetterContent['tanggalPos']>;
}> {
  const sk = s.template === 'keputusan';
  const { doc, regular, bold } = await officeDocument(
    `${sk ? 'Keputusan' : 'Surat Pemberitahuan'} Kenaikan Gaji Berkala ${c.nomor}`,
  );
  doc.setSubject(`KGB ${c.guru.nama}`);
  const A4: [number, number] = [595.28, 841.89];
  let page = doc.addPage(A4);
  const left = 56;
  const right = 539;
  // Above the footer's rule (y 54).
  const bottom = 60;
  const size = sk ? 9.5 : 10;
  const step = sk ? 12.5 : 13.5;
  let y = (await drawLetterhead(doc, page, head, { left, right, top: 806 }, { regular, bold })) + 6;
  const newPage = () => {
    page = doc.addPage(A4);
    y = 800;
  };
  /** Room for `h` points on this page, else the next. */
  const need = (h: number) => {
    if (y - h < bottom) newPage();
  };
  const text = (t: string, x: number, sz = size, font = regular) =>
    page.drawText(printable(t), { x, y, size: sz, font, color: rgb(0.05, 0.05, 0.05) });
  const center = (t: string, sz: number, font: PDFFont) => {
    for (const line of wrap(t, font, sz, right - left)) {
      need(sz + 4);
      text(line, (left + right - font.widthOfTextAtSize(line, sz)) / 2, sz, font);
      y -= sz + 4;
    }
  };
  const para = (t: string, x = left, sz = size, font = regular) => {
    for (const line of wrap(t, font, sz, right - x)) {
      need(sz + 4);
      text(line, x, sz, font);
      y -= sz + 4;
    }
  };
  const g = c.guru;
  const pppk = g.jenis === 'PPPK';
  const cpns = g.jenis === 'CPNS';
  const item = (no: string, label: string, value: string, font = regular, indent = 0) => {
    const col = left + 190 + indent;
    const lines = wrap(`: ${value}`, font, size, right - col);
    need(step * lines.length);
    text(no, left + 4 + indent);
    text(label, left + 22 + indent);
    lines.forEach((line, i) => {
      text(line, col, size, font);
      if (i < lines.length - 1) y -= step - 1;
    });
    y -= step;
  };
  const reg = regulationOf(c);
  const persen =
    c.persen !== undefined && c.persen !== 100 && c.gajiTabel
      ? `, ${c.persen}% dari ${rupiah(c.gajiTabel)} menurut ${PASAL_CPNS}`
      : '';
  const dasarSk = c.skTerakhir;
  const jabatanGuru = g.jabatan ?? 'Guru';
  // A later table re-set the decree's figure: named by kind, number and year (the closing paragraph cites it in full).
  const gajiLamaText =
    c.gajiLama == null
      ? '-'
      : `${rupiah(c.gajiLama)}${c.regulasiLama ? ` (menurut ${singkatPeraturan(c.regulasiLama)})` : ''}`;

  const teacher = (indent = 0) => {
    item('1.', 'Nama', g.nama, bold, indent);
    item('2.', pppk ? 'NI PPPK' : 'NIP', g.nip, regular, indent);
    item('3.', 'Tempat/Tanggal Lahir', `${g.tempatLahir ?? '-'}, ${tanggalPanjang(g.tglLahir)}`, regular, indent);
    if (pppk) item('4.', 'Golongan', `${g.golongan} (PPPK)`, regular, indent);
    else item('4.', 'Pangkat/Golongan', `${g.pangkat ?? '-'} (${g.golongan})${cpns ? ', CPNS' : ''}`, regular, indent);
    item('5.', 'Jabatan', jabatanGuru, regular, indent);
    item('6.', 'Unit Kerja', g.sekolah ?? '-', regular, indent);
  };
  const oldSalary = (indent = 0) => {
    item('7.', 'Gaji Pokok Lama', gajiLamaText, regular, indent);
    y -= 2;
    // A PPPK's salary was last set by the work agreement (appointment) or a KGB decree.
    para(
      pppk ? 'atas dasar surat keputusan/perjanjian kerja terakhir tentang gaji yang ditetapkan:' : s.dasar,
      left + 22 + indent,
    );
    // Who issued the decree: blank when the record does not say (never guessed).
    item('a.', 'Oleh Pejabat', dasarSk?.pejabat ?? '', regular, indent);
    item('b.', 'Tanggal/Nomor', dasarSk ? `${tgl(dasarSk.tanggal)} / ${dasarSk.nomor}` : '-', regular, indent);
    item('c.', 'Tanggal mulai berlaku', tgl(dasarSk?.tmt), regular, indent);
    item('d.', 'Masa kerja golongan', mkgText(c.mkgLama), regular, indent);
  };
  const newSalary = (indent = 0) => {
    item('8.', 'Gaji Pokok Baru', `${rupiah(c.gajiBaru)} (${terbilang(c.gajiBaru)} rupiah${persen})`, bold, indent);
    item('9.', 'Berdasarkan masa kerja', mkgText(c.mkgBaru), regular, indent);
    item('10.', 'Dalam golongan', c.guru.golongan, regular, indent);
    item('11.', 'Mulai tanggal', tanggalPanjang(c.tmt), bold, indent);
    item('12.', 'KGB berikutnya', berikutnyaText(c), regular, indent);
  };
  const replaced = c.menggantikan
    ? `Surat ini menggantikan surat nomor ${c.menggantikan.nomor} tanggal ${tanggalPanjang(c.menggantikan.tanggal)}, yang dibatalkan${c.menggantikan.alasan ? ` karena ${c.menggantikan.alasan.replace(/[.\s]+$/, '')}` : ''}.`
    : null;

  // The date is written when the letter is signed: a verified letter leaves it open.
  const dateText = (d: string) => tanggalPanjang(d);
  const openDate = !opts.draft && c.kodeDokumen !== null && !c.tanggalTtd;
  let tanggalPos: NonNullable<LetterContent['tanggalPos']> = { halaman: 0, x: 0, y: 0, size };
  const datedAt = (prefix: string, x: number, sz: number, font = regular) => {
    text(prefix, x, sz, font);
    const at = { halaman: doc.getPageCount() - 1, x: x + font.widthOfTextAtSize(printable(prefix), sz), y, size: sz };
    tanggalPos = at;
    if (!openDate) text(dateText(c.tanggalTtd ?? c.tanggalSurat), at.x, sz, font);
  };

  // The Keputusan is the head of the office's own decision, titled and signed as such.
  const office = head.kepalaKantor.toUpperCase();
  if (!sk) {
    datedAt(`${head.kota}, `, 360, size);
    y -= 20;
    // Nomor, Sifat, Lampiran and Hal on the left; the addressee on the right at the same height.
    const top = y;
    const rows: [string, string][] = [
      ['Nomor', c.nomor],
      ['Sifat', s.sifat],
      ['Lampiran', '-'],
      ['Hal', 'Kenaikan Gaji Berkala'],
    ];
    for (const [k, v] of rows) {
      text(k, left);
      text(`: ${v}`, left + 60, size, k === 'Hal' ? bold : regular);
      y -= 14;
    }
    const leftEnd = y;
    y = top;
    text('Yth.', 324);
    y -= 14;
    for (const line of wrap(s.kepada, regular, 10, right - 324)) {
      text(line, 324);
      y -= 14;
    }
    text(`di ${head.kota}`, 324);
    y = Math.min(leftEnd, y - 14) - 12;
    center('SURAT PEMBERITAHUAN KENAIKAN GAJI BERKALA', 11, bold);
    // Perpres 98/2020 as amended by Perpres 11/2024: a PPPK is no civil servant with a pangkat.
    if (pppk) center('PEGAWAI PEMERINTAH DENGAN PERJANJIAN KERJA', 11, bold);
    y -= 6;
    if (replaced) {
      para(replaced, left, size, bold);
      y -= 2;
    }
    para(s.pembuka);
    y -= 2;
    teacher();
    oldSalary();
    y -= 2;
    para('diberikan kenaikan gaji berkala hingga memperoleh:', left + 22);
    newSalary();
    y -= 4;
    if (c.penundaan?.length) {
      para(penundaanText(c.penundaan));
      y -= 2;
    }
    // The closing paragraph goes with the signature: never a signature alone on a page.
    const closing = penutupText(s.penutup, reg.ringkas);
    need(wrap(closing, regular, size, right - left).length * (size + 4) + signatureBlockHeight(s, sk));
    para(closing);
  } else {
    const subject = `KENAIKAN GAJI BERKALA ${pppk ? 'PEGAWAI PEMERINTAH DENGAN PERJANJIAN KERJA' : 'PEGAWAI NEGERI SIPIL'} ATAS NAMA ${namaJudul(g.nama)}`;
    center(`KEPUTUSAN ${office}`, 11, bold);
    center(`NOMOR ${c.nomor}`, 10, regular);
    y -= 2;
    center('TENTANG', 10, regular);
    y -= 2;
    center(subject, 10.5, bold);
    y -= 6;
    center(`${office},`, 10, bold);
    y -= 8;
    const clause = (label: string, body: string[], mark: 'huruf' | 'angka' | null) => {
      need(size + 6);
      text(label, left);
      text(':', left + 82);
      body.forEach((b, i) => {
        const x = mark ? left + 104 : left + 90;
        if (mark) text(mark === 'huruf' ? `${String.fromCharCode(97 + i)}.` : `${i + 1}.`, left + 90);
        wrap(b, regular, size, right - x).forEach((line) => {
          need(size + 3);
          text(line, x);
          y -= size + 3;
        });
      });
      y -= 4;
    };
    const titleCase = `Keputusan ${head.kepalaKantor} tentang Kenaikan Gaji Berkala ${pppk ? 'Pegawai Pemerintah dengan Perjanjian Kerja' : 'Pegawai Negeri Sipil'} atas nama ${g.nama}`;
    clause(
      'Menimbang',
      [
        `bahwa ${pppk ? 'Pegawai Pemerintah dengan Perjanjian Kerja' : 'Pegawai Negeri Sipil'} yang namanya tersebut dalam Diktum KESATU telah memenuhi masa kerja dan syarat-syarat untuk diberikan kenaikan gaji berkala;`,
        `bahwa berdasarkan pertimbangan sebagaimana dimaksud dalam huruf a, perlu menetapkan ${titleCase};`,
      ],
      'huruf',
    );
    clause(
      'Mengingat',
      pppk
        ? [
            `${UU_ASN};`,
            `${PP_MANAJEMEN_PPPK} sebagaimana telah diubah dengan Peraturan Pemerintah Nomor 6 Tahun 2024;`,
            `${reg.dasar};`,
          ]
        : [`${UU_ASN};`, `${reg.dasar};`],
      'angka',
    );
    const memperhatikan = [
      ...(dasarSk
        ? [
            `Surat keputusan ${dasarSk.pejabat ? `${dasarSk.pejabat} ` : ''}nomor ${dasarSk.nomor} tanggal ${tgl(dasarSk.tanggal)} yang mulai berlaku ${tgl(dasarSk.tmt)};`,
          ]
        : []),
      ...(c.penundaan ?? []).map(
        (p) =>
          `Penundaan kenaikan gaji berkala${p.nomorSk ? ` nomor ${p.nomorSk}` : ''} selama ${p.bulan} bulan dari TMT ${tanggalPanjang(p.tmtSemula)} karena ${p.alasan.replace(/[.;\s]+$/, '')};`,
      ),
      ...(c.menggantikan
        ? [
            `Pembatalan surat nomor ${c.menggantikan.nomor} tanggal ${tanggalPanjang(c.menggantikan.tanggal)}${c.menggantikan.alasan ? ` karena ${c.menggantikan.alasan.replace(/[.;\s]+$/, '')}` : ''};`,
          ]
        : []),
    ];
    if (memperhatikan.length) clause('Memperhatikan', memperhatikan, memperhatikan.length > 1 ? 'angka' : null);
    center('MEMUTUSKAN:', 10, bold);
    y -= 2;
    clause('Menetapkan', [`KEPUTUSAN ${office} TENTANG ${subject.replace(/\.$/, '')}.`], null);
    const diktum = (label: string, first: string) => {
      need(step * 3);
      text(label, left);
      text(':', left + 82);
      wrap(first, regular, size, right - (left + 90)).forEach((line) => {
        text(line, left + 90);
        y -= size + 3;
      });
      y -= 2;
    };
    diktum(
      'KESATU',
      `Memberikan kenaikan gaji berkala kepada ${pppk ? 'Pegawai Pemerintah dengan Perjanjian Kerja' : 'Pegawai Negeri Sipil'}:`,
    );
    teacher(22);
    oldSalary(22);
    diktum('KEDUA', 'Terhitung mulai tanggal tersebut di bawah diberikan gaji pokok baru:');
    newSalary(22);
    diktum(
      'KETIGA',
      `Kepada pegawai tersebut dibayarkan penghasilan berdasarkan gaji pokok yang baru sesuai dengan ${reg.ringkas}.${c.penundaan?.length ? ' Masa penundaan dihitung penuh untuk kenaikan gaji berkala berikutnya.' : ''}`,
    );
    need(3 * (size + 3) + signatureBlockHeight(s, sk));
    diktum(
      'KEEMPAT',
      'Keputusan ini mulai berlaku pada tanggal ditetapkan, dengan ketentuan apabila di kemudian hari terdapat kekeliruan dalam Keputusan ini akan diadakan perbaikan sebagaimana mestinya.',
    );
  }

  // Signature block: the right column, within the margins, right under the text (the box's place
  // is kept with the letter for the signature). The Surat Pemberitahuan is signed "a.n." the
  // regional head by the official; the Keputusan by the head of the office, or "a.n." the head by
  // a delegated official. The rectangle stays empty for the electronic signature.
  const p = c.pejabat;
  const sx = SIGNATURE_RECT[0];
  const jabatan = jabatanLengkap(p?.jabatan ?? head.kepalaKantor, head);
  const isHead = jabatan.toLowerCase() === head.kepalaKantor.toLowerCase();
  const over = sk ? (isHead ? null : head.kepalaKantor) : head.atasNama;
  const jabatanLines = wrap(`${jabatan.toUpperCase()},`, bold, 9.5, right - sx).slice(0, 3);
  const overLines = over ? wrap(`a.n. ${over.toUpperCase()}`, bold, 9.5, right - sx) : [];
  const labelLines = (sk ? 2 : 0) + overLines.length + jabatanLines.length;
  // The whole block (labels, box, name, rank, NIP, then the Tembusan) stays on one page.
  need(labelLines * 12 + 10 + 70 + Math.max(44, 33 + s.tembusan.length * 10.5));
  // Highest: where the box sat before (its top at 220) on a first page; lowest: room for name, rank and NIP above the footer.
  const boxTop = Math.max(
    188,
    Math.min(doc.getPageCount() === 1 ? SIGNATURE_RECT[3] : 700, y - 10 - labelLines * 12 - 4),
  );
  const rect: [number, number, number, number] = [sx, boxTop - 70, right, boxTop];
  y = boxTop + 4 + labelLines * 12 - 12 + 6;
  if (sk) {
    text(`Ditetapkan di ${head.kota}`, sx);
    y -= 12;
    datedAt('pada tanggal ', sx, size);
    y -= 12;
  }
  for (const line of overLines) {
    text(line, sx, 9.5, bold);
    y -= 12;
  }
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
    await drawQr(page, `${c.verifikasiUrl ?? ''}/${c.kodeDokumen}`, left, rect[1] + 4, qrSize);
    y = rect[1] - 4;
    text('Pindai untuk memeriksa keaslian', left, 6.5);
  }
  y = rect[1] - (c.kodeDokumen ? 18 : 4);
  drawTembusan(page, s.tembusan, { x: left, y, width: sx - 12 - left }, { regular, bold });

  // Footer on every page: the document code and where anyone can check it; the page of a longer letter.
  const footer = c.kodeDokumen
    ? `Kode dokumen ${c.kodeDokumen}. Keaslian surat dapat diperiksa di ${c.verifikasiUrl ?? '/dokumen'}/${c.kodeDokumen}.`
    : 'Draf: belum diverifikasi, belum memiliki kode dokumen.';
  const pages = doc.getPages();
  pages.forEach((pg, i) => {
    page = pg;
    pg.drawLine({ start: { x: left, y: 54 }, end: { x: right, y: 54 }, thickness: 0.3, color: rgb(0.6, 0.6, 0.6) });
    // Wrapped inside the margins: the longer codes and an office's own PUBLIC_URL do not fit one line.
    const lines = wrap(
      pages.length > 1 ? `${footer} Halaman ${i + 1} dari ${pages.length}.` : footer,
      regular,
      8,
      right - left,
    );
    y = 44 - (lines.length - 1) * 5;
    for (const line of lines) {
      text(line, left, 8);
      y -= 10;
    }
    if (opts.draft)
      pg.drawText('DRAF', {
        x: 150,
        y: 330,
        size: 140,
        font: bold,
        color: rgb(0.85, 0.1, 0.1),
        opacity: 0.15,
        rotate: degrees(35),
      });
  });
  return { pdf: Buffer.from(await doc.save()), rect, halaman: pages.length - 1, tanggalPos };
}

/** Room the signature block and the Tembusan take under the text (renderLetter keeps them with the last paragraph). */
function signatureBlockHeight(s: LetterSettings, sk: boolean): number {
  return ((sk ? 2 : 0) + 3) * 12 + 10 + 70 + Math.max(44, 33 + s.tembusan.length * 10.5);
}

/** A name in a Keputusan's title: the name in capitals, academic titles as they are written ("Dra. SITI RAHMAWATI, M.Pd."). */
export function namaJudul(nama: string): string {
  return nama.replace(/[^\s,]+/g, (w) => (w.includes('.') ? w : w.toUpperCase()));
}

/**
 * The closing paragraph with the salary rules by their full name: an office's own text may name the
 * place with {peraturan}; one that does not gets the rules in a sentence of their own before it.
 */
export function penutupText(penutup: string, dasar: string): string {
  if (penutup.includes('{peraturan}')) return penutup.replace('{peraturan}', dasar);
  return `Gaji pokok baru tersebut sesuai dengan ${dasar}. ${penutup}`;
}

/**
 * Draws the visible signature block in the reserved rectangle before the PDF is signed, and writes
 * the signing day where the verified letter left its date open (the letter is dated the day it is
 * signed).
 */
export async function stampSignature(
  pdf: Buffer,
  stamp: {
    nama: string;
    nip: string;
    waktu: string;
    kodeDokumen: string;
    tanggal?: { text: string; pos: NonNullable<LetterContent['tanggalPos']> };
  },
  rect: [number, number, number, number] = SIGNATURE_RECT,
  halaman = SIGNATURE_PAGE,
): Promise<Buffer> {
  const { PDFDocument, StandardFonts } = await pdfLib();
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const page = doc.getPage(halaman);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  if (stamp.tanggal) {
    const { pos, text } = stamp.tanggal;
    doc
      .getPage(pos.halaman)
      .drawText(printable(text), { x: pos.x, y: pos.y, size: pos.size, font, color: rgb(0.05, 0.05, 0.05) });
  }
  drawSignatureBox(page, rect, [
    ['Ditandatangani secara elektronik oleh', font],
    [printable(stamp.nama), bold],
    [`NIP ${stamp.nip}`, font],
    [printable(stamp.waktu), font],
    [`Kode dokumen ${stamp.kodeDokumen}`, font],
  ]);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/**
 * The visible signature block that Sidasek draws itself (docs/domain/tanda-tangan.md "The visible
 * signature", "The office's seal"): a blue box, and in it the lines one under another, `top` below
 * its top edge and `step` apart. The lines are drawn as given (already printable).
 */
export function drawSignatureBox(
  page: PDFPage,
  [x1, y1, x2, y2]: [number, number, number, number],
  lines: [string, PDFFont][],
  { top, step }: { top: number; step: number } = { top: 13, step: 12 },
): void {
  page.drawRectangle({
    x: x1,
    y: y1,
    width: x2 - x1,
    height: y2 - y1,
    borderColor: rgb(0.11, 0.3, 0.85),
    borderWidth: 1,
    color: rgb(0.93, 0.96, 1),
  });
  lines.forEach(([t, font], i) =>
    page.drawText(t, { x: x1 + 6, y: y2 - top - i * step, size: 8, font, color: rgb(0.08, 0.15, 0.4) }),
  );
}

/**
 * Writes the signing day where the verified letter left its date open (the letter is dated the day
 * it is signed), before any signer signs it.
 */
export async function writeLetterDate(
  pdf: Buffer,
  pos: NonNullable<LetterContent['tanggalPos']>,
  text: string,
): Promise<Buffer> {
  const { PDFDocument, StandardFonts } = await pdfLib();
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc
    .getPage(pos.halaman)
    .drawText(printable(text), { x: pos.x, y: pos.y, size: pos.size, font, color: rgb(0.05, 0.05, 0.05) });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/**
 * A cancelled letter as it is shown from then on: every page marked DIBATALKAN with the day and the
 * reason (the signed original stays stored byte for byte; this copy is for reading only).
 */
export async function markCancelled(
  pdf: Buffer,
  info: { tanggal: string; alasan: string; pengganti: string | null },
): Promise<Buffer> {
  const { PDFDocument, StandardFonts } = await pdfLib();
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const red = rgb(0.75, 0.05, 0.05);
  for (const page of doc.getPages()) {
    page.drawText('DIBATALKAN', {
      x: 95,
      y: 300,
      size: 92,
      font: bold,
      color: red,
      opacity: 0.28,
      rotate: degrees(35),
    });
    // Two lines: when and by which letter it was replaced, then the reason (cut to the line; the
    // public check page gives it whole). In the bottom margin, under the footer.
    const reason = wrap(`Alasan: ${info.alasan}`, font, 7, 470);
    const lines: [string, PDFFont][] = [
      [
        printable(
          `DIBATALKAN pada ${tanggalPanjang(info.tanggal)}${info.pengganti ? `; diganti dengan surat nomor ${info.pengganti}` : ''}.`,
        ),
        bold,
      ],
      [reason.length > 1 ? `${reason[0]} ...` : reason[0]!, font],
    ];
    page.drawRectangle({
      x: 56,
      y: 4,
      width: 483,
      height: 22,
      color: rgb(1, 0.93, 0.93),
      borderColor: red,
      borderWidth: 0.8,
    });
    lines.forEach(([t, f], i) => page.drawText(t, { x: 62, y: 18 - i * 8.5, size: 7, font: f, color: red }));
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/**
 * The lines of a document's signature block: the official's electronic signature, or the office's
 * seal (docs/domain/tanda-tangan.md "The office's seal").
 */
export function signatureBlockLines(
  p: { nama: string; nip: string },
  stamp: string,
  segel: string | null | undefined,
): string[] {
  return segel
    ? ['Disegel secara elektronik oleh', segel, 'Segel elektronik BSrE, BSSN', stamp]
    : ['Ditandatangani secara elektronik oleh', p.nama, `NIP ${p.nip}`, stamp];
}

/** Where the official's signature goes on the cancellation notice (page 0). */
export const PEMBATALAN_SIGNATURE_RECT: [number, number, number, number] = [324, 150, 539, 220];

/**
 * The notice to the payroll office that a letter it received is cancelled (docs/domain/surat-kgb.md
 * "Pembatalan dan ralat"): which letter, for whom, why, and what is paid meanwhile (the old basic
 * salary, until a replacement letter comes). One A4 page, signed like the letters.
 */
export async function renderPembatalan(
  c: {
    nomor: string;
    tanggal: string;
    surat: LetterContent & { nomorSurat: string };
    alasan: string;
    pejabat: { nama: string; nip: string; jabatan: string; pangkat: string | null };
    stamp: string;
    /** The office sealing the notice with its seal (segel elektronik), or null: signed by the official. */
    segel?: string | null;
  },
  s: LetterSettings,
  head: Letterhead,
): Promise<Buffer> {
  const { doc, regular, bold } = await officeDocument(`Pembatalan Surat Kenaikan Gaji Berkala ${c.surat.nomorSurat}`);
  const page = doc.addPage([595.28, 841.89]);
  const left = 56;
  const right = 539;
  const size = 10;
  let y = (await drawLetterhead(doc, page, head, { left, right, top: 806 }, { regular, bold })) + 6;
  const text = (t: string, x: number, sz = size, font = regular) =>
    page.drawText(printable(t), { x, y, size: sz, font, color: rgb(0.05, 0.05, 0.05) });
  const para = (t: string, x = left, font = regular) => {
    for (const line of wrap(t, font, size, right - x)) {
      text(line, x, size, font);
      y -= size + 4;
    }
  };
  const g = c.surat.guru;
  text(`${head.kota}, ${tanggalPanjang(c.tanggal)}`, 360);
  y -= 14;
  for (const [k, v] of [
    ['Nomor', c.nomor],
    ['Sifat', 'Segera'],
    ['Lampiran', '-'],
    ['Hal', 'Pembatalan Surat Kenaikan Gaji Berkala'],
  ] as const) {
    text(k, left);
    text(`: ${v}`, left + 60, size, k === 'Hal' ? bold : regular);
    y -= 14;
  }
  y -= 4;
  text('Yth.', 324);
  y -= 14;
  for (const line of wrap(s.kepada, regular, size, right - 324)) {
    text(line, 324);
    y -= 14;
  }
  text(`di ${head.kota}`, 324);
  y -= 26;
  const jenis = c.surat.template === 'keputusan' ? 'Keputusan' : 'Surat Pemberitahuan';
  para(
    `Dengan ini diberitahukan bahwa ${jenis} Kenaikan Gaji Berkala nomor ${c.surat.nomorSurat} tanggal ${tanggalPanjang(c.surat.tanggalTtd ?? c.surat.tanggalSurat)} atas nama:`,
  );
  y -= 2;
  const row = (label: string, value: string) => {
    text(label, left + 22);
    for (const [i, line] of wrap(`: ${value}`, regular, size, right - (left + 190)).entries()) {
      if (i) y -= 13;
      text(line, left + 190);
    }
    y -= 14;
  };
  row('Nama', g.nama);
  row(g.jenis === 'PPPK' ? 'NI PPPK' : 'NIP', g.nip);
  row(
    g.jenis === 'PPPK' ? 'Golongan' : 'Pangkat/Golongan',
    g.jenis === 'PPPK' ? `${g.golongan} (PPPK)` : `${g.pangkat ?? '-'} (${g.golongan})`,
  );
  row('Unit Kerja', g.sekolah ?? '-');
  row('TMT kenaikan gaji berkala', tanggalPanjang(c.surat.tmt));
  row('Gaji pokok baru menurut surat', rupiah(c.surat.gajiBaru));
  y -= 2;
  para(`dinyatakan dibatalkan dan tidak berlaku karena ${c.alasan.replace(/[.\s]+$/, '')}.`);
  y -= 4;
  para(
    `Sehubungan dengan itu, kepada pegawai tersebut dibayarkan gaji pokok sebesar ${c.surat.gajiLama == null ? 'gaji pokok sebelum kenaikan gaji berkala tersebut' : rupiah(c.surat.gajiLama)} sampai diterbitkan surat pengganti; kelebihan pembayaran yang telah diterima diperhitungkan sesuai dengan ketentuan peraturan perundang-undangan.`,
  );
  y -= 4;
  para('Demikian pemberitahuan ini disampaikan untuk dilaksanakan sebagaimana mestinya.');

  const p = c.pejabat;
  const [sx, by1, , by2] = PEMBATALAN_SIGNATURE_RECT;
  y = by2 + 34;
  text(`a.n. ${head.atasNama.toUpperCase()}`, sx, 9.5, bold);
  y -= 12;
  for (const line of wrap(`${jabatanLengkap(p.jabatan, head).toUpperCase()},`, bold, 9.5, right - sx).slice(0, 2)) {
    text(line, sx, 9.5, bold);
    y -= 12;
  }
  drawSignatureBox(
    page,
    [sx, by1, right, by2],
    signatureBlockLines(p, c.stamp, c.segel).map((t, i) => [printable(t), i === 1 ? bold : regular]),
  );
  y = by1 - 15;
  text(p.nama, sx, 10, bold);
  y -= 12.5;
  if (p.pangkat) {
    text(p.pangkat, sx);
    y -= 12.5;
  }
  text(`NIP ${p.nip}`, sx);
  drawTembusan(page, s.tembusan, { x: left, y: by1 - 18, width: sx - 12 - left }, { regular, bold });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
