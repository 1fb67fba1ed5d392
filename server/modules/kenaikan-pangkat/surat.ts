import { DOKUMEN_KP, STATUS_USUL_KP_LABEL, type KpUsulan } from '#contract/kenaikan-pangkat.ts';
import { GOLONGAN_PANGKAT } from '#contract/master-guru.ts';
import { tanggalPanjang, terbilang } from '../../domain/terbilang.ts';
import {
  LIST_LEFT,
  LIST_RIGHT,
  type ListColumn,
  nominativeList,
  type Letterhead,
  fit,
  type Penandatangan,
  coveringLetter,
} from '../../lib/kop-surat.ts';
import { rgb } from '../../lib/pdf-lib.ts';

const pangkatOf = new Map(GOLONGAN_PANGKAT);

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
  const { doc, at, para, opening, closing } = await coveringLetter(
    `Surat Pengantar Usul Kenaikan Pangkat ${u.nomor_surat}`,
    head,
  );
  const { left } = at;
  const tmt = `${u.periode}-01`;

  opening({
    tanggal: tanggalPanjang(u.tanggal_surat),
    x: 360,
    nomor: u.nomor_surat,
    hal: `Usul Kenaikan Pangkat PNS Periode ${tanggalPanjang(tmt)}`,
    kepada: c.kepada,
  });

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
  closing(c.ttd, [
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
  const { doc, fonts, at, text, room } = await nominativeList(
    `Daftar Nominatif Usul Kenaikan Pangkat Periode ${tanggalPanjang(`${u.periode}-01`)}`,
    head,
    {
      title: 'DAFTAR NOMINATIF USUL KENAIKAN PANGKAT PEGAWAI NEGERI SIPIL',
      sub: {
        text: `Periode ${tanggalPanjang(`${u.periode}-01`)} - lampiran surat Nomor ${u.nomor_surat} tanggal ${tanggalPanjang(u.tanggal_surat)}`,
        size: 9.5,
      },
      columns: COLUMNS,
      size: 8,
    },
  );
  const { regular, bold } = fonts;
  const reserve = 130;
  for (const [i, r] of u.guru.entries()) {
    await room(i === u.guru.length - 1 ? reserve : 0, true);
    let x = LIST_LEFT;
    for (const col of COLUMNS) {
      text(fit(col.value(r, i), regular, 8, col.width - 5), x + 2, 8);
      x += col.width;
    }
    if (r.status !== 'diusulkan') {
      at.y -= 10;
      text(
        fit(
          `${STATUS_USUL_KP_LABEL[r.status]}${r.alasan ? `: ${r.alasan}` : ''}${r.sk_nomor ? `: SK ${r.sk_nomor}, TMT ${dmy(r.sk_tmt)}` : ''}`,
          regular,
          7,
          600,
        ),
        LIST_LEFT + 164,
        7,
      );
    }
    at.page.drawLine({
      start: { x: LIST_LEFT, y: at.y - 4 },
      end: { x: LIST_RIGHT, y: at.y - 4 },
      thickness: 0.3,
      color: rgb(0.7, 0.7, 0.7),
    });
    at.y -= 15;
  }
  await room(reserve, false);
  at.y -= 6;
  text(`Jumlah: ${u.guru.length} (${terbilang(u.guru.length)}) orang.`, LIST_LEFT, 9, bold);
  const x1 = LIST_RIGHT - 250;
  at.y -= 24;
  text(`${head.kota}, ${tanggalPanjang(u.tanggal_surat)}`, x1, 9.5);
  at.y -= 13;
  text(head.kepalaKantor, x1, 9.5, bold);
  at.y -= 52;
  text(ttd.nama ?? '(.........................................)', x1, 9.5, bold);
  at.y -= 13;
  text(`NIP ${ttd.nip ?? '..........................................'}`, x1, 9.5);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
