import { Select, type SelectProps } from 'antd';
import { MSG } from '#contract/messages.ts';
import { golonganFor } from '#contract/asn.ts';
import { masterOptions, nameFieldOf, useMaster } from '../api/master.ts';
import { useSemuaSekolah } from '../../../lib/semua-sekolah.ts';

type Props = Omit<SelectProps, 'options' | 'loading'>;

/**
 * The searchable, clearable select of the three lists below: a spinner while the list loads; with
 * no options, the connection message if loading failed, the empty value otherwise.
 */
function LoadedSelect({
  query,
  options,
  ...props
}: Props & { query: { isFetching: boolean; isError: boolean }; options: SelectProps['options'] }) {
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      {...props}
      loading={query.isFetching}
      options={options}
      notFoundContent={query.isError ? MSG.checkConnection : MSG.emptyValue}
    />
  );
}

/**
 * A select over a teacher master list. `by="id"` stores the item id (id_jabatan); `by="name"`
 * stores the name (status_guru, goldar, pendidikan_terakhir, mapel), as the Guru fields do.
 */
export function MasterSelect({
  endpoint,
  by = 'id',
  labelField,
  ...rest
}: Props & { endpoint: string; by?: 'id' | 'name'; labelField?: string }) {
  const q = useMaster(endpoint);
  return (
    <LoadedSelect
      placeholder="Pilih"
      {...rest}
      query={q}
      options={masterOptions(q.data, labelField ?? nameFieldOf(endpoint), by)}
    />
  );
}

/**
 * Golongan select: value nm_gol ('III/a'), label 'III/a – Penata Muda'. With `jenisGuru`, only the
 * golongan of that status: golongan ruang for PNS and CPNS, I-XVII for PPPK (contract/asn.ts).
 */
export function GolonganSelect({ jenisGuru, ...props }: Props & { jenisGuru?: string | null }) {
  const q = useMaster('golonganpangkat');
  const allowed = jenisGuru === undefined ? null : golonganFor(jenisGuru);
  const options = (q.data ?? [])
    .filter((r) => !allowed || allowed.includes(String(r.nm_gol)))
    .map((r) => ({
      value: String(r.nm_gol),
      label: r.nm_pangkat ? `${String(r.nm_gol)} – ${String(r.nm_pangkat)}` : String(r.nm_gol),
    }));
  return <LoadedSelect placeholder="Pilih golongan" {...props} query={q} options={options} />;
}

/** School select from GET api/semuasekolah (value = the school's id), searchable by name or NPSN. */
export function SekolahSelect(props: Props) {
  const q = useSemuaSekolah();
  const options = (q.data ?? []).map((s) => ({ value: s.id, label: `${s.nama_sekolah} (${s.npsn})` }));
  return <LoadedSelect placeholder="Cari nama sekolah atau NPSN" {...props} query={q} options={options} />;
}
