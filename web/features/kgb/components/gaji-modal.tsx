import { Form, Input, Select, Typography } from 'antd';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { STATUS_GAJI_LABEL, type StatusGaji, type StatusGajiKode } from '#contract/kgb-periode-values.ts';
import { statusGajiBody } from '#contract/kgb-periode.ts';
import { ProblemsForm } from '../../../components/forms/form-frames.tsx';
import { useFormProblems } from '../../../lib/use-form-problems.ts';

interface Values {
  status: StatusGajiKode;
  alasan: string;
}

/** What the payroll office answered about a signed letter: accepted, or returned with the reason (10–500 characters). */
export function GajiModal({
  nama,
  nomor,
  initial,
  onSubmit,
  onClose,
}: {
  nama: string;
  nomor: string;
  initial: StatusGaji | null;
  onSubmit: (status: StatusGajiKode, alasan: string) => Promise<void>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  // Every problem at its field with the field's label, the cursor in the first (web/lib/form-problems.ts).
  const problems = useFormProblems(form, { idPrefix: 'gaji' });
  const status = Form.useWatch('status', form) ?? initial?.status ?? 'diterima';
  const busy = problems.busy;
  const submit = async () => {
    const v = form.getFieldsValue(true) as Values;
    // A reason only goes with a returned letter.
    await problems.save(
      statusGajiBody,
      { status: v.status, alasan: v.status === 'dikembalikan' ? v.alasan : '' },
      (body) => onSubmit(body.status, body.alasan ?? ''),
    );
  };
  return (
    <FormModal form={form} title="Jawaban bagian gaji" okText="Simpan" onClose={onClose} busy={busy} destroyOnHidden>
      <Typography.Paragraph>
        Surat KGB <b>{nama}</b> nomor {nomor}: catat jawaban pengelola gaji (BPKAD) atas surat ini.
      </Typography.Paragraph>
      <ProblemsForm<Values>
        form={form}
        errors={problems.errors}
        errorsTestId="periode-gaji-error"
        name="gaji"
        initialValues={{ status: initial?.status ?? 'diterima', alasan: initial?.alasan ?? '' }}
        onFinish={submit}
      >
        <Form.Item
          label="Jawaban bagian gaji"
          name="status"
          required
          style={status === 'dikembalikan' ? undefined : { marginBottom: 0 }}
        >
          <Select<StatusGajiKode>
            data-testid="periode-gaji-status"
            options={(Object.keys(STATUS_GAJI_LABEL) as StatusGajiKode[]).map((k) => ({
              value: k,
              label: STATUS_GAJI_LABEL[k],
            }))}
          />
        </Form.Item>
        {status === 'dikembalikan' && (
          <Form.Item
            label="Alasan pengembalian"
            name="alasan"
            required
            extra="Minimal 10 karakter."
            style={{ marginBottom: 0 }}
          >
            <Input.TextArea
              rows={3}
              maxLength={500}
              showCount
              data-testid="periode-gaji-alasan"
              placeholder="Mis. nomor rekening tidak cocok dengan data gaji"
            />
          </Form.Item>
        )}
      </ProblemsForm>
    </FormModal>
  );
}
