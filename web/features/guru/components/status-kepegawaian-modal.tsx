import { useRef, useState } from 'react';
import { Alert, Input, Modal, Select, Space, Typography, type InputRef } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { ApiError } from '../../../lib/api-client.ts';
import { STATUS_KEPEGAWAIAN, type Guru, type StatusKepegawaian } from '#contract/guru.ts';
import { failureText } from '../../../components/ui/form-errors.tsx';
import { useSetStatusKepegawaian } from '../api/guru.ts';

const OPTIONS = (Object.keys(STATUS_KEPEGAWAIAN) as StatusKepegawaian[]).map((k) => ({
  value: k,
  label: STATUS_KEPEGAWAIAN[k],
}));

/**
 * 'Status kepegawaian': an administrator records that a teacher retired, moved out,
 * stopped or died (with the date and a note), or is active again. Only active teachers are due for
 * KGB and counted.
 */
export function StatusKepegawaianModal({
  guru,
  onClose,
  onSaved,
}: {
  guru: Guru;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const current = guru.status_kepegawaian;
  const [status, setStatus] = useState<StatusKepegawaian>(current.otomatis ? 'aktif' : current.kode);
  const [tanggal, setTanggal] = useState(current.otomatis ? '' : (current.tanggal ?? ''));
  const [keterangan, setKeterangan] = useState(current.otomatis ? '' : (current.keterangan ?? ''));
  const [error, setError] = useState<string | null>(null);
  // The field the problem belongs to: marked, and the cursor put in it (web/lib/form-problems.ts).
  const [problemAt, setProblemAt] = useState<'tanggal' | 'keterangan' | null>(null);
  const tanggalRef = useRef<InputRef>(null);
  const keteranganRef = useRef<TextAreaRef>(null);
  const save = useSetStatusKepegawaian(guru.id);
  const aktif = status === 'aktif';

  const submit = async () => {
    if (!aktif && !tanggal) {
      setProblemAt('tanggal');
      tanggalRef.current?.focus();
      return setError('Tanggal status tidak boleh Kosong');
    }
    setError(null);
    setProblemAt(null);
    try {
      const r = await save.mutateAsync({
        status,
        tanggal: aktif ? '' : tanggal,
        keterangan: aktif ? '' : keterangan.trim(),
      });
      onSaved(r.message);
    } catch (err) {
      // A refusal of one field (422) is shown at it, with the cursor there.
      const fields = Object.keys(
        (err instanceof ApiError ? (err.data as { errors?: Record<string, string> } | null)?.errors : null) ?? {},
      );
      const at = fields.includes('tanggal') ? 'tanggal' : fields.includes('keterangan') ? 'keterangan' : null;
      setProblemAt(at);
      if (at === 'tanggal') tanggalRef.current?.focus();
      if (at === 'keterangan') keteranganRef.current?.focus();
      setError(failureText(err));
    }
  };

  return (
    <Modal
      open
      title="Status kepegawaian"
      okText="Simpan"
      cancelText="Batal"
      onOk={submit}
      onCancel={onClose}
      confirmLoading={save.isPending}
      maskClosable={!save.isPending}
      destroyOnHidden
      width={520}
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          Guru yang tidak aktif (pensiun, mutasi keluar, berhenti, meninggal dunia) tidak masuk daftar guru akan KGB,
          jumlah guru di dasbor, maupun statistik.
          {current.otomatis && ' Guru ini sudah melewati batas usia pensiun dan dihitung pensiun secara otomatis.'}
        </Typography.Paragraph>
        <label className="guru-field">
          <span>Status</span>
          <Select<StatusKepegawaian>
            options={OPTIONS}
            value={status}
            onChange={setStatus}
            aria-label="Status kepegawaian"
            data-testid="status-kepegawaian-select"
          />
        </label>
        {!aktif && (
          <>
            <label className="guru-field">
              <span>Sejak tanggal</span>
              <Input
                ref={tanggalRef}
                type="date"
                value={tanggal}
                status={problemAt === 'tanggal' ? 'error' : undefined}
                aria-invalid={problemAt === 'tanggal' || undefined}
                aria-describedby={problemAt === 'tanggal' ? 'status-kepegawaian-error' : undefined}
                onChange={(e) => {
                  setTanggal(e.target.value);
                  if (problemAt === 'tanggal') setProblemAt(null);
                }}
                data-testid="status-kepegawaian-tanggal"
              />
            </label>
            <label className="guru-field">
              <span>Keterangan (nomor SK, tujuan mutasi, …)</span>
              <Input.TextArea
                ref={keteranganRef}
                value={keterangan}
                status={problemAt === 'keterangan' ? 'error' : undefined}
                aria-invalid={problemAt === 'keterangan' || undefined}
                aria-describedby={problemAt === 'keterangan' ? 'status-kepegawaian-error' : undefined}
                onChange={(e) => setKeterangan(e.target.value)}
                maxLength={500}
                autoSize={{ minRows: 2, maxRows: 4 }}
                data-testid="status-kepegawaian-keterangan"
              />
            </label>
          </>
        )}
        {error && (
          <Alert
            id="status-kepegawaian-error"
            type="error"
            showIcon
            role="alert"
            title={error}
            data-testid="status-kepegawaian-error"
          />
        )}
      </Space>
    </Modal>
  );
}
