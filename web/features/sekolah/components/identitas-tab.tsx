import { lazy, Suspense, useState } from 'react';
import { Button, Col, Descriptions, Row, Space, Spin, Tag, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import type { Sekolah } from '#contract/sekolah.ts';
import { MSG } from '#contract/messages.ts';
import { formatNumber, orEmpty } from '../../../lib/format.ts';
// The identity form (regions, logo upload, map picker) is downloaded when "Edit" is pressed.
const SekolahForm = lazy(() => import('./sekolah-form.tsx').then((m) => ({ default: m.SekolahForm })));
import { SchoolMap } from './school-map-lazy.tsx';

/** Identitas sekolah: read view with map and info window; "Edit" toggles the identity form. */
export function IdentitasTab({ sekolah: s }: { sekolah: Sekolah }) {
  const [editing, setEditing] = useState(false);
  if (editing) {
    return (
      <Suspense fallback={<div style={{ padding: 48, textAlign: 'center' }}><Spin /></div>}>
        <SekolahForm sekolah={s} onSaved={() => setEditing(false)} onCancel={() => setEditing(false)} />
      </Suspense>
    );
  }
  return (
    <Row gutter={[24, 16]}>
      <Col xs={24} xl={13}>
        <Space style={{ marginBottom: 12 }}>
          <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="identitas-edit">Edit</Button>
        </Space>
        <Descriptions bordered size="small" column={1} data-testid="identitas" styles={{ label: { width: 180 } }}>
          <Descriptions.Item label="NPSN">{s.npsn}</Descriptions.Item>
          <Descriptions.Item label="Nama Sekolah">{s.nama_sekolah}</Descriptions.Item>
          <Descriptions.Item label="Bentuk Pendidikan">{orEmpty(s.bentuk_pendidikan)}</Descriptions.Item>
          <Descriptions.Item label="Status">{orEmpty(s.status)}</Descriptions.Item>
          <Descriptions.Item label="Alamat">{orEmpty(s.alamat)}</Descriptions.Item>
          <Descriptions.Item label="RT/RW">{orEmpty(s.rtrw)}</Descriptions.Item>
          <Descriptions.Item label="Kelurahan/Desa">{orEmpty(s.dusun_kel)}</Descriptions.Item>
          <Descriptions.Item label="Kecamatan">{orEmpty(s.desa_kec)}</Descriptions.Item>
          <Descriptions.Item label="Kabupaten/Kota">{orEmpty(s.kota_asal)}</Descriptions.Item>
          <Descriptions.Item label="Provinsi">{orEmpty(s.provinsi)}</Descriptions.Item>
          <Descriptions.Item label="Kode Pos">{orEmpty(s.kode_pos)}</Descriptions.Item>
          <Descriptions.Item label="Telepon">{orEmpty(s.telpon)}</Descriptions.Item>
          <Descriptions.Item label="Fax">{orEmpty(s.fax)}</Descriptions.Item>
          <Descriptions.Item label="Email">{orEmpty(s.email)}</Descriptions.Item>
          <Descriptions.Item label="Website">{orEmpty(s.web)}</Descriptions.Item>
          <Descriptions.Item label="Jumlah Siswa">{s.rombel === null ? MSG.emptyValue : `${formatNumber(s.rombel)} Orang/Jiwa`}</Descriptions.Item>
          <Descriptions.Item label="Lintang (lat)"><span data-testid="identitas-lat">{s.lat === null ? MSG.emptyValue : String(s.lat)}</span></Descriptions.Item>
          <Descriptions.Item label="Bujur (long)"><span data-testid="identitas-long">{s.long === null ? MSG.emptyValue : String(s.long)}</span></Descriptions.Item>
          <Descriptions.Item label="Fasilitas">
            {s.fasilitas.length === 0 ? MSG.emptyValue : (
              <Space size={[4, 4]} wrap>
                {s.fasilitas.map((f) => <Tag key={f.id} color="geekblue">{f.fasilitas}</Tag>)}
              </Space>
            )}
          </Descriptions.Item>
        </Descriptions>
      </Col>
      <Col xs={24} xl={11}>
        <Typography.Title level={5} style={{ marginTop: 0 }}>Lokasi Sekolah</Typography.Title>
        {s.lat === null || s.long === null ? <Typography.Paragraph type="secondary">Titik lokasi belum diisi.</Typography.Paragraph> : null}
        <SchoolMap nama={s.nama_sekolah} alamat={s.alamat} lat={s.lat} long={s.long} markerUrl={s.link_marker} />
      </Col>
    </Row>
  );
}
