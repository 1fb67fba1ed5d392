import { useState } from 'react';
import { Alert, Input, Modal, Space, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import type { SuratKgb } from '#contract/kgb.ts';
import { failureText } from '../../../components/ui/form-errors.tsx';
import { signKgb } from '../api/kgb.ts';
import { UncertifiedNote } from './uncertified-note.tsx';

/**
 * 'TTD KGB': asks the signing official's passphrase and signs the verified letter. The
 * passphrase lives only in this component's state and is cleared after every call and on close;
 * it is never written to storage, the URL or the query cache.
 */
export function SignModal({ open, guruId, surat, onClose, onSigned }: {
  open: boolean;
  guruId: number;
  surat: SuratKgb;
  onClose: () => void;
  onSigned: (signed: SuratKgb, message: string) => void;
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
    if (!passphrase) {
      setError('Passphrase tidak boleh Kosong');
      return;
    }
    setBusy(true);
    setError(null);
    const typed = passphrase;
    setPassphrase('');
    try {
      const r = await signKgb(guruId, typed);
      setBusy(false);
      onSigned(r.data, r.message);
      close();
    } catch (err) {
      setBusy(false);
      setError(failureText(err));
    }
  };

  return (
    <Modal
      open={open}
      title="TTD KGB"
      okText="Tandatangani"
      cancelText="Batal"
      onOk={submit}
      onCancel={close}
      confirmLoading={busy}
      maskClosable={!busy}
      destroyOnHidden
      width={560}
      rootClassName="kgb-sign-modal"
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Paragraph style={{ marginBottom: 0 }}>
          Surat nomor <Typography.Text strong>{surat.nomor}</Typography.Text> akan ditandatangani secara elektronik
          {surat.pejabat ? (
            <> oleh <Typography.Text strong>{surat.pejabat.nama}</Typography.Text> ({surat.pejabat.jabatan})</>
          ) : null}
          . Masukkan passphrase kunci tanda tangan pejabat.
        </Typography.Paragraph>
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
