import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { App, Button, Form, Input, Row, Select } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { JENIS_KELAMIN, nipProblem } from '#contract/nip.ts';
import { ASN_MSG, isAsn, labelNomorInduk, NOMOR_INDUK_HINT, skalaGaji, STATUS_PNS } from '#contract/asn.ts';
import { MSG } from '#contract/messages.ts';
import { GURU_CREATE_REQUIRED } from '#contract/guru-fields.ts';
import { familyOf, guruPaths } from '../../app/paths.ts';
import { useCreateGuru } from './api/guru.ts';
import { FormErrors } from '../../components/ui/form-errors.tsx';
import { FieldCol } from '../../components/forms/field-col.tsx';
import {
  clearProblems,
  isOffline,
  problemsOfSave,
  unsentMessage,
  showProblems,
  type Problems,
} from '../../lib/form-problems.ts';
import { clearMarks } from '../../lib/mark-field.ts';
import { FOTO_LABEL, LazyImagePicker } from '../../components/lazy-image-picker.tsx';
import { PlainCard, PlainTitle } from '../../components/lazy-free-ui.tsx';
import { GolonganSelect, MasterSelect, SekolahSelect } from './components/master-select.tsx';
import { LazyDateInput } from '../../components/lazy-date-input.tsx';
import { toYmd } from '../../components/date-values.ts';
import { yearFirstOf } from '../../components/year-first.ts';
import './guru.css';

// The contract's check (zod and the schemas of guru.ts, about 25 kB gzip) is only needed on save:
// it downloads after the form is drawn. The server checks every field again anyway.
/** The required marks (the contract's list; a test keeps it equal to the schema). */
const req = (name: string) => (GURU_CREATE_REQUIRED as readonly string[]).includes(name);

const loadCheck = () => import('#contract/guru.ts').then((m) => m.checkGuruCreate);

interface AddValues {
  nama?: string;
  tgl_lahir?: unknown;
  nip?: string;
  jenis_kelamin?: string;
  status_guru?: string;
  golongan?: string;
  id_jabatan?: number;
  sekolah_id?: number;
}

/**
 * SPEC §2 add teacher (administrators): the required fields of SPEC §5 plus the teacher type.
 * Every problem of the check shows at once at its field (the list above keeps them in screen
 * order); server refusals (422) are shown the same way.
 */
