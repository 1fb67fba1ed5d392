import { Descriptions, type DescriptionsProps } from 'antd';
import type { Guru } from '#contract/guru.ts';
import { MSG } from '#contract/messages.ts';
import { formatDate, formatRupiah, orEmpty } from '../../../lib/format.ts';
import { namaLengkap, pangkatGolongan, ttl } from '../format.ts';
import { labelNomorInduk } from '#contract/asn.ts';

const mkg = (tahun: number | null, bulan: number | null) =>
  tahun === null && bulan === null ? MSG.emptyValue : `${tahun ?? 0} tahun ${bulan ?? 0} bulan`;

/** The Profile tab (SPEC §2 teacher detail): every identity and career field, NIK only here. */
export function GuruProfile({ guru }: { guru: Guru }) {
  const g = guru;
  const item = (key: string, label: string, children: React.ReactNode, span = 1): NonNullable<DescriptionsProps['items']>[number] => ({ key, label, children, span });
  const identitas = [
    item('nama', 'Nama Lengkap', namaLengkap(g), 2),
    item('nip', labelNomorInduk(g.status_guru), orEmpty(g.nip)),
    item('nik', 'NIK', orEmpty(g.nik)),
    item('nuptk', 'NUPTK', orEmpty(g.nuptk)),
    item('jk', 'Jenis Kelamin', orEmpty(g.jenis_kelamin)),
    item('ttl', 'Tempat, Tanggal Lahir', ttl(g.tempat_lahir, g.tgl_lahir, MSG.emptyValue)),
    item('nikah', 'Status Nikah', orEmpty(g.status_nikah)),
    item('goldar', 'Golongan Darah', orEmpty(g.goldar)),
    item('hp', 'Nomor HP', orEmpty(g.no_hp)),
    item('email', 'Email', orEmpty(g.email)),
    item('ig', 'Instagram', orEmpty(g.instagram)),
    item('hobi', 'Hobi', orEmpty(g.hobi)),
  ];
  const karier = [
    item('sekolah', 'Sekolah', g.sekolah ? `${g.sekolah.nama_sekolah} (${g.sekolah.npsn})` : MSG.emptyValue, 2),
    item('status', 'Jenis Guru', orEmpty(g.status_guru)),
    item('pangkat', 'Golongan / Pangkat', pangkatGolongan(g.golongan, g.pangkat, MSG.emptyValue)),
    item('jabatan', 'Jabatan', orEmpty(g.detailjabatan?.nama ?? g.jabatan)),
    item('pendidikan', 'Pendidikan Terakhir', orEmpty(g.tingkatpendidikan?.print_tingpend ?? g.pendidikan_terakhir)),
    item('sertifikasi', 'Sertifikasi', orEmpty(g.sertifikasi)),
    item('mapel1', 'Mata Pelajaran 1', orEmpty(g.mapel_1)),
    item('mapel2', 'Mata Pelajaran 2', orEmpty(g.mapel_2)),
    item('karpeg', 'Nomor Karpeg', orEmpty(g.no_karpeg)),
    item('gaji', 'Gaji Pokok', formatRupiah(g.gaji_pokok)),
    item('gajilama', 'Gaji Pokok Lama', formatRupiah(g.gaji_pokok_lama)),
    item('mkg', 'Masa Kerja Golongan', mkg(g.mkg_tahun, g.mkg_bulan)),
    item('kgb', 'KGB Terakhir (TMT)', formatDate(g.tgl_kgb_terakhir)),
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
    item('alamat', 'Alamat Domisili', orEmpty(g.alamat_domisili), 2),
    item('kel', 'Kelurahan/Desa', orEmpty(g.dusun_kel)),
    item('kec', 'Kecamatan', orEmpty(g.desa_kec)),
    item('kab', 'Kabupaten/Kota', orEmpty(g.kota_asal)),
    item('prov', 'Provinsi', orEmpty(g.provinsi)),
  ];
  const column = { xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 };
  return (
    <div data-testid="guru-profile">
      <Descriptions title="Identitas" bordered size="small" column={column} items={identitas} style={{ marginBottom: 20 }} />
      <Descriptions title="Kepegawaian" bordered size="small" column={column} items={karier} style={{ marginBottom: 20 }} />
      <Descriptions title="Alamat" bordered size="small" column={column} items={alamat} />
    </div>
  );
}
