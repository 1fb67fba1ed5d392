import { Descriptions, type DescriptionsProps } from 'antd';
import type { Guru } from '#contract/guru.ts';
import { MSG } from '#contract/messages.ts';
import { formatDate, formatRupiah, orEmpty } from '../../../lib/format.ts';
import { namaLengkap, pangkatGolongan, ttl } from '../../../lib/guru-format.ts';
import { labelNomorInduk } from '#contract/asn.ts';
import { guruSection, type GuruField, type GuruFieldName, type GuruSection } from '#contract/guru-fields.ts';

const mkg = (tahun: number | null, bulan: number | null) =>
  tahun === null && bulan === null ? MSG.emptyValue : `${tahun ?? 0} tahun ${bulan ?? 0} bulan`;

type Item = NonNullable<DescriptionsProps['items']>[number];

/**
 * How the profile shows a field of the catalogue when not as its plain value: fields shown
 * together (the catalogue's `shownWith`: name with titles, place with date of birth, MKG years with
 * months; golongan with pangkat) and names of references. `null`: not shown.
 */
const SHOWN: Partial<
  Record<GuruFieldName, (g: Guru) => { label?: string; value: React.ReactNode; span?: number } | null>
> = {
  nama: (g) => ({ label: 'Nama Lengkap', value: namaLengkap(g), span: 2 }),
  nip: (g) => ({ label: labelNomorInduk(g.status_guru), value: orEmpty(g.nip) }),
  tgl_lahir: (g) => ({ label: 'Tempat, Tanggal Lahir', value: ttl(g, MSG.emptyValue) }),
  sekolah_id: (g) => ({ value: g.sekolah ? `${g.sekolah.nama_sekolah} (${g.sekolah.npsn})` : MSG.emptyValue, span: 2 }),
  golongan: (g) => ({ label: 'Golongan / Pangkat', value: pangkatGolongan(g.golongan, g.pangkat, MSG.emptyValue) }),
  id_jabatan: (g) => ({ value: orEmpty(g.detailjabatan?.nama ?? g.jabatan) }),
  pendidikan_terakhir: (g) => ({ value: orEmpty(g.tingkatpendidikan?.print_tingpend ?? g.pendidikan_terakhir) }),
  mkg_tahun: (g) => ({ label: 'Masa Kerja Golongan', value: mkg(g.mkg_tahun, g.mkg_bulan) }),
  tgl_kgb_terakhir: (g) => ({ label: 'KGB Terakhir (TMT)', value: formatDate(g.tgl_kgb_terakhir) }),
  // A signed KGB still ahead: what is paid today, and the new salary from its TMT.
  gaji_pokok: (g) => ({
    value: g.gaji_pokok_berikutnya ? (
      <span data-testid="profil-gaji-berikutnya">
        {formatRupiah(g.gaji_pokok_lama)}; mulai {formatDate(g.gaji_pokok_berikutnya.tmt)}:{' '}
        {formatRupiah(g.gaji_pokok_berikutnya.gaji)}
      </span>
    ) : (
      formatRupiah(g.gaji_pokok)
    ),
  }),
  alamat_domisili: (g) => ({ value: orEmpty(g.alamat_domisili), span: 2 }),
  kode_wilayah: () => null,
};

function plain(f: GuruField, g: Guru): React.ReactNode {
  const v = g[f.name as keyof Guru] as string | number | null;
  if (f.type === 'rupiah') return formatRupiah(v as number | null);
  if (f.type === 'date') return formatDate(v as string | null);
  return orEmpty(v);
}

/** The Profile tab (SPEC §2 teacher detail): every field of the catalogue's cards, NIK only here. */
export function GuruProfile({ guru }: { guru: Guru }) {
  const g = guru;
  const item = (key: string, label: string, children: React.ReactNode, span = 1): Item => ({
    key,
    label,
    children,
    span,
  });
  const section = (name: GuruSection): Item[] =>
    guruSection(name).flatMap((f) => {
      if (f.shownWith) return [];
      const shown = SHOWN[f.name as GuruFieldName];
      const s = shown ? shown(g) : { value: plain(f, g) };
      return s ? [item(f.name, s.label ?? f.label, s.value, s.span)] : [];
    });
  const karier = [
    ...section('kepegawaian'),
    item('kgbnext', 'KGB Berikutnya', formatDate(g.tgl_kgb_berikutnya)),
    item('pensiun', 'Tanggal Pensiun (BUP)', formatDate(g.tgl_pensiun)),
    item(
      'statuspeg',
      'Status Kepegawaian',
      <span data-testid="profil-status-kepegawaian">
        {g.status_kepegawaian.label}
        {g.status_kepegawaian.tanggal ? ` sejak ${formatDate(g.status_kepegawaian.tanggal)}` : ''}
        {g.status_kepegawaian.keterangan ? ` (${g.status_kepegawaian.keterangan})` : ''}
      </span>,
      2,
    ),
  ];
  const alamat = [
    ...section('alamat'),
    item('kel', 'Kelurahan/Desa', orEmpty(g.dusun_kel)),
    item('kec', 'Kecamatan', orEmpty(g.desa_kec)),
    item('kab', 'Kabupaten/Kota', orEmpty(g.kota_asal)),
    item('prov', 'Provinsi', orEmpty(g.provinsi)),
  ];
  const column = { xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 };
  return (
    <div data-testid="guru-profile">
      <Descriptions
        title="Identitas"
        bordered
        size="small"
        column={column}
        items={section('identitas')}
        style={{ marginBottom: 20 }}
      />
      <Descriptions
        title="Kepegawaian"
        bordered
        size="small"
        column={column}
        items={karier}
        style={{ marginBottom: 20 }}
      />
      <Descriptions title="Alamat" bordered size="small" column={column} items={alamat} />
    </div>
  );
}
