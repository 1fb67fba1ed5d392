import type { PDFFont, PDFPage } from 'pdf-lib';
import { DOKUMEN_KP, STATUS_USUL_KP_LABEL, type KpUsulan } from '#contract/kenaikan-pangkat.ts';
import { GOLONGAN_PANGKAT } from '#contract/master-guru.ts';
import { tanggalPanjang, terbilang } from '../../domain/terbilang.ts';
import {
  drawListHead,
  type ListColumn,
  type ListHead,
  printable,
  type Letterhead,
  drawPembuka,
  drawPenutup,
  fit,
  officeDocument,
  type Penandatangan,
  coveringLetter,
} from '../../lib/kop-surat.ts';
import { rgb } from '../../lib/pdf-lib.ts';

const pangkatOf = new Map(GOLONGAN_PANGKAT);
// The dark ink of the text; a function because pdf-lib is loaded with the first document (server/lib/pdf-lib.ts).
const ink = () => rgb(0.05, 0.05, 0.05);

/**
 * The covering letter (surat pengantar usul) of a promotion batch to the personnel agency, in the
 * form of an official letter (Permendagri 1/2023 on official documents): letterhead, place and date,
 * Nomor, Sifat, Lampiran, Hal, the addressee, the body naming the period and the number of teachers,
 * the head of the office's signature block and the Tembusan.
 */
