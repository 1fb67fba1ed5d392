import { useState } from 'react';
import { App, Avatar, Button, Col, Divider, Form, Input, Row, Select, Space, Typography } from 'antd';
import { BankOutlined, SaveOutlined } from '@ant-design/icons';
import { STATUS_SEKOLAH } from '#contract/master-values.ts';
import { sekolahUpdateBody, type Sekolah, type SekolahUpdateBody } from '#contract/sekolah.ts';
import { useMasterBp } from '../api/master-bp.ts';
import { useFasilitas } from '../api/fasilitas.ts';
import { useUpdateSekolah } from '../api/sekolah-update.ts';
import { useUploadLogo } from '../api/sekolah-logo.ts';
import { FormErrors } from '../../../components/ui/form-errors.tsx';
import { checkFirst, clearMarks, markField, saveErrors, requiredOf } from './form-helpers.ts';
import { RegionPicker } from '../../../components/ui/region-picker.tsx';
import { LocationPicker } from './school-map-lazy.tsx';
import { ImagePicker } from '../../../components/ui/image-picker.tsx';
import { AngkaInput } from '../../../components/ui/angka-input.tsx';

/** Required marks from the contract (issue 25.3). */
const req = requiredOf(sekolahUpdateBody);

interface Values {
  nama_sekolah: string;
  bentuk_pendidikan: string;
  status: string;
  alamat: string | null;
  rtrw: string | null;
  kode_pos: string | null;
  telpon: string | null;
  fax: string | null;
  email: string | null;
  web: string | null;
  rombel: number | null;
  lat: number | null;
  long: number | null;
  fasilitas: number[];
}

const initialOf = (s: Sekolah): Values => ({
  nama_sekolah: s.nama_sekolah,
  bentuk_pendidikan: s.bentuk_pendidikan,
  status: s.status,
  alamat: s.alamat,
  rtrw: s.rtrw,
  kode_pos: s.kode_pos,
  telpon: s.telpon,
  fax: s.fax,
  email: s.email,
  web: s.web,
  rombel: s.rombel,
  lat: s.lat,
  long: s.long,
  fasilitas: s.fasilitas.map((f) => f.id),
});

const digitsOnly = (e: React.ChangeEvent<HTMLInputElement>) => e.target.value.replace(/\D/g, '');

/**
 * The school identity form (PUT api/sekolah/{npsn}), used by the admin edit page and by the
 * identity tab of the school detail for both roles. NPSN cannot be changed.
 */
