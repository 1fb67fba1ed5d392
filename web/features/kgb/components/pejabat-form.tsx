import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert, App, Button, Col, Form, Input, Row, type UploadFile } from 'antd';
import { UploadOutlined, UserAddOutlined } from '@ant-design/icons';
import { BSRE_MSG, KGB_MSG, PASSPHRASE_MIN_LENGTH } from '#contract/kgb.ts';
import { requiredText, useSaveRefusal } from '../../../lib/use-form-problems.ts';
import { PlainRadioGroup } from '../../../components/lazy-free-ui.tsx';
import { FieldCol } from '../../../components/forms/field-col.tsx';
import { RefusalForm } from '../../../components/forms/form-frames.tsx';
import { useCreatePejabat } from '../api/kgb.ts';
import { useAppConfig } from '../../../lib/app-config.ts';

interface Values {
  nama: string;
  nip: string;
  jabatan: string;
  pangkat?: string;
  nik?: string;
  sumber: 'buat' | 'unggah';
  passphrase: string;
  konfirmasi_passphrase?: string;
}

// The file picker (antd Upload) shows only when the official brings a .p12: it downloads right
// after the form is drawn; until then the same button stands in its place.
const loadP12Upload = () => import('./p12-upload.tsx');
const P12Upload = lazy(() => loadP12Upload().then((m) => ({ default: m.P12Upload })));

const FIELDS: readonly string[] = [
  'nama',
  'nip',
  'jabatan',
  'pangkat',
  'nik',
  'passphrase',
  'konfirmasi_passphrase',
] satisfies (keyof Values)[];
/** The form's field a server key belongs to (the .p12 file's message is shown at its picker). */
const fieldOf = (key: string) => (FIELDS.includes(key) ? key : null);

/**
 * Registers a signing official: either the server creates a key pair and certificate protected by
 * the passphrase the official chooses, or an existing PKCS#12 (.p12) is uploaded with its
 * passphrase. The passphrase fields are emptied after every attempt.
 */
