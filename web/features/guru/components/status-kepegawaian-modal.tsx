import { useState } from 'react';
import { Alert, Input, Modal, Select, Space, Typography } from 'antd';
import { STATUS_KEPEGAWAIAN, type Guru, type StatusKepegawaian } from '#contract/guru.ts';
import { failureText } from '../../../components/ui/form-errors.tsx';
import { useSetStatusKepegawaian } from '../api/guru.ts';

const OPTIONS = (Object.keys(STATUS_KEPEGAWAIAN) as StatusKepegawaian[]).map((k) => ({ value: k, label: STATUS_KEPEGAWAIAN[k] }));

/**
 * 'Status kepegawaian': an administrator records that a teacher retired, moved out,
 * stopped or died (with the date and a note), or is active again. Only active teachers are due for
 * KGB and counted.
 */
export function StatusKepegawaianModal({ guru, onClose, onSaved }: { guru: Guru; onClose: () => void; onSaved: (message: string) => void }) {
  const current = guru.status_kepegawaian;
  const [status, setStatus] = useState<StatusKepegawaian>(current.otomatis ? 'aktif' : current.kode);
  const [tanggal, setTanggal] = useState(current.otomatis ? '' : (current.tanggal ?? ''));
  const [keterangan, setKeterangan] = useState(current.otomatis ? '' : (current.keterangan ?? ''));
  const [error, setError] = useState<string | null>(null);
  const save = useSetStatusKepegawaian(guru.id);
  const aktif = status === 'aktif';

  const submit = async () => {
    if (!aktif && !tanggal) return setError('Tanggal status tidak boleh Kosong');
    setError(null);
    try {
      const r = await save.mutateAsync({ status, tanggal: aktif ? '' : tanggal, keterangan: aktif ? '' : keterangan.trim() });
      onSaved(r.message);
    } catch (err) {
      setError(failureText(err));
    }
  };

  return (
    <Modal open title="Status kepegawaian" okText="Simpan" cancelText="Batal" onOk={submit} onCancel={onClose} confirmLoading={save.isPending} maskClosable={!save.isPending} destroyOnHidden width={520}>
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          Guru yang tidak aktif (pensiun, mutasi keluar, berhenti, meninggal dunia) tidak masuk daftar guru akan KGB, jumlah guru di dasbor, maupun statistik.
          {current.otomatis && ' Guru ini sudah melewati batas usia pensiun dan dihitung pensiun secara otomatis.'}
        </Typography.Paragraph>
        <label className="guru-field">
          <span>Status</span>
          <Select<StatusKepegawaian> options={OPTIONS} value={status} onChange={setStatus} aria-label="Status kepegawaian" data-testid="status-kepegawaian-select" />
        </label>
        {!aktif && (
          <>
            <label className="guru-field">
              <span>Sejak tanggal</span>
              <Input type="date" value={tanggal} onChange={(e) => setTanggal(e.target.value)} data-testid="status-kepegawaian-tanggal" />
            </label>
            <label className="guru-field">
              <span>Keterangan (nomor SK, tujuan mutasi, …)</span>
              <Input.TextArea value={keterangan} onChange={(e) => setKeterangan(e.target.value)} maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} data-testid="status-kepegawaian-keterangan" />
            </label>
          </>
        )}
        {error && <Alert type="error" showIcon role="alert" title={error} data-testid="status-kepegawaian-error" />}
      </Space>
    </Modal>
  );
}