export async function renderSuratPengantar(
  u: KpUsulan,
  head: Letterhead,
  c: { kepada: string; ttd: Penandatangan },
): Promise<Buffer> {
  const { doc, page, fonts, at, text, para } = await coveringLetter(
    `Surat Pengantar Usul Kenaikan Pangkat ${u.nomor_surat}`,
    head,
  );
  const { left, right, size } = at;
  const tmt = `${u.periode}-01`;

  text(`${head.kota}, ${tanggalPanjang(u.tanggal_surat)}`, 360);
  at.y -= 24;
  const rows: [string, string][] = [
    ['Nomor', u.nomor_surat],
    ['Sifat', 'Penting'],
    ['Lampiran', '1 (satu) berkas'],
    ['Hal', `Usul Kenaikan Pangkat PNS Periode ${tanggalPanjang(tmt)}`],
  ];
  at.y = drawPembuka(page, { y: at.y, left, size }, fonts, rows, c.kepada);

  const n = u.guru.length;
  para(
    `Bersama ini kami sampaikan usul kenaikan pangkat Pegawai Negeri Sipil (guru) di lingkungan ${head.kop2.replace(/\b\w+/g, (w) => w[0] + w.slice(1).toLowerCase())} ${head.kop1.replace(/^PEMERINTAH\s+/i, '').replace(/\b\w+/g, (w) => w[0] + w.slice(1).toLowerCase())} periode ${tanggalPanjang(tmt)} sebanyak ${n} (${terbilang(n)}) orang, sebagaimana tercantum dalam daftar nominatif terlampir.`,
    left,
    36,
  );
  at.y -= 4;
  para(
    'Usul tersebut telah kami periksa: masa dalam pangkat, penilaian kinerja dua tahun terakhir sekurang-kurangnya Baik, angka kredit bagi pejabat fungsional guru, pendidikan, tidak sedang menjalani hukuman disiplin, serta batas usia pensiun. Kelengkapan berkas setiap guru (SK pangkat terakhir, SKP, PAK dan ijazah bila ada peningkatan pendidikan) kami lampirkan.',
    left,
    36,
  );
  at.y -= 4;
  para('Demikian kami sampaikan, atas perhatian dan kerja samanya diucapkan terima kasih.', left, 36);

  drawPenutup(page, { y: at.y, left, right, x: 320, size }, fonts, head.kepalaKantor, c.ttd, [
    'Kepala Badan Kepegawaian Negara (Kantor Regional) u.p. Bidang Mutasi',
    'Kepala Sekolah yang bersangkutan',
    'Arsip',
  ]);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

interface Column extends ListColumn {
  value: (r: KpUsulan['guru'][number], i: number) => string;
}

const dmy = (d: string | null) => (d ? d.split('-').reverse().join('-') : '-');
const COLUMNS: Column[] = [
  { title: 'No', width: 22, value: (_r, i) => String(i + 1) },
  { title: 'NIP', width: 100, value: (r) => r.nip ?? '-' },
  { title: 'Nama', width: 140, value: (r) => r.nama },
  { title: 'Unit Kerja', width: 120, value: (r) => r.nama_sekolah ?? '-' },
  { title: 'Pendidikan', width: 52, value: (r) => r.pendidikan ?? '-' },
  {
    title: 'Pangkat lama',
    width: 96,
    value: (r) => `${pangkatOf.get(r.golongan_lama) ?? ''} (${r.golongan_lama})`.trim(),
  },
  { title: 'TMT lama', width: 52, value: (r) => dmy(r.tmt_pangkat) },
  {
    title: 'Pangkat baru',
    width: 96,
    value: (r) => `${pangkatOf.get(r.golongan_baru) ?? ''} (${r.golongan_baru})`.trim(),
  },
  { title: 'Kelengkapan', width: 92, value: (r) => kelengkapan(r.dokumen) },
];

const SINGKAT: Record<string, string> = { sk_pangkat: 'SK pangkat', skp: 'SKP', pak: 'PAK', ijazah: 'ijazah' };

/** "Lengkap", or what is missing ("kurang: PAK, SKP"). */
export function kelengkapan(dokumen: Record<string, boolean>): string {
  const missing = DOKUMEN_KP.filter((d) => dokumen[d.key] === false).map((d) => SINGKAT[d.key]);
  return missing.length ? `kurang: ${missing.join(', ')}` : 'Lengkap';
}

/** The nominative list (daftar nominatif) attached to the covering letter: landscape A4, one row a teacher. */
export async function renderNominatifKp(u: KpUsulan, head: Letterhead, ttd: Penandatangan): Promise<Buffer> {
  const PAGE: [number, number] = [841.89, 595.28];
  const LEFT = 36;
  const RIGHT = PAGE[0] - 36;
  const { doc, regular, bold } = await officeDocument(
    `Daftar Nominatif Usul Kenaikan Pangkat Periode ${tanggalPanjang(`${u.periode}-01`)}`,
  );
  let page: PDFPage = doc.addPage(PAGE);
  let y = 0;
  const text = (t: string, x: number, size: number, font: PDFFont = regular) =>
    page.drawText(printable(t), { x, y, size, font, color: ink() });
  const list: ListHead = {
    title: 'DAFTAR NOMINATIF USUL KENAIKAN PANGKAT PEGAWAI NEGERI SIPIL',
    sub: {
      text: `Periode ${tanggalPanjang(`${u.periode}-01`)} - lampiran surat Nomor ${u.nomor_surat} tanggal ${tanggalPanjang(u.tanggal_surat)}`,
      size: 9.5,
    },
    columns: COLUMNS,
    size: 8,
  };
  const header = async (first: boolean) => {
    y = await drawListHead(
      doc,
      page,
      head,
      { left: LEFT, right: RIGHT, top: PAGE[1] - 40 },
      { regular, bold },
      list,
      first,
    );
  };
  await header(true);
  const reserve = 130;
  for (const [i, r] of u.guru.entries()) {
    if (y < 40 + (i === u.guru.length - 1 ? reserve : 0)) {
      page = doc.addPage(PAGE);
      await header(false);
    }
    let x = LEFT;
    for (const col of COLUMNS) {
      text(fit(col.value(r, i), regular, 8, col.width - 5), x + 2, 8);
      x += col.width;
    }
    if (r.status !== 'diusulkan') {
      y -= 10;
      text(
        fit(
          `${STATUS_USUL_KP_LABEL[r.status]}${r.alasan ? `: ${r.alasan}` : ''}${r.sk_nomor ? `: SK ${r.sk_nomor}, TMT ${dmy(r.sk_tmt)}` : ''}`,
          regular,
          7,
          600,
        ),
        LEFT + 164,
        7,
      );
    }
    page.drawLine({
      start: { x: LEFT, y: y - 4 },
      end: { x: RIGHT, y: y - 4 },
      thickness: 0.3,
      color: rgb(0.7, 0.7, 0.7),
    });
    y -= 15;
  }
  if (y < 40 + reserve) {
    page = doc.addPage(PAGE);
    y = PAGE[1] - 40;
  }
  y -= 6;
  text(`Jumlah: ${u.guru.length} (${terbilang(u.guru.length)}) orang.`, LEFT, 9, bold);
  const x1 = RIGHT - 250;
  y -= 24;
  text(`${head.kota}, ${tanggalPanjang(u.tanggal_surat)}`, x1, 9.5);
  y -= 13;
  text(head.kepalaKantor, x1, 9.5, bold);
  y -= 52;
  text(ttd.nama ?? '(.........................................)', x1, 9.5, bold);
  y -= 13;
  text(`NIP ${ttd.nip ?? '..........................................'}`, x1, 9.5);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
