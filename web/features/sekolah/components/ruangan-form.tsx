import { Form, Input, Select } from 'antd';
import { ruanganBody, type Ruangan } from '#contract/sarpras.ts';
import { useJenisRuangan } from '../api/jenis-ruangan.ts';
import { useKondisiOptions } from './kondisi-options.ts';
import { AngkaInput } from '../../../components/ui/angka-input.tsx';
import { RUANGAN } from '../api/property.ts';
import { contractField, PropertyFormCard, usePropertyForm } from './property-form.tsx';

/** The form's fields, required as the contract says. */
const Field = contractField(ruanganBody);

interface Values {
  nama?: string;
  ruangan?: number;
  panjang?: number | null;
  lebar?: number | null;
  tinggi?: number | null;
  keterangan?: string;
  status?: string;
}

/** The room's sizes in metres, side by side. */
const SIZES = [
  ['Panjang', 'panjang'],
  ['Lebar', 'lebar'],
  ['Tinggi', 'tinggi'],
] as const;

/** Add (PUT api/sekolah/ruangan/{npsn}) or edit (PUT api/sekolah/ruangan/edit/{id}) a room. */
export function RuanganForm({ npsn, room, onDone }: { npsn: string; room?: Ruangan; onDone: () => void }) {
  const [form] = Form.useForm<Values>();
  const { problems, send, card } = usePropertyForm(form, RUANGAN, npsn, room, onDone);
  const jenis = useJenisRuangan();
  const kondisi = useKondisiOptions();

  const save = async () => {
    // Every problem at its field with the field's label, the cursor in the first (web/lib/form-problems.ts).
    await problems.save(ruanganBody, form.getFieldsValue(true), send);
  };

  const initial: Values = room
    ? {
        nama: room.nama,
        ruangan: room.jenisruangan.id,
        panjang: room.panjang,
        lebar: room.lebar,
        tinggi: room.tinggi,
        keterangan: room.keterangan,
        status: room.status,
      }
    : { status: 'Baik' };
  const meter = <span style={{ color: '#888' }}>m</span>;
  return (
    <PropertyFormCard
      title={room ? `Edit Ruangan: ${room.nama}` : 'Tambah Ruangan'}
      testId="ruangan-form"
      initialValues={initial}
      onSave={save}
      {...card}
    >
      <Field name="nama" label="Nama Ruangan" md={12}>
        <Input maxLength={100} />
      </Field>
      <Field name="ruangan" label="Jenis Ruangan" md={6}>
        <Select
          placeholder="Pilih jenis ruangan"
          loading={jenis.isPending}
          showSearch={{ optionFilterProp: 'label' }}
          options={(jenis.data ?? []).map((j) => ({ value: j.id, label: j.nama }))}
        />
      </Field>
      <Field name="status" label="Kondisi" md={6}>
        <Select options={kondisi} />
      </Field>
      {SIZES.map(([label, name]) => (
        <Field key={name} name={name} label={label} xs={8}>
          <AngkaInput suffix={meter} />
        </Field>
      ))}
      <Field name="keterangan" label="Keterangan">
        <Input.TextArea rows={2} maxLength={500} />
      </Field>
    </PropertyFormCard>
  );
}
