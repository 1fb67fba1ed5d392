import { useState } from 'react';
import { Alert, Input, Modal, Select, Typography } from 'antd';
import { STATUS_GAJI_LABEL, type StatusGaji, type StatusGajiKode } from '#contract/kgb-periode-values.ts';
import { failureText } from '../../../components/ui/form-errors.tsx';

/** What the payroll office answered about a signed letter: accepted, or returned with the reason (10–500 characters). */
export function GajiModal({ nama, nomor, initial, onSubmit, onClose }: { nama: string; nomor: string; initial: StatusGaji | null; onSubmit: (status: StatusGajiKode, alasan: string) => Promise<void>; onClose: () => void }) {
  const [status, setStatus] = useState<StatusGajiKode>(initial?.status ?? 'diterima');
  const [alasan, setAlasan] = useState(initial?.alasan ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const text = alasan.trim();
    if (status === 'dikembalikan' && !text) return setError('Alasan pengembalian tidak boleh Kosong');
    if (status === 'dikembalikan' && text.length < 10) return setError('Alasan pengembalian minimal 10 karakter');
    setBusy(true);
    try {
      await onSubmit(status, text);
    } catch (err) {
      setError(failureText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title="Jawaban bagian gaji" okText="Simpan" cancelText="Batal" onOk={submit} onCancel={onClose} confirmLoading={busy} destroyOnHidden>
      <Typography.Paragraph>
        Surat KGB <b>{nama}</b> nomor {nomor}: catat jawaban pengelola gaji (BPKAD) atas surat ini.
      </Typography.Paragraph>
      <Select<StatusGajiKode>
        aria-label="Jawaban bagian gaji"
        data-testid="periode-gaji-status"
        value={status}
        style={{ width: '100%', marginBottom: 8 }}
        options={(Object.keys(STATUS_GAJI_LABEL) as StatusGajiKode[]).map((k) => ({ value: k, label: STATUS_GAJI_LABEL[k] }))}
        onChange={(v) => {
          setStatus(v);
          setError(null);
        }}
      />
      {status === 'dikembalikan' && (
        <Input.TextArea
          rows={3}
          maxLength={500}
          showCount
          aria-label="Alasan pengembalian"
          aria-invalid={error ? true : undefined}
          data-testid="periode-gaji-alasan"
          placeholder="Mis. nomor rekening tidak cocok dengan data gaji"
          value={alasan}
          status={error ? 'error' : undefined}
          onChange={(e) => {
            setAlasan(e.target.value);
            setError(null);
          }}
        />
      )}
      {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginTop: 8 }} data-testid="periode-gaji-error" />}
    </Modal>
  );
}
