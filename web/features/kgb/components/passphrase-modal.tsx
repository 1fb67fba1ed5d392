import { useState, type ReactNode } from 'react';
import { Alert, Input, Modal, Space, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { failureText } from '../../../components/ui/form-errors.tsx';
import { UncertifiedNote } from './uncertified-note.tsx';

/**
 * Asks the signing official's passphrase for a signature (one letter, a month's letters, the
 * nominative list). The passphrase lives only in this component's state, is cleared before the
 * call and on close, and never reaches storage, the URL or the query cache.
 */
export function PassphraseModal({ open, title, okText, text, extra, onSubmit, onClose }: {
  open: boolean;
  title: string;
  okText: string;
  text: ReactNode;
  /** Shown between the text and the passphrase (a choice of official). */
  extra?: ReactNode;
  onSubmit: (passphrase: string) => Promise<void>;
  onClose: () => void;
}) {
  const [passphrase, setPassphrase] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setPassphrase('');
    setError(null);
    onClose();
  };
  const submit = async () => {
    if (busy) return;
    if (!passphrase) return setError('Passphrase tidak boleh Kosong');
    setBusy(true);
    setError(null);
    const typed = passphrase;
    setPassphrase('');
    try {
      await onSubmit(typed);
      setBusy(false);
      close();
    } catch (err) {
      setBusy(false);
      setError(failureText(err));
    }
  };

  return (
    <Modal open={open} title={title} okText={okText} cancelText="Batal" onOk={submit} onCancel={close} confirmLoading={busy} maskClosable={!busy} destroyOnHidden width={560} rootClassName="kgb-sign-modal">
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Paragraph style={{ marginBottom: 0 }}>{text}</Typography.Paragraph>
        {extra}
        <Input.Password
          autoFocus
          prefix={<LockOutlined />}
          placeholder="Passphrase"
          aria-label="Passphrase"
          autoComplete="off"
          value={passphrase}
          disabled={busy}
          onChange={(e) => setPassphrase(e.target.value)}
          onPressEnter={submit}
          data-testid="kgb-passphrase"
        />
        {error && <Alert type="error" showIcon role="alert" title={error} data-testid="kgb-sign-error" />}
        <UncertifiedNote compact />
      </Space>
    </Modal>
  );
}
