// The frames around a form's fields: the settings form saved through useSaveRefusal, the form
// checked through useFormProblems, and the Batal/Simpan pair that closes a form.
import type { CSSProperties, ReactNode } from 'react';
import { Alert, Button, Form, type FormInstance, type FormProps } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { FormErrors } from '../ui/form-errors.tsx';
import { clearMarks } from '../../lib/mark-field.ts';

/**
 * The frame of a settings form saved through useSaveRefusal (web/lib/use-form-problems.ts): a
 * vertical form that scrolls to its first failing field, the refusal that belongs to no field
 * above the fields, and the submit button below them.
 */
export function RefusalForm<Values extends object>({
  form,
  refusal,
  refusalTestId,
  submit,
  children,
  ...props
}: Omit<FormProps<Values>, 'form' | 'layout' | 'scrollToFirstError' | 'children'> & {
  form: FormInstance<Values>;
  /** The message of the last refusal that is not at a field. */
  refusal: string | null;
  refusalTestId?: string;
  submit: { label: string; icon: ReactNode; busy: boolean; testId: string; style?: CSSProperties };
  /** The fields (a Row of them). */
  children: ReactNode;
}) {
  return (
    <Form<Values> form={form} layout="vertical" scrollToFirstError={{ focus: true, block: 'center' }} {...props}>
      {refusal && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={refusal}
          style={{ marginBottom: 16 }}
          {...(refusalTestId ? { 'data-testid': refusalTestId } : {})}
        />
      )}
      {children}
      <Button
        type="primary"
        htmlType="submit"
        icon={submit.icon}
        loading={submit.busy}
        data-testid={submit.testId}
        style={submit.style}
      >
        {submit.label}
      </Button>
    </Form>
  );
}

/**
 * A form checked through useFormProblems (web/lib/form-problems.ts): vertical, a field's mark goes
 * once it is changed, and the problems stand in a list above the fields.
 */
export function ProblemsForm<Values extends object>({
  form,
  errors,
  errorsTestId,
  children,
  ...props
}: Omit<FormProps<Values>, 'form' | 'layout' | 'onValuesChange' | 'children'> & {
  form: FormInstance<Values>;
  errors: string[];
  /** data-testid of the problems' list (FormErrors' own by default). */
  errorsTestId?: string;
  children: ReactNode;
}) {
  return (
    <Form<Values> form={form} layout="vertical" onValuesChange={clearMarks(form)} {...props}>
      <FormErrors errors={errors} testId={errorsTestId} />
      {children}
    </Form>
  );
}

/**
 * A form's closing pair: "Batal" (`onCancel`) and the submitting "Simpan", which spins while
 * `busy`; `holdCancel` also keeps Batal from being pressed meanwhile. The caller lays them out.
 */
export function CancelSaveButtons({
  onCancel,
  busy,
  holdCancel = false,
}: {
  onCancel: () => void;
  busy: boolean;
  holdCancel?: boolean;
}) {
  return (
    <>
      <Button onClick={onCancel} disabled={holdCancel ? busy : undefined}>
        Batal
      </Button>
      <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={busy}>
        Simpan
      </Button>
    </>
  );
}
