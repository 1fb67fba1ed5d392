import { useState } from 'react';
import { App, Button, Col, Form, Input, Modal, Row, Select, Typography, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import {
  checkRecord,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MSG,
  RECORD_KIND,
  type RecordField,
  type RecordKind,
  type RecordRow,
} from '#contract/riwayat.ts';
import { MSG } from '#contract/messages.ts';
import { FormErrors } from '../../components/ui/form-errors.tsx';
import { DateInput, toDayjs, toYmd } from '../../components/date-input.tsx';
import { yearFirstOf } from '../../components/year-first.ts';
import { useRecords, useSaveRecord } from './api/riwayat.ts';
import { useGuru } from '../guru/index.ts';
import { GolonganSelect, masterOptions, useMaster } from '../guru/index-forms.ts';
import { AngkaInput } from '../../components/ui/angka-input.tsx';
import { clearMarks } from '../../lib/mark-field.ts';
import { clearProblems, onlyOf, problemsOfSave, showProblems, type Problems } from '../../lib/form-problems.ts';

type Values = Record<string, unknown>;

function MasterFieldSelect({
  field,
  ...rest
}: {
  field: RecordField;
  value?: unknown;
  onChange?: (v: unknown) => void;
}) {
  const q = useMaster(field.master!.endpoint);
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      placeholder="Pilih"
      aria-label={field.label}
      {...rest}
      loading={q.isFetching}
      options={masterOptions(q.data, field.master!.labelField)}
      notFoundContent={q.isError ? MSG.checkConnection : MSG.emptyValue}
    />
  );
}

/** A select over the teacher's own rows of another kind (keahlian → pendidikan, diklat). */
function RecordFieldSelect({
  field,
  guruId,
  ...rest
}: {
  field: RecordField;
  guruId: number;
  value?: unknown;
  onChange?: (v: unknown) => void;
}) {
  const kind = RECORD_KIND[field.record!.kind];
  const q = useRecords(kind, guruId);
  // A label that is a master field of the other kind shows that field's name (a diklat's name, not its id).
  const rel = kind.fields.find((f) => f.name === field.record!.labelField)?.relation;
  const labelOf = (r: Record<string, unknown>) =>
    rel ? (r[rel.as] as Record<string, unknown> | null)?.[rel.labelField] : r[field.record!.labelField];
  const options = (q.data?.data ?? []).map((r) => ({ value: r.id, label: String(labelOf(r) ?? `#${r.id}`) }));
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      placeholder={`Pilih dari ${kind.title}`}
      aria-label={field.label}
      {...rest}
      loading={q.isFetching}
      options={options}
      notFoundContent={q.isError ? MSG.checkConnection : `Belum ada data ${kind.title}`}
    />
  );
}

function PdfPicker({
  field,
  file,
  onChange,
  hasStored,
}: {
  field: RecordField;
  file: File | null;
  onChange: (f: File | null) => void;
  hasStored: boolean;
}) {
  const { message } = App.useApp();
  const fileList: UploadFile[] = file
    ? [{ uid: 'chosen', name: file.name, status: 'done', originFileObj: file as UploadFile['originFileObj'] }]
    : [];
  return (
    <>
      <Upload
        accept="application/pdf"
        maxCount={1}
        fileList={fileList}
        beforeUpload={(f) => {
          if (f.type !== 'application/pdf' && !f.name.toLowerCase().endsWith('.pdf')) {
            message.error(DOCUMENT_MSG.type);
            return Upload.LIST_IGNORE;
          }
          if (f.size > DOCUMENT_MAX_BYTES) {
            message.error(DOCUMENT_MSG.tooLarge);
            return Upload.LIST_IGNORE;
          }
          onChange(f);
          return false;
        }}
        onRemove={() => onChange(null)}
      >
        <Button icon={<UploadOutlined />} data-testid={`record-file-${field.name}`}>
          Pilih file PDF
        </Button>
      </Upload>
      {hasStored && !file && (
        <Typography.Text type="secondary">File tersimpan tetap dipakai jika tidak memilih file baru.</Typography.Text>
      )}
    </>
  );
}

/**
 * The input of one field, by its type (contract/riwayat.ts RecordFieldType). Called as a function
 * so that Form.Item gives value and onChange straight to the input.
 */
/** The golongan of the teacher's status: golongan ruang for PNS and CPNS, I-XVII for PPPK. */
function GolonganFieldSelect({
  guruId,
  ...rest
}: {
  guruId: number;
  'aria-label': string;
  value?: unknown;
  onChange?: (v: unknown) => void;
}) {
  const status = useGuru(guruId).data?.status_guru;
  return <GolonganSelect jenisGuru={status} {...rest} />;
}

function fieldInput({ field, guruId }: { field: RecordField; guruId: number }) {
  switch (field.type) {
    case 'text':
      return <Input maxLength={field.max} autoComplete="off" aria-label={field.label} />;
    case 'date':
      // A TMT is always the 1st of a month: another day typed stays in the field and the check
      // says why ("… harus tanggal 1"), rather than the calendar refusing it silently.
      return <DateInput aria-label={field.label} {...yearFirstOf(field.name)} />;
    case 'int':
      return <AngkaInput bulat aria-label={field.label} />;
    case 'decimal':
      return <AngkaInput aria-label={field.label} />;
    case 'enum':
      return (
        <Select
          allowClear
          placeholder="Pilih"
          aria-label={field.label}
          options={field.values?.map((v) => ({ value: v.value, label: v.label }))}
        />
      );
    case 'master':
      return <MasterFieldSelect field={field} />;
    case 'record':
      return <RecordFieldSelect field={field} guruId={guruId} />;
    case 'golongan':
      return <GolonganFieldSelect guruId={guruId} aria-label={field.label} />;
    default:
      return null;
  }
}

