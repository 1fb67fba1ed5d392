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
import { requiredText as required, useSaveRefusal } from '../../lib/use-form-problems.ts';
import { fetchImage } from '../../lib/documents.ts';
import { kantorKeys, useProfilKantor, useSaveKantor } from './api/kantor.ts';

type Values = Omit<ProfilKantor, 'ada_logo'>;

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
    <Form<Values>
      form={form}
      layout="vertical"
      onFinish={submit}
      scrollToFirstError={{ focus: true, block: 'center' }}
      onValuesChange={onChange}
      data-testid="kantor-form"
    >
      {refusal.error && <Alert type="error" showIcon role="alert" title={refusal.error} style={{ marginBottom: 16 }} />}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
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
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="wilayah"
            label="Wilayah"
            extra="Misalnya Kota Ternate, Kabupaten Halmahera Barat, Provinsi Maluku Utara."
            rules={required('Wilayah tidak boleh Kosong')}
          >
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="nama_instansi" label="Nama instansi" rules={required('Nama instansi tidak boleh Kosong')}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="kepala_daerah"
            label="Atas nama (a.n.)"
            extra="Kepala daerah yang diwakili penandatangan surat."
            rules={required('Kepala daerah (atas nama) tidak boleh Kosong')}
          >
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item name="alamat" label="Alamat kantor" rules={required('Alamat kantor tidak boleh Kosong')}>
            <Input maxLength={200} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="kota"
            label="Tempat penandatanganan"
            rules={required('Tempat penandatanganan tidak boleh Kosong')}
          >
            <Input maxLength={60} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="telepon" label="Telepon">
            <Input maxLength={40} inputMode="tel" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="email" label="Pos-el">
            <Input maxLength={100} inputMode="email" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="laman" label="Laman">
            <Input maxLength={100} inputMode="url" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="zona_waktu"
            label="Zona waktu kantor"
            extra="Menentukan tanggal hari ini, tanggal surat dan jam tanda tangan."
            rules={[{ required: true, message: 'Zona waktu tidak boleh Kosong' }]}
          >
            <Select aria-label="Zona waktu kantor" options={ZONA_WAKTU} />
          </Form.Item>
        </Col>
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
      <Button
        type="primary"
        htmlType="submit"
        icon={<SaveOutlined />}
        loading={save.profil.isPending}
        data-testid="kantor-submit"
        style={{ marginTop: 16 }}
      >
        Simpan profil kantor
      </Button>
    </Form>
  );
}
