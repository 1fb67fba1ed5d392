import dayjs, { type Dayjs } from 'dayjs';
import { Form, Input } from 'antd';
import { FormDialog } from '../../components/ui/form-modal.tsx';
import { usulPensiunCheck } from '#contract/pensiun-usul.ts';
import type { PensiunItem, StatusUsulPensiun } from '#contract/pensiun-values.ts';
import { formatDate } from '../../lib/format.ts';
import { useFormProblems } from '../../lib/use-form-problems.ts';
import { LazyDateInput } from '../../components/lazy-date-input.tsx';
import { toYmd } from '../../components/date-values.ts';
import { ubahUsul } from './api/pensiun.ts';

interface Values {
  nomor_surat?: string;
  tanggal_surat?: Dayjs | null;
  alasan?: string;
  sk_nomor?: string;
  sk_tanggal?: Dayjs | null;
  sk_tmt?: Dayjs | null;
}

/** The next state of one teacher's proposal, with what that state records. */
export function UsulModal({
  row,
  status,
  onClose,
  onDone,
}: {
  row: PensiunItem;
  status: StatusUsulPensiun;
  onClose: () => void;
  onDone: (m: string) => void;
}) {
  const [form] = Form.useForm<Values>();
  // Every problem at once at its field with the field's label, the cursor in the first; a TMT on
  // another day than the 1st is explained at the TMT (web/lib/form-problems.ts).
  const problems = useFormProblems(form, { idPrefix: 'pensiun' });
  const submit = async () => {
    const v = form.getFieldsValue(true) as Values;
    const body =
      status === 'diusulkan'
        ? { nomor_surat: v.nomor_surat, tanggal_surat: toYmd(v.tanggal_surat) }
        : status === 'dikembalikan'
          ? { alasan: v.alasan }
          : status === 'ditetapkan'
            ? { sk_nomor: v.sk_nomor, sk_tanggal: toYmd(v.sk_tanggal), sk_tmt: toYmd(v.sk_tmt) }
            : {};
    await problems.save(usulPensiunCheck(status), body, async (input) =>
      onDone(
        (await ubahUsul(row.id, row.usul?.versi ?? null, { ...input, status } as Parameters<typeof ubahUsul>[2]))
          .message,
      ),
    );
  };
  const title =
    status === 'ditetapkan'
      ? `Catat SK pensiun: ${row.nama}`
      : status === 'dikembalikan'
        ? `Usul dikembalikan: ${row.nama}`
        : status === 'diusulkan'
          ? `Usulkan pensiun: ${row.nama}`
          : `Siapkan usul pensiun: ${row.nama}`;
  const initial: Values = { tanggal_surat: dayjs(), sk_tanggal: dayjs(), sk_tmt: dayjs(row.tmt_pensiun) };
  const last = { marginBottom: 0 };
  return (
    <FormDialog
      form={form}
      problems={problems}
      name="pensiun"
      title={title}
      okText="Simpan"
      onClose={onClose}
      okTestId="pensiun-simpan"
      errorTestId="pensiun-error"
      initialValues={initial}
      onFinish={submit}
      intro={<p>TMT pensiun menurut tanggal lahir: {formatDate(row.tmt_pensiun, 'D MMMM YYYY')}.</p>}
    >
      {/* Dates typed as people write them (23-06-2026, 23062026) or picked. */}
      {status === 'diusulkan' && (
        <>
          <Form.Item
            label="Nomor Surat Pengantar"
            extra="Surat pengantar usul pensiun ke BKD."
            name="nomor_surat"
            required
          >
            <Input maxLength={100} data-testid="pensiun-nomor" />
          </Form.Item>
          <Form.Item label="Tanggal Surat Pengantar" name="tanggal_surat" required style={last}>
            <LazyDateInput data-testid="pensiun-tanggal" />
          </Form.Item>
        </>
      )}
      {status === 'ditetapkan' && (
        <>
          <Form.Item label="Nomor SK Pensiun" name="sk_nomor" required>
            <Input maxLength={100} data-testid="pensiun-nomor" />
          </Form.Item>
          <Form.Item label="Tanggal SK Pensiun" name="sk_tanggal" required>
            <LazyDateInput data-testid="pensiun-tanggal" />
          </Form.Item>
          <Form.Item label="TMT Pensiun" name="sk_tmt" required extra="Selalu tanggal 1 (awal bulan)." style={last}>
            <LazyDateInput data-testid="pensiun-tmt-sk" />
          </Form.Item>
        </>
      )}
      {status === 'dikembalikan' && (
        <Form.Item label="Alasan dikembalikan" name="alasan" required extra="Minimal 5 karakter." style={last}>
          <Input.TextArea maxLength={500} rows={3} data-testid="pensiun-alasan" />
        </Form.Item>
      )}
    </FormDialog>
  );
}
