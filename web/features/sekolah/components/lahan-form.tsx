import { Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lahanBody, type Lahan } from '#contract/sarpras.ts';
import { DateInput } from '../../../components/date-input.tsx';
import { useKondisiOptions } from './kondisi-options.ts';
import { AngkaInput } from '../../../components/ui/angka-input.tsx';
import { LAHAN } from '../api/property.ts';
import { contractField, PropertyFormCard, usePropertyForm } from './property-form.tsx';

/** The form's fields, required as the contract says. */
const Field = contractField(lahanBody);

interface Values {
  nama?: string;
  luas?: number | null;
  tglperolehan?: Dayjs | null;
  harga?: number | null;
  kondisi?: string;
  keterangan?: string;
}

const MIN_DATE = dayjs('1900-01-01');

/** Add (POST api/lahan) or edit (PUT api/lahan/{id}) a land plot. */
export function LahanForm({ npsn, lahan, onDone }: { npsn: string; lahan?: Lahan; onDone: () => void }) {
  const [form] = Form.useForm<Values>();
  const { problems, send, card } = usePropertyForm(form, LAHAN, npsn, lahan, onDone);
  const kondisi = useKondisiOptions();

  const save = async () => {
    const v = form.getFieldsValue(true) as Values;
    // Every problem at its field with the field's label, the cursor in the first: the contract's
    // message for an empty date says "tanggal lahir" (SPEC §5), the screen says Tanggal Perolehan.
    await problems.save(
      lahanBody,
      { ...v, tglperolehan: v.tglperolehan ? v.tglperolehan.format('YYYY-MM-DD') : '', npsn },
      send,
    );
  };

  const initial: Values = lahan
    ? {
        nama: lahan.nama,
        luas: lahan.luas,
        tglperolehan: dayjs(lahan.tglperolehan),
        harga: lahan.harga,
        kondisi: lahan.kondisi,
        keterangan: lahan.keterangan,
      }
    : {};
  return (
    <PropertyFormCard
      title={lahan ? `Edit Lahan: ${lahan.nama}` : 'Tambah Lahan'}
      testId="lahan-form"
      initialValues={initial}
      onSave={save}
      {...card}
    >
      <Field name="nama" label="Nama Lahan" md={12}>
        <Input maxLength={150} />
      </Field>
      <Field name="luas" label="Luas" xs={12} md={6}>
        <AngkaInput suffix="m²" />
      </Field>
      <Field name="tglperolehan" label="Tanggal Perolehan" xs={12} md={6}>
        {/* Typed as people write it (23-06-2021, 23062021) or picked. */}
        <DateInput minDate={MIN_DATE} maxDate={dayjs()} aria-label="Tanggal Perolehan" />
      </Field>
      <Field name="harga" label="Harga" md={12}>
        <AngkaInput bulat prefix="Rp" />
      </Field>
      <Field name="kondisi" label="Kondisi" md={12}>
        <Select placeholder="Pilih kondisi" options={kondisi} />
      </Field>
      <Field name="keterangan" label="Keterangan">
        <Input.TextArea rows={2} maxLength={500} />
      </Field>
    </PropertyFormCard>
  );
}
