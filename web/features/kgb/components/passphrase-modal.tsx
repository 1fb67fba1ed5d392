import { useState, type ReactNode } from 'react';
import { Alert, Input, Modal, Space, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { failureText } from '../../../components/ui/form-errors.tsx';
import { PlainRadioGroup } from '../../../components/lazy-free-ui.tsx';
import { useAppConfig } from '../../../lib/app-config.ts';
import type { SignSecret } from '../api/kgb.ts';
import { SignatureNote } from './signature-note.tsx';

/**
 * Asks the signing official's passphrase for a signature (one letter, a month's letters, the
 * nominative list); through BSrE, the passphrase of the official's BSrE certificate or a TOTP code
 * from the BeSign app instead. A document the office seals (`sealable`, when the server has a seal)
 * asks for the seal's TOTP instead. The secret lives only in this component's state, is cleared
 * before the call and on close, and never reaches storage, the URL or the query cache.
 */
export function PassphraseModal({ open, title, okText, text, extra, sealable, onSubmit, onClose }: {
  open: boolean;
  title: string;
  okText: string;
  text: ReactNode;
  /** Shown between the text and the passphrase (a choice of official). */
  extra?: ReactNode;
  /** The nominative list or a cancellation notice: sealed with the office's seal when it has one. */
  sealable?: boolean;
  onSubmit: (secret: SignSecret) => Promise<void>;
  onClose: () => void;
}) {
  const config = useAppConfig().data;
  const bsre = config?.penandatangan === 'bsre';
  const seal = sealable === true && bsre && config?.segel === true;
  const [mode, setMode] = useState<'passphrase' | 'totp'>('passphrase');
  const [passphrase, setPassphrase] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const totp = seal || (bsre && mode === 'totp');

  const close = () => {
    setPassphrase('');
    setError(null);
    onClose();
  };
  const submit = async () => {
    if (busy) return;
    if (!passphrase) return setError(seal ? 'Kode TOTP segel tidak boleh Kosong' : totp ? 'Kode TOTP tidak boleh Kosong' : 'Passphrase tidak boleh Kosong');
    if (totp && !/^\d{6}$/.test(passphrase.trim())) return setError('Kode TOTP harus 6 digit angka');
    setBusy(true);
    setError(null);
    const typed = passphrase;
    setPassphrase('');
    try {
      await onSubmit(totp ? { totp: typed.trim() } : { passphrase: typed });
      setBusy(false);
      close();
    } catch (err) {
      setBusy(false);
      setError(failureText(err));
    }
  };

  return (
    <Modal open={open} title={title} okText={seal ? 'Segel dan unduh' : okText} cancelText="Batal" onOk={submit} onCancel={close} confirmLoading={busy} maskClosable={!busy} destroyOnHidden width={560} rootClassName="kgb-sign-modal">
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Paragraph style={{ marginBottom: 0 }}>{text}</Typography.Paragraph>
        {extra}
        {seal && (
          <Alert
            type="info"
            showIcon
            data-testid="kgb-seal-note"
            title="Disegel dengan segel elektronik kantor (BSrE)"
            description="Dokumen ini tidak ditandatangani pejabat, tetapi disegel atas nama kantor. Masukkan kode TOTP segel kantor (kode aktivasi segel dari BSrE); kode tidak disimpan."
          />
        )}
        {bsre && !seal && (
          <PlainRadioGroup
            testId="kgb-secret-mode"
            value={mode}
            onChange={(e) => {
              setMode(e.target.value as 'passphrase' | 'totp');
              setPassphrase('');
              setError(null);
            }}
            options={[
              { value: 'passphrase', label: 'Passphrase BSrE' },
              { value: 'totp', label: 'Kode TOTP dari aplikasi BeSign' },
            ]}
          />
        )}
        <Input.Password
          autoFocus
          prefix={<LockOutlined />}
          placeholder={seal ? 'Kode TOTP segel (6 digit)' : totp ? 'Kode TOTP (6 digit)' : 'Passphrase'}
          aria-label={seal ? 'Kode TOTP segel' : totp ? 'Kode TOTP' : 'Passphrase'}
          autoComplete="off"
          inputMode={totp ? 'numeric' : undefined}
          maxLength={totp ? 6 : 200}
          value={passphrase}
          disabled={busy}
          onChange={(e) => setPassphrase(e.target.value)}
          onPressEnter={submit}
          data-testid="kgb-passphrase"
        />
        {error && <Alert type="error" showIcon role="alert" title={error} data-testid="kgb-sign-error" />}
        {!seal && <SignatureNote compact />}
      </Space>
    </Modal>
  );
}
