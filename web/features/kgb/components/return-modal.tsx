import { useState } from 'react';
import { Alert, Input, Modal, Typography } from 'antd';
import { failureText } from '../../../components/ui/form-errors.tsx';

/** "Kembalikan ke sekolah": a draft goes back to the school with a required note (10–500 characters). */
export function ReturnModal({ nama, initial, onSubmit, onClose }: { nama: string; initial: string; onSubmit: (catatan: string) => Promise<void>; onClose: () => void }) {
  const [catatan, setCatatan] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const text = catatan.trim();
    if (!text) return setError('Catatan perbaikan tidak boleh Kosong');
    if (text.length < 10) return setError('Catatan perbaikan minimal 10 karakter');
    setBusy(true);
    try {
      await onSubmit(text);
    } catch (err) {
      setError(failureText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title="Kembalikan ke sekolah" okText="Kembalikan" cancelText="Batal" onOk={submit} onCancel={onClose} confirmLoading={busy} destroyOnHidden>
      <Typography.Paragraph>
        Draf KGB <b>{nama}</b> dikembalikan ke operator sekolah untuk diperbaiki. Tulis apa yang harus dilengkapi.
      </Typography.Paragraph>
      <Input.TextArea
        autoFocus
        rows={3}
        maxLength={500}
        showCount
        aria-label="Catatan perbaikan"
        aria-invalid={error ? true : undefined}
        data-testid="periode-catatan-input"
        value={catatan}
        status={error ? 'error' : undefined}
        onChange={(e) => {
          setCatatan(e.target.value);
          setError(null);
        }}
      />
      {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginTop: 8 }} data-testid="periode-catatan-error" />}
    </Modal>
  );
}
