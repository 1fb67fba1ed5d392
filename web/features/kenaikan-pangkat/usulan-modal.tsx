import { useState } from 'react';
import { Alert, Input, Modal, type ButtonProps } from 'antd';
import type { KpItem } from '#contract/kenaikan-pangkat-values.ts';
import { failureText } from '../../components/ui/form-errors.tsx';
import { formatDate } from '../../lib/format.ts';
import { propose } from './api.ts';

/** Today as YYYY-MM-DD in the browser's calendar. */
const todayYmd = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** The covering letter's number and date for a batch of the chosen eligible teachers. */
export function UsulanModal({ periode, guru, onClose, onDone }: { periode: string; guru: KpItem[]; onClose: () => void; onDone: (message: string) => void }) {
  const [nomor, setNomor] = useState('');
  const [tanggal, setTanggal] = useState(todayYmd());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await propose({ periode, nomor_surat: nomor, tanggal_surat: tanggal, guru_ids: guru.map((g) => g.id) });
      onDone(r.message);
    } catch (err) {
      setError(failureText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={`Usul kenaikan pangkat TMT ${formatDate(`${periode}-01`, 'D MMMM YYYY')}`} okText="Buat Usulan" cancelText="Batal" confirmLoading={busy} onOk={submit} onCancel={onClose} okButtonProps={{ 'data-testid': 'kp-usulan-simpan' } as ButtonProps}>
      <p>{guru.length} guru yang memenuhi syarat diusulkan ke BKD dengan surat pengantar dan daftar nominatif: {guru.map((g) => g.nama).join(', ')}.</p>
      <label className="kp-lines" style={{ marginBottom: 12 }}>
        <span>Nomor surat pengantar</span>
        <Input value={nomor} onChange={(e) => setNomor(e.target.value)} placeholder="800.1.3.2/…/DIKBUD/2026" maxLength={100} data-testid="kp-usulan-nomor" />
      </label>
      <label className="kp-lines">
        <span>Tanggal surat</span>
        <Input type="date" value={tanggal} onChange={(e) => setTanggal(e.target.value)} data-testid="kp-usulan-tanggal" />
      </label>
      {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginTop: 12 }} data-testid="kp-usulan-error" />}
    </Modal>
  );
}
