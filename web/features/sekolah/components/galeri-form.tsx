import { useState } from 'react';
import { Col, Form, Image, Input, Select, Space, Spin } from 'antd';
import { JENIS_GALERI } from '#contract/master-values.ts';
import { GALERI_FOTO_EMPTY, galeriFields, type Galeri } from '#contract/sarpras.ts';
import { failureText } from '../../../lib/form-helpers.ts';
import { ImagePicker } from '../../../components/ui/image-picker.tsx';
import { GALERI, usePropertyRow } from '../api/property.ts';
import { contractField, PropertyFormCard, usePropertyForm } from './property-form.tsx';

/** The form's fields, required as the contract says. */
const Field = contractField(galeriFields);

export const FOTO_LABEL = 'Foto (JPEG/PNG/WebP, maksimal 5 MB; disimpan ≤ 300 KB)';

interface Values {
  nama?: string;
  jenis?: string;
  desk?: string;
  ket?: string;
}

/** Add (POST api/galeri) or edit (POST api/galeri/{id}?_method=put) a gallery photo; the edit loads GET api/galeri/{id}. */
export function GaleriForm({ npsn, id, onDone }: { npsn: string; id?: number; onDone: () => void }) {
  const current = usePropertyRow(GALERI, id ?? null);
  if (id !== undefined) {
    if (current.isPending) return <Spin />;
    if (current.isError)
      return (
        <div role="alert" className="error-text">
          {failureText(current.error)}
        </div>
      );
  }
  return <GaleriFormInner npsn={npsn} galeri={current.data} onDone={onDone} />;
}

function GaleriFormInner({ npsn, galeri, onDone }: { npsn: string; galeri?: Galeri; onDone: () => void }) {
  const [form] = Form.useForm<Values>();
  const { problems, send, card } = usePropertyForm(form, GALERI, npsn, galeri, onDone, { outside: ['foto'] });
  const [foto, setFoto] = useState<File | null>(null);

  const save = async () => {
    // Every problem at its field with the field's label (the photo too), the cursor in the first.
    await problems.save(galeriFields, { ...form.getFieldsValue(true), npsn }, (fields) => send({ fields, foto }), {
      more: !galeri && !foto ? { foto: GALERI_FOTO_EMPTY } : {},
    });
  };

  const initial: Values = galeri ? { nama: galeri.nama, jenis: galeri.jenis, desk: galeri.desk, ket: galeri.ket } : {};
  return (
    <PropertyFormCard
      title={galeri ? `Edit Galery: ${galeri.nama}` : 'Tambah Galery'}
      testId="galeri-form"
      initialValues={initial}
      onSave={save}
      {...card}
    >
      <Field name="nama" label="Nama" md={12}>
        <Input maxLength={150} />
      </Field>
      <Field name="jenis" label="Jenis" md={12}>
        <Select
          placeholder="Pilih jenis"
          options={JENIS_GALERI.map((j) => ({ value: j, label: j === 'sekolah' ? 'Sekolah' : 'Ruangan' }))}
        />
      </Field>
      <Field name="desk" label="Deskripsi" md={12}>
        <Input.TextArea rows={3} maxLength={1000} />
      </Field>
      <Field name="ket" label="Keterangan" md={12}>
        <Input.TextArea rows={3} maxLength={500} />
      </Field>
      <Col xs={24}>
        <Form.Item
          label={FOTO_LABEL}
          required={!galeri}
          extra={galeri ? 'Biarkan kosong untuk tetap memakai foto yang ada.' : undefined}
          validateStatus={problems.outsideProblems.foto ? 'error' : undefined}
          help={problems.outsideProblems.foto}
        >
          <span data-field="foto" tabIndex={-1} />
          <Space align="start" size="large" wrap>
            {galeri && <Image src={galeri.thumbnail} preview={{ src: galeri.foto }} width={96} alt={galeri.nama} />}
            <ImagePicker
              file={foto}
              onChange={(f) => {
                setFoto(f);
                problems.clearOutside('foto');
              }}
              label="Pilih Foto"
              testId="foto-pick"
            />
          </Space>
        </Form.Item>
      </Col>
    </PropertyFormCard>
  );
}
