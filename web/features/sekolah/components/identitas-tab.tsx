import { lazy, Suspense } from 'react';
import type { Sekolah } from '#contract/sekolah.ts';
import { MSG } from '#contract/messages.ts';
import { formatNumber, orEmpty } from '../../../lib/format.ts';
import { Dots } from '../../../components/lite/table.tsx';
import { SvgIcon } from '../../../components/svg-icon.tsx';
import { EditOutlined } from '../../../components/lite/icons.ts';
import { SchoolMap } from './school-map-lazy.tsx';
// The identity form (regions, logo upload, map picker) is downloaded when "Edit" is pressed.
const SekolahForm = lazy(() => import('./sekolah-form.tsx').then((m) => ({ default: m.SekolahForm })));

/**
 * Identitas sekolah: read view with map and info window; "Edit" shows the identity form (antd,
 * inside the page's AntScope). The read view is drawn without antd in its look (bordered
 * Descriptions, geekblue Tags), so the school page renders before antd is downloaded (issue 7).
 */
export function IdentitasTab({ sekolah: s, editing, setEditing }: { sekolah: Sekolah; editing: boolean; setEditing: (on: boolean) => void }) {
  if (editing) {
    return (
      <Suspense fallback={<div style={{ padding: 48, textAlign: 'center' }}><Dots /></div>}>
        <SekolahForm sekolah={s} onSaved={() => setEditing(false)} onCancel={() => setEditing(false)} />
      </Suspense>
    );
  }
  const items: [string, React.ReactNode][] = [
    ['NPSN', s.npsn],
    ['Nama Sekolah', s.nama_sekolah],
    ['Bentuk Pendidikan', orEmpty(s.bentuk_pendidikan)],
    ['Status', orEmpty(s.status)],
    ['Alamat', orEmpty(s.alamat)],
    ['RT/RW', orEmpty(s.rtrw)],
    ['Kelurahan/Desa', orEmpty(s.dusun_kel)],
    ['Kecamatan', orEmpty(s.desa_kec)],
    ['Kabupaten/Kota', orEmpty(s.kota_asal)],
    ['Provinsi', orEmpty(s.provinsi)],
    ['Kode Pos', orEmpty(s.kode_pos)],
    ['Telepon', orEmpty(s.telpon)],
    ['Fax', orEmpty(s.fax)],
    ['Email', orEmpty(s.email)],
    ['Website', orEmpty(s.web)],
    ['Jumlah Siswa', s.rombel === null ? MSG.emptyValue : `${formatNumber(s.rombel)} Orang/Jiwa`],
    ['Lintang (lat)', <span data-testid="identitas-lat">{s.lat === null ? MSG.emptyValue : String(s.lat)}</span>],
    ['Bujur (long)', <span data-testid="identitas-long">{s.long === null ? MSG.emptyValue : String(s.long)}</span>],
    [
      'Fasilitas',
      s.fasilitas.length === 0 ? MSG.emptyValue : (
        <span className="lite-tags">
          {s.fasilitas.map((f) => (
            <span key={f.id} className="lite-tag lite-tag-geekblue">{f.fasilitas}</span>
          ))}
        </span>
      ),
    ],
  ];
  return (
    <div className="identitas-grid">
      <div>
        <div style={{ marginBottom: 12 }}>
          <button type="button" className="lite-btn lite-btn-primary" onClick={() => setEditing(true)} data-testid="identitas-edit">
            <SvgIcon icon={EditOutlined} />
            <span>Edit</span>
          </button>
        </div>
        <table className="lite-desc lite-desc-bordered" data-testid="identitas">
          <tbody>
            {items.map(([label, value]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div>
        <h5 className="lite-title lite-title-5">Lokasi Sekolah</h5>
        {s.lat === null || s.long === null ? <p className="lite-secondary lite-para">Titik lokasi belum diisi.</p> : null}
        <SchoolMap nama={s.nama_sekolah} alamat={s.alamat} lat={s.lat} long={s.long} markerUrl={s.link_marker} />
      </div>
    </div>
  );
}
