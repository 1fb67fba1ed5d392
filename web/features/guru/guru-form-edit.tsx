import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { App, Button, Card, Col, Form, Input, Row, Select, Space, Typography } from 'antd';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { Guru, GuruUpdateBody } from '#contract/guru.ts';
import {
  GURU_BODY_FIELDS,
  GURU_UPDATE_REQUIRED,
  guruSection,
  type GuruField,
  type GuruFieldType,
} from '#contract/guru-fields.ts';
import { ASN_MSG, isAsn, labelNomorInduk, NOMOR_INDUK_HINT, skalaGaji, STATUS_PNS } from '#contract/asn.ts';
import { FILE_MSG, IMAGE_ACCEPT, IMAGE_MAX_UPLOAD_BYTES } from '#contract/files.ts';
import { ApiError } from '../../lib/api-client.ts';
import { familyOf, guruPaths } from '../../app/paths.ts';
import { useGuru, useGuruFoto, useUpdateGuru } from './api/guru.ts';
import { failureText, FormErrors } from '../../components/ui/form-errors.tsx';
import { CancelSaveButtons } from '../../components/forms/form-frames.tsx';
import { clearProblems, problemsOfSave, showProblems } from '../../lib/form-problems.ts';
import { clearMarks } from '../../lib/mark-field.ts';
import { GolonganSelect, MasterSelect, SekolahSelect } from './components/master-select.tsx';
import { DateInput, toDayjs, toYmd } from '../../components/date-input.tsx';
import { yearFirstOf } from '../../components/year-first.ts';
import { RegionPicker } from '../../components/ui/region-picker.tsx';
import { FOTO_LABEL } from '../../components/ui/image-picker.tsx';
import './guru.css';
import { AngkaInput } from '../../components/ui/angka-input.tsx';
import { shrinkImage } from '../../lib/shrink-image.ts';
import { AuthedImage } from '../../components/ui/authed-image.tsx';

type Values = Record<string, unknown>;

// The edit form's fields and their kinds, from the field catalogue (contract/guru-fields.ts).
const NUMBER_TYPES: readonly GuruFieldType[] = ['int', 'rupiah', 'sekolah'];
const FORM_FIELDS = GURU_BODY_FIELDS.filter((f) => f.type !== 'wilayah');
const isNumber = (f: GuruField) => NUMBER_TYPES.includes(f.type) || f.master?.by === 'id';
const NUMBER_FIELDS = FORM_FIELDS.filter(isNumber).map((f) => f.name as keyof Guru);
const DATE_FIELDS = FORM_FIELDS.filter((f) => f.type === 'date').map((f) => f.name as keyof Guru);
const TEXT_FIELDS = FORM_FIELDS.filter((f) => !isNumber(f) && f.type !== 'date').map((f) => f.name as keyof Guru);

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
  for (const k of NUMBER_FIELDS)
    body[k] = typeof v[k] === 'number' || (typeof v[k] === 'string' && v[k] !== '') ? v[k] : null;
  for (const k of DATE_FIELDS) body[k] = toYmd(v[k]) || null;
  if (!isAsn(body.status_guru as string | null)) body.golongan = null;
  body.kode_wilayah = kodeWilayah;
  // The version the form was filled from: the server refuses (409) when the teacher changed since.
  body.versi = versi;
  return body as GuruUpdateBody;
}

// Golongan, salary, MKG and last KGB follow the verified decrees of the record (the server
// refuses other values): shown here, changed in the Kepangkatan and Riwayat KGB tabs.
const FROM_RECORD = 'Dari riwayat SK terverifikasi; ubah di tab Kepangkatan atau Riwayat KGB';

/** `onChanged` gets the teacher's new versi: the photo change is this user's own change. */
function PhotoCard({ guru, onChanged }: { guru: Guru; onChanged: (versi: number) => void }) {
  const { message, modal } = App.useApp();
  const change = useGuruFoto(guru.id);
  return (
    <Card title="Foto" size="small" style={{ marginBottom: 16 }}>
      <div className="guru-photo-edit">
        {guru.link_foto ? (
          <AuthedImage
            src={guru.link_foto}
            alt={`Foto ${guru.nama}`}
            data-testid="guru-foto-current"
            placeholder={
              <div className="guru-photo-empty">
                <UserOutlined />
              </div>
            }
          />
        ) : (
          <div className="guru-photo-empty">
            <UserOutlined />
          </div>
        )}
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
              // A phone photo over the limit is shrunk in the browser rather than refused.
              const ready = f.size > IMAGE_MAX_UPLOAD_BYTES ? await shrinkImage(f) : f;
              if (!ready) return void message.error(FILE_MSG.imageTooLarge);
              try {
                const r = await change.mutateAsync(ready);
                onChanged(r.data.versi);
                message.success(r.message);
              } catch (err) {
                modal.error({ title: 'Gagal mengganti foto', content: failureText(err), okText: 'OK' });
              }
            }}
          />
          <Button
            icon={<UploadOutlined />}
            loading={change.isPending}
            onClick={() => document.getElementById('guru-foto-input')?.click()}
          >
            Ganti Foto
          </Button>
        </Space>
      </div>
    </Card>
  );
}

