import { App, Button, Card, Col, Form, Input, Row, Select, Space } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { ruanganBody, type Ruangan } from '#contract/sarpras.ts';
import { useJenisRuangan } from '../api/jenis-ruangan.ts';
import { FormErrors } from '../../../components/ui/form-errors.tsx';
import { clearMarks, requiredOf } from './form-helpers.ts';
import { useFormProblems } from '../../../lib/use-form-problems.ts';
import { useKondisiOptions } from './kondisi-options.ts';
import { AngkaInput } from '../../../components/ui/angka-input.tsx';
import { RUANGAN, useCreateProperty, useUpdateProperty } from '../api/property.ts';

/** Required marks from the contract. */
const req = requiredOf(ruanganBody);

interface Values {
  nama?: string;
  ruangan?: number;
  panjang?: number | null;
  lebar?: number | null;
  tinggi?: number | null;
  keterangan?: string;
  status?: string;
}

/** Add (PUT api/sekolah/ruangan/{npsn}) or edit (PUT api/sekolah/ruangan/edit/{id}) a room. */
export function RuanganForm({ npsn, room, onDone }: { npsn: string; room?: Ruangan; onDone: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const problems = useFormProblems(form);
  const jenis = useJenisRuangan();
  const kondisi = useKondisiOptions();
  const create = useCreateProperty(RUANGAN, npsn);
  const update = useUpdateProperty(RUANGAN, npsn);
  const busy = create.isPending || update.isPending;

  const save = async () => {
    // Every problem at its field with the field's label, the cursor in the first (web/lib/form-problems.ts).
    await problems.save(ruanganBody, form.getFieldsValue(true), async (body) => {
      const r = room ? await update.mutateAsync({ id: room.id, body }) : await create.mutateAsync(body);
      message.success(r.message);
      onDone();
    });
  };

  const initial: Values = room
    ? { nama: room.nama, ruangan: room.jenisruangan.id, panjang: room.panjang, lebar: room.lebar, tinggi: room.tinggi, keterangan: room.keterangan, status: room.status }
    : { status: 'Baik' };
  const meter = <span style={{ color: '#888' }}>m</span>;
  return (
    <Card title={room ? `Edit Ruangan: ${room.nama}` : 'Tambah Ruangan'} data-testid="ruangan-form">
      <Form form={form} onValuesChange={clearMarks(form)} layout="vertical" initialValues={initial} onFinish={save}>
        <FormErrors errors={problems.errors} />
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label="Nama Ruangan" name="nama" required={req('nama')}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item label="Jenis Ruangan" name="ruangan" required={req('ruangan')}>
              <Select placeholder="Pilih jenis ruangan" loading={jenis.isPending} showSearch={{ optionFilterProp: 'label' }}
                options={(jenis.data ?? []).map((j) => ({ value: j.id, label: j.nama }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item label="Kondisi" name="status" required={req('status')}>
              <Select options={kondisi} />
            </Form.Item>
          </Col>
          <Col xs={8}>
            <Form.Item label="Panjang" name="panjang" required={req('panjang')}>
              <AngkaInput suffix={meter} />
            </Form.Item>
          </Col>
          <Col xs={8}>
            <Form.Item label="Lebar" name="lebar" required={req('lebar')}>
              <AngkaInput suffix={meter} />
            </Form.Item>
          </Col>
          <Col xs={8}>
            <Form.Item label="Tinggi" name="tinggi" required={req('tinggi')}>
              <AngkaInput suffix={meter} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item label="Keterangan" name="keterangan" required={req('keterangan')}>
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          </Col>
        </Row>
        <Space>
          <Button onClick={onDone} disabled={busy}>Batal</Button>
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={busy}>Simpan</Button>
        </Space>
      </Form>
    </Card>
  );
}
