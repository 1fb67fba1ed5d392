import { Form, Input, Typography } from 'antd';
import { FormDialog } from '../../../components/ui/form-modal.tsx';
import { catatanBody } from '#contract/kgb-forms.ts';
import { useFormProblems } from '../../../lib/use-form-problems.ts';

/** "Kembalikan ke sekolah": a draft goes back to the school with a required note (10–500 characters). */
export function ReturnModal({
  nama,
  initial,
  onSubmit,
  onClose,
}: {
  nama: string;
  initial: string;
  onSubmit: (catatan: string) => Promise<void>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ catatan: string }>();
  // Every problem at its field with the field's label, the cursor in the first (web/lib/form-problems.ts).
  const problems = useFormProblems(form, { idPrefix: 'kembalikan' });
  const submit = () => problems.save(catatanBody, form.getFieldsValue(true), (body) => onSubmit(body.catatan));
  return (
    <FormDialog
      form={form}
      problems={problems}
      name="kembalikan"
      errorTestId="periode-catatan-error"
      initialValues={{ catatan: initial }}
      onFinish={submit}
      title="Kembalikan ke sekolah"
      okText="Kembalikan"
      onClose={onClose}
      destroyOnHidden
      intro={
        <Typography.Paragraph>
          Draf KGB <b>{nama}</b> dikembalikan ke operator sekolah untuk diperbaiki. Tulis apa yang harus dilengkapi.
        </Typography.Paragraph>
      }
    >
      <Form.Item
        label="Catatan perbaikan"
        name="catatan"
        required
        extra="Minimal 10 karakter."
        style={{ marginBottom: 0 }}
      >
        <Input.TextArea autoFocus rows={3} maxLength={500} showCount data-testid="periode-catatan-input" />
      </Form.Item>
    </FormDialog>
  );
}
