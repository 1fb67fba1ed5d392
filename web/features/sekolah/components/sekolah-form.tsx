import { useState } from 'react';
import { Alert, App, Avatar, Col, Divider, Form, Input, Row, Select, Space, Typography, type ColProps } from 'antd';
import { BankOutlined } from '@ant-design/icons';
import { sekolahUpdateBody, type Sekolah, type SekolahUpdateBody } from '#contract/sekolah.ts';
import { SEKOLAH_FIELDS, sekolahSection, type SekolahField, type SekolahFieldName } from '#contract/sekolah-fields.ts';
import { useMasterBp } from '../api/master-bp.ts';
import { useFasilitas } from '../api/fasilitas.ts';
import { useUpdateSekolah } from '../api/sekolah-update.ts';
import { useUploadLogo } from '../api/sekolah-logo.ts';
import { ProblemsForm } from '../../../components/forms/form-frames.tsx';
import { CancelSaveButtons } from '../../../components/forms/form-frames.tsx';
import { useFormProblems } from '../../../lib/use-form-problems.ts';
import { RegionPicker } from '../../../components/ui/region-picker.tsx';
import { LocationPicker } from './school-map-lazy.tsx';
import { ImagePicker } from '../../../components/ui/image-picker.tsx';
import { AngkaInput } from '../../../components/ui/angka-input.tsx';

type Values = Record<string, unknown>;
type ColSize = Pick<ColProps, 'xs' | 'md' | 'lg'>;

// The form's fields, kinds, labels, limits and required marks come from the field catalogue
// (contract/sekolah-fields.ts); the widths of its columns are the screen's.
const COLS: Record<Exclude<SekolahFieldName, 'kode_wilayah'>, ColSize> = {
  npsn: { xs: 24, md: 8, lg: 6 },
  nama_sekolah: { xs: 24, md: 16, lg: 10 },
  bentuk_pendidikan: { xs: 12, md: 12, lg: 4 },
  status: { xs: 12, md: 12, lg: 4 },
  alamat: { xs: 24, lg: 16 },
  rtrw: { xs: 12, lg: 4 },
  kode_pos: { xs: 12, lg: 4 },
  telpon: { xs: 12, md: 8, lg: 6 },
  fax: { xs: 12, md: 8, lg: 6 },
  email: { xs: 24, md: 8, lg: 6 },
  web: { xs: 24, md: 12, lg: 6 },
  rombel: { xs: 24, md: 12, lg: 6 },
  fasilitas: { xs: 24, lg: 18 },
  lat: { xs: 12, md: 6 },
  long: { xs: 12, md: 6 },
};
const FIELDS: readonly SekolahField[] = SEKOLAH_FIELDS;
/** The fields held in the form's store (the region picker keeps its own code). */
const FORM_FIELDS = FIELDS.filter((f) => f.type !== 'npsn' && f.type !== 'wilayah');

const initialOf = (s: Sekolah): Values => ({
  ...Object.fromEntries(FORM_FIELDS.map((f) => [f.name, s[f.name as keyof Sekolah]])),
  fasilitas: s.fasilitas.map((f) => f.id),
});

/** The PUT body in the catalogue's order: required text as '' when empty (the check names it), the rest as null. */
function bodyOf(v: Values, npsn: string, kodeWilayah: string | null): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of FIELDS) {
    if (f.type === 'npsn') body[f.name] = npsn;
    else if (f.type === 'wilayah') body[f.name] = kodeWilayah;
    else if (f.type === 'fasilitas') body[f.name] = v[f.name] ?? [];
    else body[f.name] = v[f.name] ?? (f.required ? '' : null);
  }
  return body;
}

const digitsOnly = (e: React.ChangeEvent<HTMLInputElement>) => e.target.value.replace(/\D/g, '');

/**
 * The school identity form (PUT api/sekolah/{npsn}), used by the admin edit page and by the
 * identity tab of the school detail for both roles. NPSN cannot be changed.
 */