/** The form's starting values: the row's fields, dates as Dayjs. */
function initialOf(kind: RecordKind, row: RecordRow | null): Values {
  const v: Values = {};
  if (!row) return v;
  for (const f of kind.fields) {
    if (f.type === 'file') continue;
    v[f.name] = f.type === 'date' ? toDayjs(row[f.name]) : (row[f.name] ?? undefined);
  }
  return v;
}

/**
 * Add/edit modal of one record kind, generated from kind.fields. Before sending, checkRecord()
 * runs and only the first message shows (SPEC §5); server refusals show in the same list.
 */
export function RecordFormModal({
  kind,
  guruId,
  row,
  open,
  onClose,
  afterClose,
}: {
  kind: RecordKind;
  guruId: number;
  row: RecordRow | null;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [files, setFiles] = useState<Record<string, File | null>>({});
  const [errors, setErrors] = useState<string[]>([]);
  const [fileProblems, setFileProblems] = useState<Problems>({});
  const save = useSaveRecord(kind, guruId);
  const editing = row !== null;
  const fileFields = kind.fields.filter((f) => f.type === 'file').map((f) => f.name);

  const submit = async () => {
    const raw = form.getFieldsValue(true) as Values;
    const input: Values = {};
    for (const f of kind.fields) {
      if (f.type === 'file') continue;
      const v = raw[f.name];
      input[f.name] = f.type === 'date' ? toYmd(v) : v === undefined || v === null ? '' : v;
    }
    // On update the stored file stays when no new one is chosen.
    const check = checkRecord(kind, input, (name) => editing || !!files[name]);
    clearProblems(form);
    if (Object.keys(check.errors).length) {
      // Every problem at its field, the cursor in the first (web/lib/form-problems.ts).
      const shown = showProblems(form, check.errors, { outside: fileFields });
      setErrors(shown.list);
      setFileProblems(onlyOf(shown.byField, fileFields));
      return;
    }
    setErrors([]);
    setFileProblems({});
    let body: FormData | Record<string, unknown>;
    if (kind.multipart) {
      const fd = new FormData();
      fd.append('guru_id', String(guruId));
      for (const [k, v] of Object.entries(check.values)) fd.append(k, v === null ? '' : String(v));
      for (const f of kind.fields) {
        const file = files[f.name];
        if (f.type === 'file' && file) fd.append(f.name, file);
      }
      body = fd;
    } else {
      body = { guru_id: guruId, ...check.values };
    }
    try {
      const r = await save.mutateAsync({ id: row?.id ?? null, body });
      message.success(r.message);
      onClose();
    } catch (err) {
      const p = problemsOfSave(err);
      const shown = showProblems(form, p.fields, { outside: fileFields });
      setErrors(Object.keys(p.fields).length ? shown.list : p.general);
      setFileProblems(onlyOf(shown.byField, fileFields));
    }
  };

  return (
    <Modal
      open={open}
      title={`${editing ? 'Edit' : 'Tambah'} ${kind.title}`}
      okText="Simpan"
      cancelText="Batal"
      confirmLoading={save.isPending}
      onOk={submit}
      onCancel={onClose}
      afterClose={afterClose}
      destroyOnHidden
      width={760}
      mask={{ closable: false }}
      data-testid="record-modal"
      rootClassName="record-modal"
    >
      <FormErrors errors={errors} testId="record-errors" />
      <Form<Values>
        form={form}
        onValuesChange={clearMarks(form)}
        layout="vertical"
        initialValues={initialOf(kind, row)}
        onFinish={submit}
      >
        <Row gutter={16}>
          {kind.fields.map((f) => (
            <Col xs={24} md={12} key={f.name}>
              {f.type === 'file' ? (
                <Form.Item
                  label={f.label}
                  required={!!f.required && !editing}
                  validateStatus={fileProblems[f.name] ? 'error' : undefined}
                  help={fileProblems[f.name]}
                >
                  <span data-field={f.name} tabIndex={-1} />
                  <PdfPicker
                    field={f}
                    file={files[f.name] ?? null}
                    hasStored={editing && !!row?.[f.name]}
                    onChange={(file) => {
                      setFiles((s) => ({ ...s, [f.name]: file }));
                      setFileProblems(({ [f.name]: _gone, ...rest }) => rest);
                    }}
                  />
                </Form.Item>
              ) : (
                <Form.Item
                  label={f.required ? f.label : `${f.label} (opsional)`}
                  name={f.name}
                  required={!!f.required}
                  extra={f.firstOfMonth ? 'TMT selalu tanggal 1' : undefined}
                >
                  {fieldInput({ field: f, guruId })}
                </Form.Item>
              )}
            </Col>
          ))}
        </Row>
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
  );
}
