import { useState } from 'react';
import { Alert, Input, Modal, Space, Typography, type ButtonProps } from 'antd';
import { ALASAN_MAX, ALASAN_MIN, type SuratKgb } from '#contract/kgb.ts';
import { failureText } from '../../../components/ui/form-errors.tsx';
import { useCancelKgbSurat } from '../api/kgb.ts';

/**
 * 'Batalkan surat': a verified or signed letter is cancelled with a written reason.
 * The letter keeps its number and code and the public check says it was cancelled; a signed
 * letter's KGB history row is removed, so the teacher's salary returns to the previous decree.
 */
export function CancelModal({ guruId, surat, onClose, onCancelled }: {
  guruId: number;
  surat: SuratKgb;
  onClose: () => void;
  onCancelled: (message: string) => void;
}) {
  const [alasan, setAlasan] = useState('');
  const [error, setError] = useState<string | null>(null);
  const cancel = useCancelKgbSurat();
  const signed = surat.status === 'signed';

  const submit = async () => {
    const text = alasan.trim();
    if (!text) return setError('Alasan pembatalan tidak boleh Kosong');
    if (text.length < ALASAN_MIN) return setError(`Alasan pembatalan minimal ${ALASAN_MIN} karakter`);
    setError(null);
    try {
      const r = await cancel.mutateAsync({ suratId: surat.id, guruId, alasan: text });
      onCancelled(r.message);
    } catch (err) {
      setError(failureText(err));
    }
  };

  return (
    <Modal
      open
      title="Batalkan surat KGB"
      okText="Batalkan surat"
      okButtonProps={{ danger: true, 'data-testid': 'kgb-batal-ok' } as ButtonProps}
      cancelText="Tutup"
      onOk={submit}
      onCancel={onClose}
      confirmLoading={cancel.isPending}
      maskClosable={!cancel.isPending}
      destroyOnHidden
      width={560}
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Paragraph style={{ marginBottom: 0 }}>
          Surat nomor <Typography.Text strong>{surat.nomor}</Typography.Text> akan dibatalkan. Nomor dan kode dokumennya tetap tercatat, dan pemeriksaan keaslian akan menyatakan surat ini dibatalkan.
          {signed ? ' Riwayat KGB dari surat ini dihapus sehingga gaji pokok guru kembali ke SK sebelumnya; surat pengganti dapat dibuat kembali.' : ' Surat pengganti dapat dibuat kembali untuk TMT yang sama.'}
        </Typography.Paragraph>
        <label htmlFor="kgb-alasan-batal">
          <Typography.Text strong>Alasan pembatalan</Typography.Text>
        </label>
        <Input.TextArea
          id="kgb-alasan-batal"
          autoFocus
          value={alasan}
          maxLength={ALASAN_MAX}
          showCount
          autoSize={{ minRows: 3, maxRows: 6 }}
          placeholder="Contoh: golongan salah karena SK kenaikan pangkat belum dicatat"
          status={error ? 'error' : undefined}
          aria-invalid={error ? true : undefined}
          disabled={cancel.isPending}
          onChange={(e) => setAlasan(e.target.value)}
          data-testid="kgb-alasan-batal"
        />
        {error && <Alert type="error" showIcon role="alert" title={error} data-testid="kgb-batal-error" />}
      </Space>
    </Modal>
  );
}
