import { useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Alert, Form, Input, Space, Typography } from 'antd';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { LockOutlined } from '@ant-design/icons';
import { passphraseInput, totpInput } from '#contract/kgb-forms.ts';
import { FormErrors } from '../../../components/ui/form-errors.tsx';
import { clearMarks } from '../../../lib/mark-field.ts';
import { useFormProblems } from '../../../lib/use-form-problems.ts';
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
export function PassphraseModal({
  open,
  title,
  okText,
  text,
  extra,
  sealable,
  onSubmit,
  onClose,
}: {
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
  const [form] = Form.useForm<{ passphrase?: string; totp?: string }>();
  // A wrong passphrase or code (the server's 422) is shown at the field, the cursor in it (web/lib/form-problems.ts).
  const problems = useFormProblems(form, { idPrefix: 'ttd' });
  const [busy, setBusy] = useState(false);
  const totp = seal || (bsre && mode === 'totp');
  const field = totp ? 'totp' : 'passphrase';
  const label = seal ? 'Kode TOTP segel' : totp ? 'Kode TOTP' : 'Passphrase';

  const close = () => {
    form.resetFields();
    problems.setErrors([]);
    onClose();
  };
  const submit = async () => {
    if (busy) return;
    const typed: unknown = form.getFieldValue(field);
    const secret = totp
      ? problems.check(totpInput(seal ? 'Kode TOTP segel tidak boleh Kosong' : undefined), { totp: typed })
      : problems.check(passphraseInput, { passphrase: typed });
    if (!secret) return;
    setBusy(true);
    // The secret leaves the form before the call.
    form.setFieldValue(field, '');
    try {
      await onSubmit(secret);
      setBusy(false);
      close();
    } catch (err) {
      // The field enabled again before the cursor is put in it.
      flushSync(() => setBusy(false));
      problems.failed(err);
    }
  };

  return (
    <FormModal
      form={form}
      open={open}
      title={title}
      okText={seal ? 'Segel dan unduh' : okText}
      onClose={close}
      busy={busy}
      destroyOnHidden
      width={560}
      rootClassName="kgb-sign-modal"
    >
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
              form.resetFields();
              problems.setErrors([]);
            }}
            options={[
              { value: 'passphrase', label: 'Passphrase BSrE' },
              { value: 'totp', label: 'Kode TOTP dari aplikasi BeSign' },
            ]}
          />
        )}
        <Form
          form={form}
          name="ttd"
          layout="vertical"
          onValuesChange={clearMarks(form)}
          onFinish={submit}
          disabled={busy}
        >
          <FormErrors errors={problems.errors} testId="kgb-sign-error" />
          <Form.Item key={field} label={label} name={field} required style={{ marginBottom: 0 }}>
            <Input.Password
              autoFocus
              prefix={<LockOutlined />}
              placeholder={seal ? 'Kode TOTP segel (6 digit)' : totp ? 'Kode TOTP (6 digit)' : 'Passphrase'}
              autoComplete="off"
              inputMode={totp ? 'numeric' : undefined}
              maxLength={totp ? 6 : 200}
              data-testid="kgb-passphrase"
            />
          </Form.Item>
        </Form>
        {!seal && <SignatureNote compact />}
      </Space>
    </FormModal>
  );
}
