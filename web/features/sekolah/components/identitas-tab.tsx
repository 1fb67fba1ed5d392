import { lazy, Suspense } from 'react';
import type { Sekolah } from '#contract/sekolah.ts';
import { SEKOLAH_SHOWN, type SekolahField, type SekolahFieldName } from '#contract/sekolah-fields.ts';
import { MSG } from '#contract/messages.ts';
import { formatNumber, orEmpty } from '../../../lib/format.ts';
import { Dots } from '../../../components/lite/table.tsx';
import { SvgIcon } from '../../../components/svg-icon.tsx';
import { EditOutlined } from '../../../components/lite/icons.ts';
import { SchoolMap } from './school-map-lazy.tsx';
// The identity form (regions, logo upload, map picker) is downloaded when "Edit" is pressed.
const SekolahForm = lazy(() => import('./sekolah-form.tsx').then((m) => ({ default: m.SekolahForm })));

const number = (v: number | null) => (v === null ? MSG.emptyValue : String(v));

/**
 * How the read view shows a field of the catalogue (contract/sekolah-fields.ts) when not as its
 * plain value under its label: the region names the village code resolves to, numbers with their
 * unit, the facilities as tags.
 */
const SHOWN: Partial<Record<SekolahFieldName, (s: Sekolah, f: SekolahField) => [string, React.ReactNode][]>> = {
  kode_wilayah: (s) => [
    ['Kelurahan/Desa', orEmpty(s.dusun_kel)],
    ['Kecamatan', orEmpty(s.desa_kec)],
    ['Kabupaten/Kota', orEmpty(s.kota_asal)],
    ['Provinsi', orEmpty(s.provinsi)],
  ],
  rombel: (s, f) => [['Jumlah Siswa', s.rombel === null ? MSG.emptyValue : `${formatNumber(s.rombel)} ${f.unit}`]],
  lat: (s, f) => [[f.label, <span data-testid="identitas-lat">{number(s.lat)}</span>]],
  long: (s, f) => [[f.label, <span data-testid="identitas-long">{number(s.long)}</span>]],
  fasilitas: (s, f) => [
    [
      f.label,
      s.fasilitas.length === 0 ? (
        MSG.emptyValue
      ) : (
        <span className="lite-tags">
          {s.fasilitas.map((x) => (
            <span key={x.id} className="lite-tag lite-tag-geekblue">
              {x.fasilitas}
            </span>
          ))}
        </span>
      ),
    ],
  ],
};

/**
 * Identitas sekolah: read view with map and info window; "Edit" shows the identity form (antd,
 * inside the page's AntScope). The read view is drawn without antd in its look (bordered
 * Descriptions, geekblue Tags), so the school page renders before antd is downloaded.
 */
export function IdentitasTab({
  sekolah: s,
  editing,
  setEditing,
}: {
  sekolah: Sekolah;
  editing: boolean;
  setEditing: (on: boolean) => void;
}) {
  if (editing) {
    return (
      <Suspense
        fallback={
          <div style={{ padding: 48, textAlign: 'center' }}>
            <Dots />
          </div>
        }
      >
        <SekolahForm sekolah={s} onSaved={() => setEditing(false)} onCancel={() => setEditing(false)} />
      </Suspense>
    );
  }
  const items = SEKOLAH_SHOWN.flatMap((f): [string, React.ReactNode][] => {
    const shown = SHOWN[f.name as SekolahFieldName];
    return shown ? shown(s, f) : [[f.label, orEmpty(s[f.name as keyof Sekolah] as string | null)]];
  });
  return (
    <div className="identitas-grid">
      <div>
        <div style={{ marginBottom: 12 }}>
          <button
            type="button"
            className="lite-btn lite-btn-primary"
            onClick={() => setEditing(true)}
            data-testid="identitas-edit"
          >
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
        {s.lat === null || s.long === null ? (
          <p className="lite-secondary lite-para">Titik lokasi belum diisi.</p>
        ) : null}
        <SchoolMap nama={s.nama_sekolah} alamat={s.alamat} lat={s.lat} long={s.long} markerUrl={s.link_marker} />
      </div>
    </div>
  );
}
