import { Select } from 'antd';
import { useSemuaSekolah } from '../../lib/semua-sekolah.ts';

/** The school of a Dapodik export without an NPSN column, by name or NPSN (value: the NPSN). Loaded after the page is drawn. */
export function ImporSekolahSelect({
  value,
  onChange,
  disabled,
}: {
  value: string | null;
  onChange: (npsn: string | null) => void;
  disabled: boolean;
}) {
  const sekolah = useSemuaSekolah();
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      aria-label="Sekolah untuk berkas Dapodik"
      placeholder="Cari nama sekolah atau NPSN"
      value={value}
      onChange={(v: string | undefined) => onChange(v ?? null)}
      loading={sekolah.isFetching}
      options={(sekolah.data ?? []).map((s) => ({ value: s.npsn, label: `${s.nama_sekolah} (${s.npsn})` }))}
      disabled={disabled}
      style={{ width: '100%' }}
      data-testid="impor-sekolah"
    />
  );
}