export function SekolahForm({
  sekolah,
  onSaved,
  onCancel,
}: {
  sekolah: Sekolah;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [kodeWilayah, setKodeWilayah] = useState<string | null>(sekolah.kode_wilayah);
  const [logo, setLogo] = useState<File | null>(null);
  // The region picker keeps its own code: its problem is shown at it, not in the form's store.
  const problems = useFormProblems(form, { outside: ['kode_wilayah'] });
  const bp = useMasterBp();
  const fasilitas = useFasilitas();
  const update = useUpdateSekolah(sekolah.npsn);
  const upload = useUploadLogo(sekolah.npsn);
  const lat = (Form.useWatch('lat', form) as number | null | undefined) ?? null;
  const long = (Form.useWatch('long', form) as number | null | undefined) ?? null;
  const bentuk = (Form.useWatch('bentuk_pendidikan', form) as string | undefined) ?? sekolah.bentuk_pendidikan;

  const save = async () => {
    const body = bodyOf(form.getFieldsValue(true) as Values, sekolah.npsn, kodeWilayah);
    // Every problem at its field with the field's label, the cursor in the first (web/lib/form-problems.ts).
    await problems.save(sekolahUpdateBody, body, async (checked) => {
      const saved = await update.mutateAsync(checked as SekolahUpdateBody);
      let text = saved.message;
      if (logo) {
        const up = await upload.mutateAsync(logo);
        text = `${saved.message}. ${up.message}`;
      }
      message.success(text);
      onSaved();
    });
  };

  const busy = update.isPending || upload.isPending;
  /** One field of the catalogue as its widget, in its column. */
  const field = (f: SekolahField) => {
    let widget: React.ReactNode;
    let fromEvent: ((e: React.ChangeEvent<HTMLInputElement>) => string) | undefined;
    switch (f.type) {
      case 'npsn':
        // Given when the school was added; shown, never sent changed.
        return (
          <Col key={f.name} {...COLS.npsn}>
            <Form.Item label={f.label}>
              <Input value={sekolah.npsn} readOnly variant="filled" aria-label={f.label} />
            </Form.Item>
          </Col>
        );
      case 'enum':
        widget = f.master ? (
          <Select loading={bp.isPending} options={(bp.data ?? []).map((b) => ({ value: b.nama, label: b.nama }))} />
        ) : (
          <Select options={f.values!.map((v) => ({ value: v, label: v }))} />
        );
        break;
      case 'textarea':
        widget = <Input.TextArea rows={2} maxLength={f.max} />;
        break;
      case 'digits':
        fromEvent = digitsOnly;
        widget = <Input inputMode="numeric" maxLength={f.max} />;
        break;
      case 'email':
        widget = <Input type="email" maxLength={f.max} />;
        break;
      case 'int':
        widget = <AngkaInput bulat suffix={f.unit} />;
        break;
      case 'coord':
        widget = <AngkaInput koordinat />;
        break;
      case 'fasilitas':
        widget = (
          <Select
            mode="multiple"
            allowClear
            loading={fasilitas.isPending}
            placeholder={f.placeholder}
            showSearch={{ optionFilterProp: 'label' }}
            options={(fasilitas.data ?? []).map((x) => ({ value: x.id, label: x.fasilitas }))}
          />
        );
        break;
      default:
        widget = <Input placeholder={f.placeholder} maxLength={f.max} />;
    }
    return (
      <Col key={f.name} {...COLS[f.name as keyof typeof COLS]}>
        <Form.Item label={f.label} name={f.name} required={!!f.required} getValueFromEvent={fromEvent}>
          {widget}
        </Form.Item>
      </Col>
    );
  };
  return (
    <ProblemsForm
      form={form}
      errors={problems.errors}
      initialValues={initialOf(sekolah)}
      onFinish={save}
      data-testid="sekolah-form"
    >
      <Row gutter={16}>{sekolahSection('identitas').map(field)}</Row>

      <Divider titlePlacement="start">Wilayah</Divider>
      <span data-field="kode_wilayah" tabIndex={-1} role="group" aria-label="Wilayah" />
      <RegionPicker
        stored={sekolah}
        storedCode={sekolah.kode_wilayah}
        onChange={(kode) => {
          setKodeWilayah(kode);
          problems.clearOutside('kode_wilayah');
        }}
      />
      {problems.outsideProblems.kode_wilayah && (
        <Alert
          type="error"
          showIcon
          title={problems.outsideProblems.kode_wilayah}
          style={{ marginTop: 8 }}
          data-testid="wilayah-problem"
        />
      )}

      <Divider titlePlacement="start">Lokasi</Divider>
      <Typography.Paragraph type="secondary">
        Klik peta untuk menentukan titik lokasi sekolah, atau isi lintang dan bujur.
      </Typography.Paragraph>
      <Row gutter={16}>{sekolahSection('lokasi').map(field)}</Row>
      <LocationPicker
        lat={lat}
        long={long}
        bentukPendidikan={bentuk}
        onPick={(la, lo) => form.setFieldsValue({ lat: la, long: lo })}
      />

      <Divider titlePlacement="start">Logo</Divider>
      <Space align="start" size="large" wrap>
        <Avatar
          shape="square"
          size={72}
          src={sekolah.link_logo ?? undefined}
          icon={<BankOutlined />}
          alt="Logo sekolah"
        />
        <div>
          <ImagePicker file={logo} onChange={setLogo} label="Pilih Logo" testId="logo-pick" />
          <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
            JPEG/PNG/WebP, maksimal 5 MB; disimpan ≤ 300 KB.
          </Typography.Text>
        </div>
      </Space>

      <Divider />
      <Space>
        <CancelSaveButtons onCancel={onCancel} busy={busy} holdCancel />
      </Space>
    </ProblemsForm>
  );
}
