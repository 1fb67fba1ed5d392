import { Form, Input, Modal, Select } from 'antd';
import { asetBody, type Aset } from '#contract/sarpras.ts';
import { useMasterAset } from '../api/master-aset.ts';
import { ProblemsForm } from '../../../components/forms/form-frames.tsx';
import { requiredOf } from '../../../lib/form-helpers.ts';
import { useFormProblems } from '../../../lib/use-form-problems.ts';
import { useKondisiOptions } from './kondisi-options.ts';
import { AngkaInput } from '../../../components/ui/angka-input.tsx';
import { ASET } from '../api/property.ts';
import { useSaveProperty } from './property-form.tsx';

/** Required marks from the contract. */
const req = requiredOf(asetBody);

interface Values {
  nama?: string;
  asset_id?: number;
  kondisi?: string;
  harga?: number | null;
  jumlah?: number | null;
}

/** Add (POST api/aset) or edit (PUT api/aset/{id}) an asset of a room. */
export function AsetModal({ roomId, aset, onClose }: { roomId: number; aset?: Aset; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const problems = useFormProblems(form, { idPrefix: 'aset' });
  const jenis = useMasterAset();
  const kondisi = useKondisiOptions();
  const property = useSaveProperty(ASET, roomId, aset, onClose);
  const busy = property.busy;

  const save = async () => {
    // Every problem at its field with the field's label, the cursor in the first (web/lib/form-problems.ts).
    await problems.save(asetBody, { ...form.getFieldsValue(true), ruangan_id: roomId }, property.send);
  };

  const initial: Values = aset
    ? { nama: aset.nama, asset_id: aset.asset_id, kondisi: aset.kondisi, harga: aset.harga, jumlah: aset.jumlah }
    : {};
  return (
    <Modal
      open
      title={aset ? 'Edit Aset' : 'Tambah Aset'}
      okText="Simpan"
      cancelText="Batal"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
      maskClosable={false}
    >
      <ProblemsForm
        form={form}
        errors={problems.errors}
        name="aset"
        initialValues={initial}
        onFinish={save}
        data-testid="aset-form"
      >
        <Form.Item label="Nama Aset" name="nama" required={req('nama')}>
          <Input maxLength={150} />
        </Form.Item>
        <Form.Item label="Jenis Aset" name="asset_id" required={req('asset_id')}>
          <Select
            placeholder="Pilih jenis aset"
            loading={jenis.isPending}
            showSearch={{ optionFilterProp: 'label' }}
            options={(jenis.data ?? []).map((j) => ({ value: j.id, label: j.nama }))}
          />
        </Form.Item>
        <Form.Item label="Kondisi Aset" name="kondisi" required={req('kondisi')}>
          <Select placeholder="Pilih kondisi" options={kondisi} />
        </Form.Item>
        <Form.Item label="Harga Aset" name="harga" required={req('harga')}>
          <AngkaInput bulat prefix="Rp" />
        </Form.Item>
        <Form.Item label="Jumlah" name="jumlah" required={req('jumlah')}>
          <AngkaInput bulat />
        </Form.Item>
      </ProblemsForm>
    </Modal>
  );
}