export function GuruAddPage() {
  const family = familyOf(useLocation().pathname) ?? 'admin-side';
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<AddValues>();
  const status = Form.useWatch('status_guru', form) ?? STATUS_PNS;
  const [foto, setFoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [fotoProblem, setFotoProblem] = useState<string | undefined>();
  const create = useCreateGuru();
  const asn = isAsn(status);
  useEffect(() => void loadCheck().catch(() => {}), []);

  const submit = async () => {
    const v = form.getFieldsValue();
    const input: Record<string, unknown> = {
      nama: v.nama ?? '',
      tgl_lahir: toYmd(v.tgl_lahir),
      nip: v.nip ?? '',
      jenis_kelamin: v.jenis_kelamin ?? '',
      golongan: asn ? (v.golongan ?? '') : '',
      id_jabatan: v.id_jabatan ?? '',
      sekolah_id: v.sekolah_id ?? '',
      status_guru: v.status_guru ?? STATUS_PNS,
    };
    let checkGuruCreate;
    try {
      checkGuruCreate = await loadCheck();
    } catch {
      setErrors([isOffline(null) ? unsentMessage() : MSG.checkConnection]);
      return;
    }
    clearProblems(form);
    // Every problem at once, each at its field, the cursor in the first (web/lib/form-problems.ts).
    const check = checkGuruCreate(input, !!foto);
    const problems: Problems = { ...check.errors };
    const nip = String(input.nip).trim();
    if (nip && !problems.nip && !problems.tgl_lahir && !problems.jenis_kelamin) {
      const problem = nipProblem(nip, String(input.tgl_lahir), String(input.jenis_kelamin));
      if (problem) problems.nip = problem;
    }
    if (Object.keys(problems).length || !check.values) {
      show(Object.keys(problems).length ? problems : { nama: 'Data yang dikirim tidak valid' });
      return;
    }
    setErrors([]);
    setFotoProblem(undefined);
    const body = new FormData();
    for (const [k, val] of Object.entries(input)) {
      const text = String(val ?? '').trim();
      if (text !== '') body.append(k, text);
    }
    body.append('foto', foto!);
    try {
      const r = await create.mutateAsync(body);
      message.success(r.message);
      navigate(guruPaths.detail(family, r.data.id));
    } catch (err) {
      const p = problemsOfSave(err);
      if (Object.keys(p.fields).length) show(p.fields);
      else setErrors(p.general);
    }
  };
  const show = (problems: Problems) => {
    const shown = showProblems(form, problems, { outside: ['foto'] });
    setErrors(shown.list);
    setFotoProblem(shown.byField.foto);
  };

  return (
    <>
      <PlainTitle level={1} className="page-title">
        Tambah Guru
      </PlainTitle>
      <PlainCard large>
        <FormErrors errors={errors} />
        <Form<AddValues>
          form={form}
          layout="vertical"
          initialValues={{ status_guru: STATUS_PNS }}
          onFinish={submit}
          data-testid="guru-add-form"
          onValuesChange={clearMarks(form)}
        >
          <Row gutter={16}>
            <FieldCol md={12} label="Nama (tanpa gelar)" name="nama" required={req('nama')}>
              <Input maxLength={150} autoComplete="off" />
            </FieldCol>
            <FieldCol md={12} label="Tanggal Lahir" name="tgl_lahir" required={req('tgl_lahir')}>
              <LazyDateInput maxDate={dayjs()} aria-label="Tanggal Lahir" {...yearFirstOf('tgl_lahir')} />
            </FieldCol>
            <FieldCol md={12} label="Jenis Kelamin" name="jenis_kelamin" required={req('jenis_kelamin')}>
              <Select
                placeholder="Pilih"
                options={JENIS_KELAMIN.map((v) => ({ value: v, label: v }))}
                aria-label="Jenis Kelamin"
              />
            </FieldCol>
            <FieldCol md={12} label="Jenis Guru" name="status_guru">
              <MasterSelect
                endpoint="jenisguru"
                by="name"
                allowClear={false}
                aria-label="Jenis Guru"
                onChange={(v: string) => {
                  if (skalaGaji(v) !== skalaGaji(status)) form.setFieldValue('golongan', undefined);
                }}
              />
            </FieldCol>
            <FieldCol
              md={12}
              label={labelNomorInduk(status)}
              name="nip"
              extra={NOMOR_INDUK_HINT(status)}
              required={asn}
            >
              <Input maxLength={18} inputMode="numeric" autoComplete="off" aria-label={labelNomorInduk(status)} />
            </FieldCol>
            <FieldCol
              md={12}
              label="Golongan"
              name="golongan"
              extra={asn ? undefined : ASN_MSG.golonganNotAsn}
              required={asn}
            >
              <GolonganSelect jenisGuru={status} disabled={!asn} aria-label="Golongan" />
            </FieldCol>
            <FieldCol md={12} label="Jabatan" name="id_jabatan" required={req('id_jabatan')}>
              <MasterSelect endpoint="jabatanguru" aria-label="Jabatan" />
            </FieldCol>
            <FieldCol md={12} label="Sekolah" name="sekolah_id" required={req('sekolah_id')}>
              <SekolahSelect aria-label="Sekolah" />
            </FieldCol>
            <FieldCol
              label={FOTO_LABEL}
              required={req('foto')}
              validateStatus={fotoProblem ? 'error' : undefined}
              help={fotoProblem}
            >
              <span data-field="foto" tabIndex={-1} />
              <LazyImagePicker
                file={foto}
                onChange={(f) => {
                  setFoto(f);
                  setFotoProblem(undefined);
                }}
                label="Pilih foto"
                testId="guru-foto"
              />
            </FieldCol>
          </Row>
          <div className="guru-form-actions">
            <Button onClick={() => navigate(guruPaths.list(family))}>Batal</Button>
            <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={create.isPending}>
              Simpan
            </Button>
          </div>
        </Form>
      </PlainCard>
    </>
  );
}
