import { useState } from 'react';
import { Alert, App, Modal, Select, Space, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { JENJANG_DELEGASI, type Pejabat } from '#contract/kgb.ts';
import { apiWithMessage } from '../../../lib/api-client.ts';
import { failureText } from '../../../components/ui/form-errors.tsx';
import { kgbKeys } from '../api/kgb.ts';

const GOLONGAN = ['I/a', 'I/b', 'I/c', 'I/d', 'II/a', 'II/b', 'II/c', 'II/d', 'III/a', 'III/b', 'III/c', 'III/d', 'IV/a', 'IV/b', 'IV/c', 'IV/d', 'IV/e', 'I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII', 'XIII', 'XIV', 'XV', 'XVI', 'XVII'];

/**
 * Delegation of the signature: the golongan and school levels whose letters this
 * official signs instead of the active one (PUT/DELETE api/pejabat/{id}/delegasi).
 */
export function DelegasiModal({ pejabat, onClose }: { pejabat: Pejabat; onClose: () => void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [golongan, setGolongan] = useState<string[]>(pejabat.delegasi?.golongan ?? []);
  const [jenjang, setJenjang] = useState<string[]>(pejabat.delegasi?.jenjang ?? []);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (remove: boolean) => {
    setBusy(true);
    setError(null);
    try {
      const r = remove
        ? await apiWithMessage<Pejabat[]>('DELETE', `pejabat/${pejabat.id}/delegasi`)
        : await apiWithMessage<Pejabat[]>('PUT', `pejabat/${pejabat.id}/delegasi`, { body: { golongan, jenjang } });
      qc.setQueryData(kgbKeys.pejabat, r.data);
      await qc.invalidateQueries({ queryKey: kgbKeys.all });
      message.success(r.message);
      onClose();
    } catch (err) {
      setError(failureText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={`Delegasi tanda tangan: ${pejabat.nama}`}
      okText="Simpan delegasi"
      cancelText="Batal"
      onOk={() => void send(false)}
      onCancel={onClose}
      confirmLoading={busy}
      footer={(_node, { OkBtn, CancelBtn }) => (
        <Space>
          {pejabat.delegasi && (
            <a role="button" tabIndex={0} className="delegasi-hapus" onClick={() => void send(true)} onKeyDown={(e) => e.key === 'Enter' && void send(true)} data-testid="delegasi-hapus">
              Hapus delegasi
            </a>
          )}
          <CancelBtn />
          <OkBtn />
        </Space>
      )}
      destroyOnHidden
    >
      <Typography.Paragraph>
        Pejabat ini menandatangani surat KGB guru dengan golongan dan jenjang sekolah berikut, menggantikan pejabat aktif. Kosongkan salah satunya untuk semua golongan atau semua jenjang.
      </Typography.Paragraph>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <label className="kgb-field">
          <span>Golongan</span>
          <Select mode="multiple" allowClear value={golongan} onChange={setGolongan} options={GOLONGAN.map((g) => ({ value: g, label: g }))} placeholder="Semua golongan" aria-label="Golongan yang didelegasikan" data-testid="delegasi-golongan" />
        </label>
        <label className="kgb-field">
          <span>Jenjang sekolah</span>
          <Select mode="multiple" allowClear value={jenjang} onChange={setJenjang} options={JENJANG_DELEGASI.map((j) => ({ value: j, label: j }))} placeholder="Semua jenjang" aria-label="Jenjang yang didelegasikan" data-testid="delegasi-jenjang" />
        </label>
        {error && <Alert type="error" showIcon role="alert" title={error} data-testid="delegasi-error" />}
      </Space>
    </Modal>
  );
}
