import dayjs, { type Dayjs } from 'dayjs';
import { Form, Input } from 'antd';
import { FormDialog } from '../../components/ui/form-modal.tsx';
import { usulanBody } from '#contract/kenaikan-pangkat.ts';
import type { KpItem } from '#contract/kenaikan-pangkat-values.ts';
import { formatDate } from '../../lib/format.ts';
import { useFormProblems } from '../../lib/use-form-problems.ts';
import { LazyDateInput } from '../../components/lazy-date-input.tsx';
import { toYmd } from '../../components/date-values.ts';
import { propose } from './api/kenaikan-pangkat.ts';

interface Values {
  nomor_surat?: string;
  tanggal_surat?: Dayjs | null;
}

/** The covering letter's number and date for a batch of the chosen eligible teachers. */
export function UsulanModal({
  periode,
  guru,
  onClose,
  onDone,
}: {
  periode: string;
  guru: KpItem[];
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const [form] = Form.useForm<Values>();
  // Every problem at once at its field with the field's label, the cursor in the first (web/lib/form-problems.ts).
  const problems = useFormProblems(form, { idPrefix: 'kp_usulan' });
  const submit = async () => {
    const v = form.getFieldsValue(true) as Values;
    await problems.save(
      usulanBody,
      { periode, nomor_surat: v.nomor_surat, tanggal_surat: toYmd(v.tanggal_surat), guru_ids: guru.map((g) => g.id) },
      async (body) => onDone((await propose(body)).message),
    );
  };
  return (
    <FormDialog
      form={form}
      problems={problems}
      name="kp_usulan"
      title={`Usul kenaikan pangkat TMT ${formatDate(`${periode}-01`, 'D MMMM YYYY')}`}
      okText="Buat Usulan"
      onClose={onClose}
      okTestId="kp-usulan-simpan"
      errorTestId="kp-usulan-error"
      initialValues={{ tanggal_surat: dayjs() }}
      onFinish={submit}
      intro={
        <p>
          {guru.length} guru yang memenuhi syarat diusulkan ke BKD dengan surat pengantar dan daftar nominatif:{' '}
          {guru.map((g) => g.nama).join(', ')}.
        </p>
      }
    >
      <Form.Item label="Nomor Surat" extra="Surat pengantar usul ke BKD." name="nomor_surat" required>
        <Input placeholder="800.1.3.2/…/DIKBUD/2026" maxLength={100} data-testid="kp-usulan-nomor" />
      </Form.Item>
      {/* Typed as people write it (23-06-2026, 23062026) or picked. */}
      <Form.Item label="Tanggal Surat" name="tanggal_surat" required style={{ marginBottom: 0 }}>
        <LazyDateInput data-testid="kp-usulan-tanggal" />
      </Form.Item>
    </FormDialog>
  );
}
