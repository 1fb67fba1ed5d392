import { useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Col, Form, Input, Row, Select, Skeleton, Space, Typography } from 'antd';
import { DeleteOutlined, SaveOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  kepalaDaerahOf,
  TINGKAT_LABEL,
  ZONA_WAKTU,
  type ProfilKantor,
  type TingkatKantor,
} from '#contract/kantor-values.ts';
import { failureText } from '../../components/ui/form-errors.tsx';
import { FieldCol } from '../../components/forms/field-col.tsx';
import { RefusalForm } from '../../components/forms/form-frames.tsx';
import { requiredText as required, useSaveRefusal } from '../../lib/use-form-problems.ts';
import { fetchImage } from '../../lib/documents.ts';
import { kantorKeys, useProfilKantor, useSaveKantor } from './api/kantor.ts';

type Values = Omit<ProfilKantor, 'ada_logo'>;

/** The profile's text fields in their order: `empty`, the message when a required one is left empty. */
const TEXT_FIELDS: {
  name: keyof Values;
  label: string;
  md: number;
  maxLength: number;
  inputMode?: 'tel' | 'email' | 'url';
  extra?: string;
  empty?: string;
}[] = [
  {
    name: 'wilayah',
    label: 'Wilayah',
    md: 12,
    maxLength: 100,
    extra: 'Misalnya Kota Ternate, Kabupaten Halmahera Barat, Provinsi Maluku Utara.',
    empty: 'Wilayah tidak boleh Kosong',
  },
  { name: 'nama_instansi', label: 'Nama instansi', md: 12, maxLength: 100, empty: 'Nama instansi tidak boleh Kosong' },
  {
    name: 'kepala_daerah',
    label: 'Atas nama (a.n.)',
    md: 12,
    maxLength: 100,
    extra: 'Kepala daerah yang diwakili penandatangan surat.',
    empty: 'Kepala daerah (atas nama) tidak boleh Kosong',
  },
  { name: 'alamat', label: 'Alamat kantor', md: 16, maxLength: 200, empty: 'Alamat kantor tidak boleh Kosong' },
  {
    name: 'kota',
    label: 'Tempat penandatanganan',
    md: 8,
    maxLength: 60,
    empty: 'Tempat penandatanganan tidak boleh Kosong',
  },
  { name: 'telepon', label: 'Telepon', md: 8, maxLength: 40, inputMode: 'tel' },
  { name: 'email', label: 'Pos-el', md: 8, maxLength: 100, inputMode: 'email' },
  { name: 'laman', label: 'Laman', md: 8, maxLength: 100, inputMode: 'url' },
];

/**
 * The office profile: letterhead, contacts, logo, the authority letters are signed on
 * behalf of, and the office's time zone. Every new letter and nominative list follows it.
 */
export function ProfilKantorForm() {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const profil = useProfilKantor();
  const save = useSaveKantor();
  const refusal = useSaveRefusal(form);
  const logo = useQuery({
    queryKey: kantorKeys.logo,
    queryFn: () => fetchImage('/api/pengaturan/kantor/logo'),
    enabled: Boolean(profil.data?.ada_logo),
  });
  const [logoUrl, setLogoUrl] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  // Whether the authority was written by hand (then the region no longer fills it in).
  const ownAuthority = useRef(false);

  useEffect(() => {
    if (!profil.data) return;
    form.setFieldsValue(profil.data);
    ownAuthority.current = profil.data.kepala_daerah !== kepalaDaerahOf(profil.data.tingkat, profil.data.wilayah);
  }, [profil.data, form]);
  useEffect(() => {
    if (!logo.data || !profil.data?.ada_logo) return setLogoUrl(null);
    const url = URL.createObjectURL(logo.data);
    setLogoUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [logo.data, profil.data?.ada_logo]);

  if (profil.isPending) return <Skeleton active />;
  if (profil.isError) return <Alert type="error" showIcon title={failureText(profil.error)} />;

  const submit = (v: Values) =>
    refusal.save(async () => {
      const r = await save.profil.mutateAsync(v);
      message.success(r.message);
    });
  // The authority follows the region while the administrator has not written their own.
  const onChange = (changed: Partial<Values>, all: Values) => {
    // A server's message on a field goes once the field is changed.
    form.setFields(Object.keys(changed).map((name) => ({ name: name as keyof Values, errors: [] })));
    if ('kepala_daerah' in changed) {
      ownAuthority.current = true;
      return;
    }
    if (('tingkat' in changed || 'wilayah' in changed) && !ownAuthority.current && all.wilayah)
      form.setFieldValue('kepala_daerah', kepalaDaerahOf(all.tingkat, all.wilayah));
  };
  const upload = async (file: File | null) => {
    try {
      const r = await save.logo.mutateAsync(file);
      message.success(r.message);
    } catch (err) {
      message.error(failureText(err));
    }
  };

  return (
    <RefusalForm<Values>
      form={form}
      refusal={refusal.error}
      onFinish={submit}
      onValuesChange={onChange}
      data-testid="kantor-form"
      submit={{
        label: 'Simpan profil kantor',
        icon: <SaveOutlined />,
        busy: save.profil.isPending,
        testId: 'kantor-submit',
        style: { marginTop: 16 },
      }}
    >
      <Row gutter={16}>
        <FieldCol
          md={12}
          name="tingkat"
          label="Tingkat kantor"
          rules={[{ required: true, message: 'Tingkat kantor tidak boleh Kosong' }]}
        >
          <Select
            aria-label="Tingkat kantor"
            options={(Object.keys(TINGKAT_LABEL) as TingkatKantor[]).map((v) => ({
              value: v,
              label: TINGKAT_LABEL[v],
            }))}
          />
        </FieldCol>
        {TEXT_FIELDS.map(({ name, label, md, maxLength, inputMode, extra, empty }) => (
          <FieldCol
            key={name}
            md={md}
            name={name}
            label={label}
            extra={extra}
            rules={empty ? required(empty) : undefined}
          >
            <Input maxLength={maxLength} inputMode={inputMode} />
          </FieldCol>
        ))}
        <FieldCol
          md={12}
          name="zona_waktu"
          label="Zona waktu kantor"
          extra="Menentukan tanggal hari ini, tanggal surat dan jam tanda tangan."
          rules={[{ required: true, message: 'Zona waktu tidak boleh Kosong' }]}
        >
          <Select aria-label="Zona waktu kantor" options={ZONA_WAKTU} />
        </FieldCol>
        <Col xs={24} md={12}>
          <Typography.Text strong>Logo daerah</Typography.Text>
          <Space align="center" wrap style={{ display: 'flex', marginTop: 8 }}>
            {logoUrl ? (
              <img src={logoUrl} alt="Logo kantor" className="kantor-logo" data-testid="kantor-logo" />
            ) : (
              <Typography.Text type="secondary">Belum ada logo</Typography.Text>
            )}
            <input
              ref={fileInput}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              style={{ display: 'none' }}
              aria-label="Berkas logo"
              data-testid="kantor-logo-input"
              onChange={(e) => {
                const f = e.target.files?.[0];
                e.target.value = '';
                if (f) void upload(f);
              }}
            />
            <Button icon={<UploadOutlined />} loading={save.logo.isPending} onClick={() => fileInput.current?.click()}>
              Unggah logo
            </Button>
            {profil.data.ada_logo && (
              <Button
                icon={<DeleteOutlined />}
                danger
                onClick={() => void upload(null)}
                data-testid="kantor-logo-hapus"
              >
                Hapus logo
              </Button>
            )}
          </Space>
        </Col>
      </Row>
    </RefusalForm>
  );
}
