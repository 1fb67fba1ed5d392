import type { ReactNode } from 'react';
import { Form, Modal, type ButtonProps, type FormInstance, type ModalProps } from 'antd';
import { clearMarks } from '../../lib/mark-field.ts';
import { FormErrors } from './form-errors.tsx';

type FormModalProps = Omit<ModalProps, 'onOk' | 'onCancel' | 'confirmLoading' | 'maskClosable'> & {
  form: FormInstance;
  busy: boolean;
  onClose: () => void;
  /** data-testid of the OK button. */
  okTestId?: string;
};

/**
 * A dialog around a form: OK submits the form (its onFinish saves), "Batal" closes; while it saves
 * OK spins and a click beside the dialog does not close it, so a save is not left half seen.
 */
export function FormModal({ form, busy, onClose, okTestId, ...props }: FormModalProps) {
  return (
    <Modal
      open
      cancelText="Batal"
      okButtonProps={okTestId ? ({ 'data-testid': okTestId } as ButtonProps) : undefined}
      {...props}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={busy}
      maskClosable={!busy}
    />
  );
}

/**
 * A FormModal holding one vertical form checked the one way (web/lib/use-form-problems.ts): the
 * `intro` above the form, the problem list at its top, a field's mark cleared as it is edited.
 * `name` is the form's name, the same as the `idPrefix` given to useFormProblems.
 */
export function FormDialog<V extends object>({
  form,
  problems,
  name,
  errorTestId,
  initialValues,
  onFinish,
  intro,
  children,
  ...props
}: Omit<FormModalProps, 'busy' | 'form'> & {
  form: FormInstance<V>;
  problems: { busy: boolean; errors: string[] };
  name: string;
  /** data-testid of the problem list. */
  errorTestId: string;
  initialValues?: Partial<V>;
  onFinish: () => unknown;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <FormModal form={form} busy={problems.busy} {...props}>
      {intro}
      <Form<V>
        form={form}
        name={name}
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={clearMarks(form)}
        onFinish={onFinish}
      >
        <FormErrors errors={problems.errors} testId={errorTestId} />
        {children}
      </Form>
    </FormModal>
  );
}