export function SekolahForm({ sekolah, onSaved, onCancel }: { sekolah: Sekolah; onSaved: () => void; onCancel: () => void }) {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [kodeWilayah, setKodeWilayah] = useState<string | null>(sekolah.kode_wilayah);
  const [logo, setLogo] = useState<File | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const bp = useMasterBp();
  const fasilitas = useFasilitas();
  const update = useUpdateSekolah(sekolah.npsn);
  const upload = useUploadLogo(sekolah.npsn);
  const lat = Form.useWatch('lat', form) ?? null;
  const long = Form.useWatch('long', form) ?? null;
  const bentuk = Form.useWatch('bentuk_pendidikan', form) ?? sekolah.bentuk_pendidikan;

  const save = async () => {
    const v = form.getFieldsValue(true) as Values;
    const body = {
      npsn: sekolah.npsn,
      nama_sekolah: v.nama_sekolah ?? '',
      bentuk_pendidikan: v.bentuk_pendidikan ?? '',
      status: v.status ?? '',
      alamat: v.alamat ?? null,
      rtrw: v.rtrw ?? null,
      kode_pos: v.kode_pos ?? null,
      telpon: v.telpon ?? null,
      rombel: v.rombel ?? null,
      fax: v.fax ?? null,
      email: v.email ?? null,
      web: v.web ?? null,
      lat: v.lat ?? null,
      long: v.long ?? null,
      kode_wilayah: kodeWilayah,
      fasilitas: v.fasilitas ?? [],
    };
    const checked = checkFirst(sekolahUpdateBody, body);
    if (!checked.ok) {
      setErrors([checked.error]);
      markField(form, checked.field, checked.error);
      return;
    }
    setErrors([]);
    try {
      const saved = await update.mutateAsync(checked.data as SekolahUpdateBody);
      let text = saved.message;
      if (logo) {
        const up = await upload.mutateAsync(logo);
        text = `${saved.message}. ${up.message}`;
      }
      message.success(text);
      onSaved();
    } catch (err) {
      setErrors(saveErrors(err, modal));
    }
  };

  const busy = update.isPending || upload.isPending;
  return (
    <Form form={form} onValuesChange={clearMarks(form)} layout="vertical" initialValues={initialOf(sekolah)} onFinish={save} data-testid="sekolah-form">
      <FormErrors errors={errors} />
      <Row gutter={16}>
        <Col xs={24} md={8} lg={6}>
          <Form.Item label="NPSN">
            <Input value={sekolah.npsn} readOnly variant="filled" aria-label="NPSN" />
          </Form.Item>
        </Col>
        <Col xs={24} md={16} lg={10}>
          <Form.Item label="Nama Sekolah" name="nama_sekolah" required={req('nama_sekolah')}>
            <Input maxLength={200} />
          </Form.Item>
        </Col>
        <Col xs={12} md={12} lg={4}>
          <Form.Item label="Bentuk Pendidikan" name="bentuk_pendidikan" required={req('bentuk_pendidikan')}>
            <Select loading={bp.isPending} options={(bp.data ?? []).map((b) => ({ value: b.nama, label: b.nama }))} />
          </Form.Item>
        </Col>
        <Col xs={12} md={12} lg={4}>
          <Form.Item label="Status" name="status" required={req('status')}>
            <Select options={STATUS_SEKOLAH.map((s) => ({ value: s, label: s }))} />
          </Form.Item>
        </Col>
        <Col xs={24} lg={16}>
          <Form.Item label="Alamat" name="alamat" required={req('alamat')}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        </Col>
        <Col xs={12} lg={4}>
          <Form.Item label="RT/RW" name="rtrw" required={req('rtrw')}>
            <Input placeholder="002/001" maxLength={20} />
          </Form.Item>
        </Col>
        <Col xs={12} lg={4}>
          <Form.Item label="Kode Pos" name="kode_pos" required={req('kode_pos')} getValueFromEvent={digitsOnly}>
            <Input inputMode="numeric" maxLength={5} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8} lg={6}>
          <Form.Item label="Telepon" name="telpon" required={req('telpon')} getValueFromEvent={digitsOnly}>
            <Input inputMode="numeric" maxLength={15} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8} lg={6}>
          <Form.Item label="Fax" name="fax" required={req('fax')} getValueFromEvent={digitsOnly}>
            <Input inputMode="numeric" maxLength={15} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8} lg={6}>
          <Form.Item label="Email" name="email" required={req('email')}>
            <Input type="email" maxLength={200} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} lg={6}>
          <Form.Item label="Website" name="web" required={req('web')}>
            <Input placeholder="https://…" maxLength={200} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} lg={6}>
          <Form.Item label="Jumlah Siswa (rombel)" name="rombel" required={req('rombel')}>
            <AngkaInput bulat suffix="Orang/Jiwa" />
          </Form.Item>
        </Col>
        <Col xs={24} lg={18}>
          <Form.Item label="Fasilitas" name="fasilitas" required={req('fasilitas')}>
            <Select
              mode="multiple"
              allowClear
              loading={fasilitas.isPending}
              placeholder="Pilih fasilitas"
              showSearch={{ optionFilterProp: 'label' }}
              options={(fasilitas.data ?? []).map((f) => ({ value: f.id, label: f.fasilitas }))}
            />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start">Wilayah</Divider>
      <RegionPicker stored={sekolah} storedCode={sekolah.kode_wilayah} onChange={setKodeWilayah} />

      <Divider titlePlacement="start">Lokasi</Divider>
      <Typography.Paragraph type="secondary">Klik peta untuk menentukan titik lokasi sekolah, atau isi lintang dan bujur.</Typography.Paragraph>
      <Row gutter={16}>
        <Col xs={12} md={6}>
          <Form.Item label="Lintang (lat)" name="lat" required={req('lat')}>
            <AngkaInput koordinat />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item label="Bujur (long)" name="long" required={req('long')}>
            <AngkaInput koordinat />
          </Form.Item>
        </Col>
      </Row>
      <LocationPicker lat={lat} long={long} bentukPendidikan={bentuk} onPick={(la, lo) => form.setFieldsValue({ lat: la, long: lo })} />

      <Divider titlePlacement="start">Logo</Divider>
      <Space align="start" size="large" wrap>
        <Avatar shape="square" size={72} src={sekolah.link_logo ?? undefined} icon={<BankOutlined />} alt="Logo sekolah" />
        <div>
          <ImagePicker file={logo} onChange={setLogo} label="Pilih Logo" testId="logo-pick" />
          <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>JPEG/PNG/WebP, maksimal 5 MB; disimpan ≤ 300 KB.</Typography.Text>
        </div>
      </Space>

      <Divider />
      <Space>
        <Button onClick={onCancel} disabled={busy}>Batal</Button>
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={busy}>Simpan</Button>
      </Space>
    </Form>
  );
}
