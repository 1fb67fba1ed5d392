import { Modal, type ButtonProps, type FormInstance, type ModalProps } from 'antd';

/**
 * A dialog around a form: OK submits the form (its onFinish saves), "Batal" closes; while it saves
 * OK spins and a click beside the dialog does not close it, so a save is not left half seen.
 */
export function FormModal({
  form,
  busy,
  onClose,
  okTestId,
  ...props
}: Omit<ModalProps, 'onOk' | 'onCancel' | 'confirmLoading' | 'maskClosable'> & {
  form: FormInstance;
  busy: boolean;
  onClose: () => void;
  /** data-testid of the OK button. */
  okTestId?: string;
}) {
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
