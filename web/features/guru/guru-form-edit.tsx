import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { App, Button, Card, Col, Form, Input, Row, Select, Space, Typography } from 'antd';
import { SaveOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { Guru, GuruUpdateBody } from '#contract/guru.ts';
import { GURU_UPDATE_REQUIRED, SERTIFIKASI, STATUS_NIKAH } from '#contract/guru-values.ts';
import { JENIS_KELAMIN } from '#contract/nip.ts';
import { ASN_MSG, isAsn, labelNomorInduk, NOMOR_INDUK_HINT, skalaGaji, STATUS_PNS } from '#contract/asn.ts';
import { FILE_MSG, IMAGE_ACCEPT, IMAGE_MAX_UPLOAD_BYTES } from '#contract/files.ts';
import { ApiError } from '../../lib/api-client.ts';
import { familyOf } from '../../app/paths.ts';
import { useGuru, useGuruFoto, useUpdateGuru } from './api/guru.ts';
import { guruPaths } from './paths.ts';
import { failureText, FormErrors, saveErrorsOf } from '../../components/ui/form-errors.tsx';
import { GolonganSelect, MasterSelect, SekolahSelect } from './components/master-select.tsx';
import { DateInput, toDayjs, toYmd } from './components/date-input.tsx';
import { RegionPicker } from '../../components/ui/region-picker.tsx';
import { FOTO_LABEL } from '../../components/ui/image-picker.tsx';
import './guru.css';
import { AngkaInput } from '../../components/ui/angka-input.tsx';

type Values = Record<string, unknown>;

const TEXT_FIELDS = [
  'nama', 'nip', 'jenis_kelamin', 'golongan', 'gelar_depan', 'gelar_belakang', 'tempat_lahir', 'nik', 'nuptk', 'status_nikah', 'goldar',
  'no_hp', 'email', 'instagram', 'hobi', 'status_guru', 'pendidikan_terakhir', 'sertifikasi', 'mapel_1', 'mapel_2', 'no_karpeg', 'alamat_domisili',
] as const;
const NUMBER_FIELDS = ['id_jabatan', 'sekolah_id', 'gaji_pokok', 'gaji_pokok_lama', 'mkg_tahun', 'mkg_bulan'] as const;
const DATE_FIELDS = ['tgl_lahir', 'tgl_kgb_terakhir'] as const;

/** The form's starting values from the stored teacher. */
function initialOf(g: Guru): Values {
  const v: Values = {};
  for (const k of TEXT_FIELDS) v[k] = g[k] ?? undefined;
  for (const k of NUMBER_FIELDS) v[k] = g[k] ?? undefined;
  for (const k of DATE_FIELDS) v[k] = toDayjs(g[k]);
  v.id_jabatan = g.id_jabatan ?? g.detailjabatan?.id ?? undefined;
  return v;
}

/** The PUT body: every field of guruUpdateBody, empty values as null. */
function bodyOf(v: Values, kodeWilayah: string | null, versi: number): GuruUpdateBody {
  const body: Record<string, unknown> = {};
  for (const k of TEXT_FIELDS) {
    const t = typeof v[k] === 'string' ? (v[k] as string).trim() : v[k];
    body[k] = t === '' || t === undefined ? null : t;
  }
  // Text a number field could not read goes as it is: the server names the field (never dropped to empty).
  for (const k of NUMBER_FIELDS) body[k] = typeof v[k] === 'number' || (typeof v[k] === 'string' && v[k] !== '') ? v[k] : null;
  for (const k of DATE_FIELDS) body[k] = toYmd(v[k]) || null;
  if (!isAsn(body.status_guru as string | null)) body.golongan = null;
  body.kode_wilayah = kodeWilayah;
  // The version the form was filled from: the server refuses (409) when the teacher changed since.
  body.versi = versi;
  return body as GuruUpdateBody;
}

// Golongan, salary, MKG and last KGB follow the verified decrees of the record (issue 22; the server
// refuses other values): shown here, changed in the Kepangkatan and Riwayat KGB tabs.
const FROM_RECORD = 'Dari riwayat SK terverifikasi; ubah di tab Kepangkatan atau Riwayat KGB';

/** `onChanged` gets the teacher's new versi: the photo change is this user's own change. */
function PhotoCard({ guru, onChanged }: { guru: Guru; onChanged: (versi: number) => void }) {
  const { message, modal } = App.useApp();
  const change = useGuruFoto(guru.id);
  return (
    <Card title="Foto" size="small" style={{ marginBottom: 16 }}>
      <div className="guru-photo-edit">
        {guru.link_foto ? <img src={guru.link_foto} alt={`Foto ${guru.nama}`} data-testid="guru-foto-current" /> : <div className="guru-photo-empty"><UserOutlined /></div>}
        <Space orientation="vertical">
          <Typography.Text type="secondary">{FOTO_LABEL}</Typography.Text>
          <input
            type="file"
            accept={IMAGE_ACCEPT}
            hidden
            id="guru-foto-input"
            data-testid="guru-foto-input"
            onChange={async (e) => {
              const f = e.target.files?.[0];
              e.target.value = '';
              if (!f) return;
              if (!IMAGE_ACCEPT.split(',').includes(f.type)) return void message.error(FILE_MSG.imageType);
              if (f.size > IMAGE_MAX_UPLOAD_BYTES) return void message.error(FILE_MSG.imageTooLarge);
              try {
                const r = await change.mutateAsync(f);
                onChanged(r.data.versi);
                message.success(r.message);
              } catch (err) {
                modal.error({ title: 'Gagal mengganti foto', content: failureText(err), okText: 'OK' });
              }
            }}
          />
          <Button icon={<UploadOutlined />} loading={change.isPending} onClick={() => document.getElementById('guru-foto-input')?.click()}>Ganti Foto</Button>
        </Space>
      </div>
    </Card>
  );
}

/** The teacher edit form (SPEC §2): photo card, identity, career and address cards. */
export function EditForm({ guru }: { guru: Guru }) {
  const family = familyOf(useLocation().pathname) ?? 'admin-side';
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [versi, setVersi] = useState(guru.versi);
  const initial = useMemo(() => initialOf(guru), [guru]);
  const reloadGuru = useGuru(guru.id).refetch;
  const status = (Form.useWatch('status_guru', form) as string | undefined) ?? guru.status_guru ?? STATUS_PNS;
  const [kode, setKode] = useState<string | null>(guru.kode_wilayah);
  const [errors, setErrors] = useState<string[]>([]);
  const update = useUpdateGuru(guru.id);
  const asn = isAsn(status);

  const submit = async (values: Values) => {
    setErrors([]);
    try {
      const r = await update.mutateAsync(bodyOf(values, kode, versi));
      message.success(r.message);
      navigate(guruPaths.detail(family, guru.id));
    } catch (err) {
      if (err instanceof ApiError && err.code === 'guru.changed') {
        // Someone else saved this teacher (or a KGB was signed) since the form was opened: show
        // the stored data again rather than overwrite it.
        modal.warning({
          title: 'Data guru sudah berubah',
          content: err.message,
          okText: 'Muat ulang data',
          onOk: async () => {
            const fresh = (await reloadGuru()).data;
            if (!fresh) return;
            setVersi(fresh.versi);
            setKode(fresh.kode_wilayah);
            form.setFieldsValue(initialOf(fresh));
          },
        });
        return;
      }
      setErrors(saveErrorsOf(err));
      window.scrollTo({ top: 0, behavior: 'smooth' });
    }
  };

  // Required marks from the contract's list (a test keeps it equal to the schema); NIP and
  // golongan for PNS, CPNS and PPPK below.
  const req = (name: string) => (GURU_UPDATE_REQUIRED as readonly string[]).includes(name) || (name === 'nip' && asn);
  const text = (name: string, label: string, max: number, extra?: string) => (
    <Col xs={24} md={12} lg={8}>
      <Form.Item label={label} name={name} extra={extra} required={req(name)}>
        <Input maxLength={max} autoComplete="off" aria-label={label} />
      </Form.Item>
    </Col>
  );
  const select = (name: string, label: string, values: readonly string[]) => (
    <Col xs={24} md={12} lg={8}>
      <Form.Item label={label} name={name} required={req(name)}>
        <Select allowClear placeholder="Pilih" aria-label={label} options={values.map((v) => ({ value: v, label: v }))} />
      </Form.Item>
    </Col>
  );
  const master = (name: string, label: string, endpoint: string, by: 'id' | 'name' = 'name') => (
    <Col xs={24} md={12} lg={8}>
      <Form.Item label={label} name={name} required={req(name)}>
        <MasterSelect endpoint={endpoint} by={by} aria-label={label} />
      </Form.Item>
    </Col>
  );
  const number = (name: string, label: string, min: number, max: number, money = false, fromRecord = false) => (
    <Col xs={24} md={12} lg={8}>
      <Form.Item label={label} name={name} extra={fromRecord ? FROM_RECORD : undefined} required={req(name)}>
        <AngkaInput bulat disabled={fromRecord} aria-label={label} prefix={money ? 'Rp' : undefined} />
      </Form.Item>
    </Col>
  );
  const date = (name: string, label: string, fromRecord = false) => (
    <Col xs={24} md={12} lg={8}>
      <Form.Item label={label} name={name} extra={fromRecord ? FROM_RECORD : undefined} required={req(name)}>
        <DateInput maxDate={dayjs()} aria-label={label} disabled={fromRecord} />
      </Form.Item>
    </Col>
  );

  return (
    <>
      <FormErrors errors={errors} />
      <PhotoCard guru={guru} onChanged={setVersi} />
      <Form<Values> form={form} layout="vertical" initialValues={initial} onFinish={submit} data-testid="guru-edit-form">
        <Card title="Identitas" size="small" style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            {text('gelar_depan', 'Gelar Depan', 30)}
            {text('nama', 'Nama', 150)}
            {text('gelar_belakang', 'Gelar Belakang', 50)}
            {text('nip', labelNomorInduk(status), 18, NOMOR_INDUK_HINT(status))}
            {text('nik', 'NIK', 16, '16 digit, sesuai KTP')}
            {text('nuptk', 'NUPTK', 16)}
            {select('jenis_kelamin', 'Jenis Kelamin', JENIS_KELAMIN)}
            {text('tempat_lahir', 'Tempat Lahir', 100)}
            {date('tgl_lahir', 'Tanggal Lahir')}
            {select('status_nikah', 'Status Nikah', STATUS_NIKAH)}
            {master('goldar', 'Golongan Darah', 'golongandarah')}
            {text('no_hp', 'Nomor HP', 15, 'Contoh: 081234567890')}
            {text('email', 'Email', 200)}
            {text('instagram', 'Instagram', 60)}
            {text('hobi', 'Hobi', 200)}
          </Row>
        </Card>
        <Card title="Kepegawaian" size="small" style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            <Col xs={24} md={12} lg={8}>
              <Form.Item label="Sekolah" name="sekolah_id" required={req('sekolah_id')}>
                <SekolahSelect aria-label="Sekolah" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} lg={8}>
              <Form.Item label="Jenis Guru" name="status_guru">
                <MasterSelect endpoint="jenisguru" by="name" aria-label="Jenis Guru" onChange={(v: string) => skalaGaji(v) !== skalaGaji(status) && form.setFieldValue('golongan', undefined)} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} lg={8}>
              <Form.Item label="Golongan" name="golongan" extra={asn ? FROM_RECORD : ASN_MSG.golonganNotAsn} required={asn}>
                <GolonganSelect jenisGuru={status} disabled aria-label="Golongan" />
              </Form.Item>
            </Col>
            {master('id_jabatan', 'Jabatan', 'jabatanguru', 'id')}
            {master('pendidikan_terakhir', 'Pendidikan Terakhir', 'pendidikanterakhir')}
            {select('sertifikasi', 'Sertifikasi', SERTIFIKASI)}
            {master('mapel_1', 'Mata Pelajaran 1', 'mapel')}
            {master('mapel_2', 'Mata Pelajaran 2', 'mapel')}
            {text('no_karpeg', 'Nomor Karpeg', 30)}
            {number('gaji_pokok', 'Gaji Pokok', 0, 100_000_000, true, asn)}
            {number('gaji_pokok_lama', 'Gaji Pokok Lama', 0, 100_000_000, true)}
            {date('tgl_kgb_terakhir', 'Tanggal KGB Terakhir (TMT)', asn)}
            {number('mkg_tahun', 'MKG Tahun', 0, 45, false, asn)}
            {number('mkg_bulan', 'MKG Bulan', 0, 11, false, asn)}
          </Row>
        </Card>
        <Card title="Alamat" size="small">
          <Form.Item label="Alamat Domisili" name="alamat_domisili">
            <Input.TextArea maxLength={500} rows={2} aria-label="Alamat Domisili" />
          </Form.Item>
          <RegionPicker stored={guru} storedCode={guru.kode_wilayah} onChange={setKode} />
        </Card>
        <div className="guru-form-actions">
          <Button onClick={() => navigate(guruPaths.list(family))}>Batal</Button>
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={update.isPending}>Simpan</Button>
        </div>
      </Form>
    </>
  );
}
