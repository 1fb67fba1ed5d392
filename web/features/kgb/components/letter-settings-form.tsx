import { useEffect } from 'react';
import { Alert, App, Form, Input, Row, Select, Skeleton } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { failureText } from '../../../components/ui/form-errors.tsx';
import { FieldCol } from '../../../components/forms/field-col.tsx';
import { RefusalForm } from '../../../components/forms/form-frames.tsx';
import { requiredText as required, useSaveRefusal } from '../../../lib/use-form-problems.ts';
import type { LetterSettings } from '#contract/kgb.ts';

// Kept here, not in the contract: the screens that read contract/kgb.ts would carry it too.
const LETTER_TEMPLATES: { value: LetterSettings['template']; label: string }[] = [
  { value: 'pemberitahuan', label: 'Surat Pemberitahuan KGB' },
  { value: 'keputusan', label: 'Keputusan (SK) KGB' },
];
import { useLetterSettings, useSaveLetterSettings } from '../api/kgb.ts';

type Values = Omit<LetterSettings, 'tembusan'> & { tembusan: string };

const KEYS: readonly string[] = [
  'template',
  'sifat',
  'formatNomor',
  'kepada',
  'pembuka',
  'dasar',
  'penutup',
  'tembusan',
] satisfies (keyof LetterSettings)[];
/** The field a server key belongs to ('tembusan.2': the copies' field). */
const fieldOf = (key: string) => {
  const field = key.split('.')[0]!;
  return KEYS.includes(field) ? field : null;
};

/** The office settings printed on every new letter (GET/PUT api/pengaturan/kgb). */
export function LetterSettingsForm() {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const settings = useLetterSettings();
  const save = useSaveLetterSettings();
  const refusal = useSaveRefusal(form, fieldOf);

  useEffect(() => {
    if (settings.data) form.setFieldsValue({ ...settings.data, tembusan: settings.data.tembusan.join('\n') });
  }, [settings.data, form]);

  if (settings.isPending) return <Skeleton active />;
  if (settings.isError) return <Alert type="error" showIcon title={failureText(settings.error)} />;

  const submit = async (v: Values) => {
    const body: LetterSettings = {
      ...v,
      tembusan: v.tembusan
        .split('\n')
        .map((t) => t.trim())
        .filter(Boolean),
    };
    await refusal.save(async () => {
      const r = await save.mutateAsync(body);
      message.success(r.message);
    });
  };

  return (
    <RefusalForm<Values>
      form={form}
      refusal={refusal.error}
      onFinish={submit}
      data-testid="pengaturan-form"
      submit={{ label: 'Simpan pengaturan', icon: <SaveOutlined />, busy: save.isPending, testId: 'pengaturan-submit' }}
    >
      <Row gutter={16}>
        <FieldCol
          md={16}
          name="template"
          label="Bentuk surat"
          extra="Kop, alamat, tempat dan atas nama diambil dari Profil Kantor."
          rules={[{ required: true, message: 'Bentuk surat tidak boleh Kosong' }]}
        >
          <Select options={LETTER_TEMPLATES} data-testid="pengaturan-template" aria-label="Bentuk surat" />
        </FieldCol>
        <FieldCol md={8} name="sifat" label="Sifat" rules={required('Sifat surat tidak boleh Kosong')}>
          <Input maxLength={30} />
        </FieldCol>
        <FieldCol
          md={12}
          name="formatNomor"
          label="Format nomor surat"
          extra="{nomor} nomor urut, {bulan} bulan dalam angka Romawi, {tahun} tahun."
          rules={[
            ...required('Format nomor tidak boleh Kosong'),
            {
              validator: (_r, v: string | undefined) =>
                !v || v.includes('{nomor}')
                  ? Promise.resolve()
                  : Promise.reject(new Error('Format nomor harus memuat {nomor}')),
            },
          ]}
        >
          <Input maxLength={80} />
        </FieldCol>
        <FieldCol md={12} name="kepada" label="Kepada" rules={required('Tujuan surat tidak boleh Kosong')}>
          <Input maxLength={200} />
        </FieldCol>
        <FieldCol name="pembuka" label="Kalimat pembuka" rules={required('Kalimat pembuka tidak boleh Kosong')}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
        </FieldCol>
        <FieldCol name="dasar" label="Kalimat dasar" rules={required('Kalimat dasar tidak boleh Kosong')}>
          <Input.TextArea maxLength={300} autoSize={{ minRows: 1, maxRows: 3 }} />
        </FieldCol>
        <FieldCol name="penutup" label="Kalimat penutup" rules={required('Kalimat penutup tidak boleh Kosong')}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
        </FieldCol>
        <FieldCol
          name="tembusan"
          label="Tembusan (satu per baris, maksimal 8)"
          rules={[
            {
              validator: (_r, v: string | undefined) =>
                (v ?? '').split('\n').filter((t) => t.trim()).length <= 8
                  ? Promise.resolve()
                  : Promise.reject(new Error('Tembusan maksimal 8')),
            },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} />
        </FieldCol>
      </Row>
    </RefusalForm>
  );
}
