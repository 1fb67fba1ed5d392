import { Form, Input, Typography, type ButtonProps } from 'antd';
import { FormDialog } from '../../../components/ui/form-modal.tsx';
import { ALASAN_MAX, ALASAN_MIN, type SuratKgb } from '#contract/kgb.ts';
import { batalBody } from '#contract/kgb-forms.ts';
import { useFormProblems } from '../../../lib/use-form-problems.ts';
import { useCancelKgbSurat } from '../api/kgb.ts';

/**
 * 'Batalkan surat': a verified or signed letter is cancelled with a written reason.
 * The letter keeps its number and code and the public check says it was cancelled; a signed
 * letter's KGB history row is removed, so the teacher's salary returns to the previous decree.
 */
export function CancelModal({
  guruId,
  surat,
  onClose,
  onCancelled,
}: {
  guruId: number;
  surat: SuratKgb;
  onClose: () => void;
  onCancelled: (message: string) => void;
}) {
  const [form] = Form.useForm<{ alasan: string }>();
  // Every problem at its field with the field's label, the cursor in it (web/lib/form-problems.ts).
  const problems = useFormProblems(form, { idPrefix: 'batal' });
  const cancel = useCancelKgbSurat();
  const signed = surat.status === 'signed';

  const submit = async () => {
    await problems.save(batalBody, form.getFieldsValue(true), async (body) => {
      const r = await cancel.mutateAsync({ suratId: surat.id, guruId, alasan: body.alasan });
      onCancelled(r.message);
    });
  };

  return (
    <FormDialog
      form={form}
      problems={{ busy: cancel.isPending, errors: problems.errors }}
      name="batal"
      errorTestId="kgb-batal-error"
      initialValues={{ alasan: '' }}
      onFinish={submit}
      title="Batalkan surat KGB"
      okText="Batalkan surat"
      okButtonProps={{ danger: true, 'data-testid': 'kgb-batal-ok' } as ButtonProps}
      cancelText="Tutup"
      onClose={onClose}
      destroyOnHidden
      width={560}
      intro={
        <Typography.Paragraph>
          Surat nomor <Typography.Text strong>{surat.nomor}</Typography.Text> akan dibatalkan. Nomor dan kode dokumennya
          tetap tercatat, dan pemeriksaan keaslian akan menyatakan surat ini dibatalkan.
          {signed
            ? ' Riwayat KGB dari surat ini dihapus sehingga gaji pokok guru kembali ke SK sebelumnya; surat pengganti dapat dibuat kembali.'
            : ' Surat pengganti dapat dibuat kembali untuk TMT yang sama.'}
        </Typography.Paragraph>
      }
    >
      <Form.Item
        label="Alasan pembatalan"
        name="alasan"
        required
        extra={`Minimal ${ALASAN_MIN} karakter.`}
        style={{ marginBottom: 0 }}
      >
        <Input.TextArea
          autoFocus
          maxLength={ALASAN_MAX}
          showCount
          autoSize={{ minRows: 3, maxRows: 6 }}
          placeholder="Contoh: golongan salah karena SK kenaikan pangkat belum dicatat"
          data-testid="kgb-alasan-batal"
        />
      </Form.Item>
    </FormDialog>
  );
}
