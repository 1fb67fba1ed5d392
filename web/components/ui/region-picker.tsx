import { useEffect, useState } from 'react';
import { Button, Col, Input, Row, Select, Space, Typography } from 'antd';
import { EditOutlined, UndoOutlined } from '@ant-design/icons';
import type { WilayahItem } from '#contract/master.ts';
import { MSG } from '#contract/messages.ts';
import { useWilayah } from '../../lib/wilayah.ts';
import { useAppConfig } from '../../lib/app-config.ts';

export interface StoredRegion {
  provinsi: string | null;
  kota_asal: string | null;
  desa_kec: string | null;
  dusun_kel: string | null;
}

const LEVELS = [
  { key: 'prov', label: 'Provinsi' },
  { key: 'kab', label: 'Kabupaten/Kota' },
  { key: 'kec', label: 'Kecamatan' },
  { key: 'kel', label: 'Kelurahan/Desa' },
] as const;

const options = (items: WilayahItem[] | undefined) =>
  (items ?? []).map((w) => ({ value: w.kode_wilayah, label: w.nama }));

/** '82.71.01.1001' → ['82', '82.71', '82.71.01', '82.71.01.1001']; '82' → ['82', null, null, null]. */
export function regionLevels(code: string | null | undefined): (string | null)[] {
  const parts = code ? code.split('.') : [];
  return LEVELS.map((_, i) => (i < parts.length ? parts.slice(0, i + 1).join('.') : null));
}

/**
 * SPEC §4 region cascade: province → kabupaten/kota → kecamatan → kelurahan/desa, each level
 * loading the children of the chosen parent. Until the user asks to change it, the stored names
 * are shown read-only. The cascade starts from the stored region (one level is changed without
 * choosing the others again), or, with none stored, from the office's own province or regency
 * (GET api/config). Choosing the last level gives its code to `onChange`; undoing the change gives
 * back the stored code.
 */
export function RegionPicker({
  stored,
  storedCode,
  onChange,
}: {
  stored: StoredRegion;
  storedCode: string | null;
  onChange: (kode: string | null) => void;
}) {
  const [changing, setChanging] = useState(false);
  const [chosen, setChosen] = useState<(string | null)[]>([null, null, null, null]);
  const [touched, setTouched] = useState(false);
  const office = useAppConfig().data?.kantor?.kode_wilayah ?? null;
  // With nothing stored, the office's region once it is known (unless the user already chose).
  useEffect(() => {
    if (changing && !storedCode && !touched && office && !chosen[0]) setChosen(regionLevels(office));
  }, [changing, storedCode, touched, office, chosen]);
  const provinces = useWilayah(null, changing);
  const kabupaten = useWilayah(chosen[0] ?? null, changing && !!chosen[0]);
  const kecamatan = useWilayah(chosen[1] ?? null, changing && !!chosen[1]);
  const kelurahan = useWilayah(chosen[2] ?? null, changing && !!chosen[2]);
  const lists = [provinces, kabupaten, kecamatan, kelurahan];

  if (!changing) {
    const names = [stored.provinsi, stored.kota_asal, stored.desa_kec, stored.dusun_kel];
    return (
      <div data-testid="region-stored">
        <Row gutter={[12, 8]}>
          {LEVELS.map((l, i) => (
            <Col xs={24} sm={12} lg={6} key={l.key}>
              <div className="region-label">{l.label}</div>
              <Input value={names[i] || MSG.emptyValue} readOnly variant="filled" aria-label={`${l.label} tersimpan`} />
            </Col>
          ))}
        </Row>
        <Button
          icon={<EditOutlined />}
          style={{ marginTop: 12 }}
          onClick={() => {
            setChosen(regionLevels(storedCode ?? office));
            setTouched(false);
            setChanging(true);
          }}
        >
          Ubah wilayah
        </Button>
      </div>
    );
  }

  const pick = (level: number, value: string | null) => {
    const next = chosen.map((c, i) => (i < level ? c : i === level ? value : null));
    setTouched(true);
    setChosen(next);
    onChange(level === 3 && value ? value : storedCode);
  };

  return (
    <div data-testid="region-picker">
      <Row gutter={[12, 8]}>
        {LEVELS.map((l, i) => {
          const disabled = i > 0 && !chosen[i - 1];
          const list = lists[i]!;
          return (
            <Col xs={24} sm={12} lg={6} key={l.key}>
              <div className="region-label">{l.label}</div>
              <Select
                aria-label={l.label}
                data-testid={`wilayah-${l.key}`}
                style={{ width: '100%' }}
                showSearch={{ optionFilterProp: 'label' }}
                allowClear
                placeholder={
                  disabled ? `Pilih ${LEVELS[i - 1]!.label.toLowerCase()} dahulu` : `Pilih ${l.label.toLowerCase()}`
                }
                disabled={disabled}
                loading={list.isFetching}
                value={chosen[i] ?? undefined}
                options={options(list.data)}
                onChange={(v: string | undefined) => pick(i, v ?? null)}
                notFoundContent={list.isError ? MSG.checkConnection : MSG.emptyValue}
              />
            </Col>
          );
        })}
      </Row>
      <Space style={{ marginTop: 12 }} wrap>
        <Button
          icon={<UndoOutlined />}
          onClick={() => {
            setChanging(false);
            setChosen([null, null, null, null]);
            onChange(storedCode);
          }}
        >
          Batal ubah wilayah
        </Button>
        {!chosen[3] && (
          <Typography.Text type="secondary">
            Pilih sampai kelurahan/desa; jika tidak, wilayah tersimpan yang dipakai.
          </Typography.Text>
        )}
      </Space>
    </div>
  );
}