/** The keyboard a phone opens for a field: digits for numbers, the phone pad, the e-mail keyboard. */
function inputModeOf(f: GuruField): 'numeric' | 'tel' | 'email' | undefined {
  if (f.type === 'digits' || f.name === 'nip') return 'numeric';
  if (f.name === 'no_hp') return 'tel';
  if (f.type === 'email') return 'email';
  return undefined;
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
    clearProblems(form);
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
      // Every refusal of the server at its field with the field's label, the cursor in the first.
      const p = problemsOfSave(err);
      if (Object.keys(p.fields).length) setErrors(showProblems(form, p.fields).list);
      else {
        setErrors(p.general);
        window.scrollTo({ top: 0, behavior: 'smooth' });
      }
    }
  };

  // Required marks from the contract's list (a test keeps it equal to the schema); NIP and
  // golongan for PNS, CPNS and PPPK.
  const req = (name: string) =>
    (GURU_UPDATE_REQUIRED as readonly string[]).includes(name) || ((name === 'nip' || name === 'golongan') && asn);
  /** One field of the catalogue as its widget; the number's label and hint follow the status. */
  const field = (f: GuruField) => {
    const fromRecord = !!f.fromRecord && asn;
    let label = f.label;
    let extra = fromRecord ? FROM_RECORD : f.hint;
    let widget: React.ReactNode;
    switch (f.type) {
      case 'sekolah':
        widget = <SekolahSelect aria-label={label} />;
        break;
      case 'golongan':
        extra = asn ? FROM_RECORD : ASN_MSG.golonganNotAsn;
        widget = <GolonganSelect jenisGuru={status} disabled aria-label={label} />;
        break;
      case 'master':
        widget = (
          <MasterSelect
            endpoint={f.master!.endpoint}
            by={f.master!.by}
            aria-label={label}
            onChange={
              f.name === 'status_guru'
                ? (v: string) => skalaGaji(v) !== skalaGaji(status) && form.setFieldValue('golongan', undefined)
                : undefined
            }
          />
        );
        break;
      case 'enum':
        widget = (
          <Select
            allowClear
            placeholder="Pilih"
            aria-label={label}
            options={f.values!.map((v) => ({ value: v, label: v }))}
          />
        );
        break;
      case 'date':
        widget = <DateInput maxDate={dayjs()} aria-label={label} disabled={fromRecord} {...yearFirstOf(f.name)} />;
        break;
      case 'int':
      case 'rupiah':
        widget = (
          <AngkaInput bulat disabled={fromRecord} aria-label={label} prefix={f.type === 'rupiah' ? 'Rp' : undefined} />
        );
        break;
      case 'textarea':
        return (
          <Form.Item key={f.name} label={label} name={f.name}>
            <Input.TextArea maxLength={f.max} rows={2} aria-label={label} />
          </Form.Item>
        );
      default:
        if (f.name === 'nip') {
          label = labelNomorInduk(status);
          extra = NOMOR_INDUK_HINT(status);
        }
        // A phone opens the keyboard the field needs (digits, a phone number, an address).
        widget = <Input maxLength={f.max} autoComplete="off" aria-label={label} inputMode={inputModeOf(f)} />;
    }
    return (
      <Col key={f.name} xs={24} md={12} lg={8}>
        <Form.Item label={label} name={f.name} extra={extra} required={req(f.name)}>
          {widget}
        </Form.Item>
      </Col>
    );
  };

  return (
    <>
      <FormErrors errors={errors} />
      <PhotoCard guru={guru} onChanged={setVersi} />
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={submit}
        onValuesChange={clearMarks(form)}
        data-testid="guru-edit-form"
      >
        <Card title="Identitas" size="small" style={{ marginBottom: 16 }}>
          <Row gutter={16}>{guruSection('identitas').map(field)}</Row>
        </Card>
        <Card title="Kepegawaian" size="small" style={{ marginBottom: 16 }}>
          <Row gutter={16}>{guruSection('kepegawaian').map(field)}</Row>
        </Card>
        <Card title="Alamat" size="small">
          {guruSection('alamat').map((f) =>
            f.type === 'wilayah' ? (
              <RegionPicker key={f.name} stored={guru} storedCode={guru.kode_wilayah} onChange={setKode} />
            ) : (
              field(f)
            ),
          )}
        </Card>
        <div className="guru-form-actions">
          <CancelSaveButtons onCancel={() => navigate(guruPaths.list(family))} busy={update.isPending} />
        </div>
      </Form>
    </>
  );
}