export function PejabatForm() {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const create = useCreatePejabat();
  const [file, setFile] = useState<UploadFile | null>(null);
  const refusal = useSaveRefusal(form, fieldOf);
  const [p12Error, setP12Error] = useState<string | null>(null);
  const sumber = Form.useWatch('sumber', form) ?? 'buat';
  // Through BSrE an official is registered by NIK: BSrE holds the key and the passphrase.
  const bsre = useAppConfig().data?.penandatangan === 'bsre';
  useEffect(() => {
    void loadP12Upload();
  }, []);

  const submit = async (v: Values) => {
    refusal.clear();
    setP12Error(null);
    if (!bsre && v.sumber === 'unggah' && !file?.originFileObj) {
      setP12Error('Berkas PKCS#12 tidak boleh Kosong');
      return;
    }
    const fd = new FormData();
    fd.append('nama', v.nama.trim());
    fd.append('nip', v.nip.trim());
    fd.append('jabatan', v.jabatan.trim());
    if (v.pangkat?.trim()) fd.append('pangkat', v.pangkat.trim());
    if (v.nik?.trim()) fd.append('nik', v.nik.trim());
    if (!bsre) {
      fd.append('passphrase', v.passphrase);
      if (v.sumber === 'buat') fd.append('konfirmasi_passphrase', v.konfirmasi_passphrase ?? '');
      else if (file?.originFileObj) fd.append('p12', file.originFileObj, file.name);
    }
    await refusal.save(
      async () => {
        const r = await create.mutateAsync(fd);
        message.success(r.message);
        form.resetFields();
        setFile(null);
      },
      (errors) => {
        form.setFieldsValue({ passphrase: '', konfirmasi_passphrase: '' });
        if (errors.p12) setP12Error(errors.p12);
        return Boolean(errors.p12);
      },
    );
  };

  return (
    <RefusalForm<Values>
      form={form}
      refusal={refusal.error}
      refusalTestId="pejabat-form-error"
      initialValues={{ sumber: 'buat' }}
      onFinish={submit}
      onFinishFailed={() => {
        if (sumber === 'unggah' && !file) setP12Error('Berkas PKCS#12 tidak boleh Kosong');
      }}
      data-testid="pejabat-form"
      autoComplete="off"
      submit={{
        label: 'Daftarkan pejabat',
        icon: <UserAddOutlined />,
        busy: create.isPending,
        testId: 'pejabat-submit',
      }}
    >
      <Row gutter={16}>
        <FieldCol
          md={12}
          name="nama"
          label="Nama lengkap dengan gelar"
          rules={requiredText('Nama pejabat tidak boleh Kosong')}
        >
          <Input maxLength={150} />
        </FieldCol>
        <FieldCol
          md={12}
          name="nip"
          label="NIP"
          rules={[
            { required: true, message: 'NIP pejabat tidak boleh Kosong' },
            { pattern: /^\d{18}$/, message: 'NIP harus 18 digit angka' },
          ]}
        >
          <Input maxLength={18} inputMode="numeric" />
        </FieldCol>
        <FieldCol md={12} name="jabatan" label="Jabatan" rules={requiredText('Jabatan tidak boleh Kosong')}>
          <Input maxLength={150} placeholder="Kepala Dinas Pendidikan" />
        </FieldCol>
        <FieldCol md={12} name="pangkat" label="Pangkat / golongan">
          <Input maxLength={100} placeholder="Pembina Utama Muda (IV/c)" />
        </FieldCol>
        <FieldCol
          md={12}
          name="nik"
          label="NIK"
          rules={[
            ...(bsre ? [{ required: true, message: BSRE_MSG.nikRequired }] : []),
            { pattern: /^\d{16}$/, message: 'NIK harus 16 digit angka' },
          ]}
          extra={
            bsre
              ? 'NIK yang terdaftar di BSrE (sesuai KTP). Tidak ditampilkan lagi setelah disimpan.'
              : 'Diperlukan bila kelak memakai layanan tanda tangan BSrE.'
          }
        >
          <Input maxLength={16} inputMode="numeric" data-testid="pejabat-nik" />
        </FieldCol>
        {bsre ? (
          <Col xs={24}>
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              data-testid="pejabat-bsre-info"
              title="Tanda tangan melalui BSrE"
              description="Kunci dan passphrase pejabat dikelola BSrE. Status sertifikatnya tampil di daftar pejabat setelah disimpan."
            />
          </Col>
        ) : (
          <>
            <FieldCol md={12} name="sumber" label="Kunci tanda tangan">
              <PlainRadioGroup
                testId="pejabat-sumber"
                options={[
                  { value: 'buat', label: 'Buat kunci dan sertifikat baru' },
                  { value: 'unggah', label: 'Unggah berkas PKCS#12 (.p12)' },
                ]}
                onChange={() => {
                  form.setFieldsValue({ passphrase: '', konfirmasi_passphrase: '' });
                  setP12Error(null);
                }}
              />
            </FieldCol>
            {sumber === 'unggah' && (
              <FieldCol
                label="Berkas PKCS#12"
                required
                validateStatus={p12Error ? 'error' : undefined}
                help={p12Error ?? undefined}
              >
                <Suspense fallback={<Button icon={<UploadOutlined />}>Pilih berkas .p12</Button>}>
                  <P12Upload
                    file={file}
                    onChange={(f) => {
                      setFile(f);
                      setP12Error(null);
                    }}
                  />
                </Suspense>
              </FieldCol>
            )}
            <FieldCol
              md={12}
              name="passphrase"
              label={sumber === 'buat' ? 'Passphrase baru' : 'Passphrase berkas .p12'}
              rules={[
                { required: true, message: 'Passphrase tidak boleh Kosong' },
                ...(sumber === 'buat' ? [{ min: PASSPHRASE_MIN_LENGTH, message: KGB_MSG.passphraseShort }] : []),
              ]}
              extra={
                sumber === 'buat'
                  ? `Minimal ${PASSPHRASE_MIN_LENGTH} karakter. Hanya pejabat yang mengetahuinya; sistem tidak menyimpannya.`
                  : undefined
              }
            >
              <Input.Password autoComplete="new-password" />
            </FieldCol>
            {sumber === 'buat' && (
              <FieldCol
                md={12}
                name="konfirmasi_passphrase"
                label="Ulangi passphrase"
                dependencies={['passphrase']}
                rules={[
                  { required: true, message: 'Konfirmasi passphrase tidak boleh Kosong' },
                  ({ getFieldValue }) => ({
                    validator: (_r, value) =>
                      !value || value === getFieldValue('passphrase')
                        ? Promise.resolve()
                        : Promise.reject(new Error(KGB_MSG.passphraseMismatch)),
                  }),
                ]}
              >
                <Input.Password autoComplete="new-password" />
              </FieldCol>
            )}
          </>
        )}
      </Row>
    </RefusalForm>
  );
}
