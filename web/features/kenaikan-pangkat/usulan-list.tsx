import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Input, InputNumber, Modal, Table, Tag, type ButtonProps, type TableColumnsType } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { DOKUMEN_KP, STATUS_USUL_KP_LABEL, type KpUsulan, type KpUsulanRow } from '#contract/kenaikan-pangkat-values.ts';
import type { Family } from '../../app/paths.ts';
import { failureText } from '../../components/ui/form-errors.tsx';
import { cardTable } from '../../components/ui/card-table.ts';
import { formatDate, orEmpty } from '../../lib/format.ts';
import { openDocument } from '../../lib/documents.ts';
import { ExportButton } from '../ekspor/export-button.tsx';
import { guruPaths } from '../guru/paths.ts';
import { decide, kpKeys, setDokumen, setStatus, useKpUsulan } from './api.ts';
import { STATUS_COLOR } from './syarat-text.tsx';

type Dialog = { kind: 'bts' | 'tms'; row: KpUsulanRow } | { kind: 'tetapkan'; row: KpUsulanRow; periode: string } | null;

/** The period's proposal batches: their letters and lists, and each teacher's checklist, state and decision. */
export function UsulanList({ periode, family }: { periode: string; family: Family }) {
  const batches = useKpUsulan(periode, true);
  const qc = useQueryClient();
  const { message, modal } = App.useApp();
  const [dialog, setDialog] = useState<Dialog>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: kpKeys.all });
  const act = async (work: () => Promise<{ message: string }>) => {
    try {
      message.success((await work()).message);
      await refresh();
    } catch (err) {
      message.error(failureText(err));
    }
  };
  if (!batches.data?.length) return null;

  const columns = (b: KpUsulan): TableColumnsType<KpUsulanRow> => [
    { title: 'Nama / NIP', key: 'nama', render: (_v, r) => <span className="kp-lines"><Link to={guruPaths.detail(family, r.guru_id)}>{r.nama}</Link><small>{orEmpty(r.nip)} · {orEmpty(r.nama_sekolah)}</small></span> },
    { title: 'Pangkat', key: 'gol', className: 'kp-nowrap', render: (_v, r) => <>{r.golongan_lama} → <b>{r.golongan_baru}</b></> },
    {
      title: 'Kelengkapan',
      key: 'dokumen',
      render: (_v, r) => (
        <span className="kp-docs">
          {DOKUMEN_KP.filter((d) => r.dokumen[d.key] !== undefined).map((d) => (
            <label key={d.key}>
              <input type="checkbox" className="kp-check" checked={r.dokumen[d.key]} disabled={r.status === 'ditetapkan'} onChange={(e) => void act(() => setDokumen(r.id, { [d.key]: e.target.checked }))} data-testid={`kp-dok-${d.key}`} />
              {d.label}
            </label>
          ))}
        </span>
      ),
    },
    {
      title: 'Status',
      key: 'status',
      render: (_v, r) => (
        <span className="kp-lines">
          <span><Tag color={STATUS_COLOR[r.status]} data-testid="kp-batch-status">{STATUS_USUL_KP_LABEL[r.status]}</Tag></span>
          {r.alasan && <small>{r.alasan}</small>}
          {r.sk_nomor && <small>SK {r.sk_nomor}, TMT {formatDate(r.sk_tmt)}</small>}
        </span>
      ),
    },
    {
      title: 'Aksi',
      key: 'aksi',
      render: (_v, r) =>
        r.status === 'ditetapkan' ? null : (
          <span className="kp-actions">
            {r.status === 'diusulkan' && <Button size="small" type="primary" onClick={() => setDialog({ kind: 'tetapkan', row: r, periode: b.periode })} data-testid="kp-tetapkan">Catat SK</Button>}
            {r.status === 'diusulkan' && <Button size="small" onClick={() => setDialog({ kind: 'bts', row: r })} data-testid="kp-bts">BTS</Button>}
            {r.status === 'diusulkan' && <Button size="small" danger onClick={() => setDialog({ kind: 'tms', row: r })} data-testid="kp-tms">TMS</Button>}
            {r.status !== 'diusulkan' && (
              <Button size="small" onClick={() => modal.confirm({ title: 'Apakah Anda Yakin?', content: `${r.nama} diusulkan kembali.`, okText: 'Ya,Saya Yakin', cancelText: 'Tidak,Batalkan', onOk: () => act(() => setStatus(r.id, 'diusulkan')) })} data-testid="kp-usul-lagi">
                Usulkan lagi
              </Button>
            )}
          </span>
        ),
    },
  ];

  return (
    <section className="kp-batches" aria-label="Usulan periode ini">
      <h4 className="lite-title">Usulan periode {formatDate(`${periode}-01`, 'MMMM YYYY')}</h4>
      {batches.data.map((b) => (
        <div key={b.id} className="kp-card" data-testid="kp-batch">
          <div className="kp-batch-head">
            <span className="kp-lines">
              <b>Surat {b.nomor_surat}</b>
              <small>{formatDate(b.tanggal_surat, 'D MMMM YYYY')} · {b.jumlah} guru</small>
            </span>
            <span className="kp-actions">
              <Button icon={<FilePdfOutlined />} onClick={() => openDocument(`/api/kenaikan-pangkat/usulan/${b.id}/surat`, `Surat pengantar ${b.nomor_surat}`)} data-testid="kp-surat-pdf">Surat pengantar</Button>
              <Button icon={<FilePdfOutlined />} onClick={() => openDocument(`/api/kenaikan-pangkat/usulan/${b.id}/nominatif`, `Daftar nominatif ${b.nomor_surat}`)} data-testid="kp-nominatif-pdf">Nominatif PDF</Button>
              <ExportButton path={`kenaikan-pangkat/usulan/${b.id}/nominatif`} query={{ format: 'xlsx' }} label="Nominatif Excel" testId="kp-nominatif-xlsx" fallbackName={`nominatif-kp-${b.periode}-${b.id}.xlsx`} />
            </span>
          </div>
          <Table<KpUsulanRow> {...cardTable(columns(b))} rowKey="id" size="small" pagination={false} dataSource={b.guru} />
        </div>
      ))}
      {dialog?.kind === 'tetapkan' && <TetapkanModal row={dialog.row} periode={dialog.periode} onClose={() => setDialog(null)} onDone={async (m) => { message.success(m); setDialog(null); await refresh(); }} />}
      {(dialog?.kind === 'bts' || dialog?.kind === 'tms') && <AlasanModal kind={dialog.kind} row={dialog.row} onClose={() => setDialog(null)} onDone={async (m) => { message.success(m); setDialog(null); await refresh(); }} />}
    </section>
  );
}

function AlasanModal({ kind, row, onClose, onDone }: { kind: 'bts' | 'tms'; row: KpUsulanRow; onClose: () => void; onDone: (m: string) => void }) {
  const [alasan, setAlasan] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    try {
      onDone((await setStatus(row.id, kind, alasan)).message);
    } catch (err) {
      setError(failureText(err));
    }
  };
  return (
    <Modal open title={kind === 'bts' ? `Kembalikan untuk perbaikan (BTS): ${row.nama}` : `Tidak memenuhi syarat (TMS): ${row.nama}`} okText="Simpan" cancelText="Batal" onOk={submit} onCancel={onClose} okButtonProps={{ 'data-testid': 'kp-alasan-simpan' } as ButtonProps}>
      <label className="kp-lines">
        <span>Alasan {kind === 'bts' ? '(dikirim ke operator sekolah)' : ''}</span>
        <Input.TextArea rows={3} maxLength={500} value={alasan} onChange={(e) => setAlasan(e.target.value)} data-testid="kp-alasan" />
      </label>
      {error && <Alert type="error" showIcon role="alert" title={error} />}
    </Modal>
  );
}

function TetapkanModal({ row, periode, onClose, onDone }: { row: KpUsulanRow; periode: string; onClose: () => void; onDone: (m: string) => void }) {
  const [v, setV] = useState({ sk_nomor: '', sk_tanggal: '', sk_tmt: `${periode}-01`, sk_pejabat: 'Kepala Kantor Regional BKN', mkg_tahun: row.mkg_usul?.tahun ?? 0, mkg_bulan: row.mkg_usul?.bulan ?? 0 });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof v, x: string | number) => setV((o) => ({ ...o, [k]: x }));
  const submit = async () => {
    setBusy(true);
    try {
      onDone((await decide(row.id, v)).message);
    } catch (err) {
      setError(failureText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={`Catat SK kenaikan pangkat: ${row.nama} (${row.golongan_lama} → ${row.golongan_baru})`} okText="Simpan SK" cancelText="Batal" confirmLoading={busy} onOk={submit} onCancel={onClose} okButtonProps={{ 'data-testid': 'kp-sk-simpan' } as ButtonProps}>
      <p className="lite-secondary">SK yang dicatat menjadi riwayat Kepangkatan terverifikasi; KGB berikutnya dihitung dari SK ini.</p>
      <div className="kp-lines" style={{ gap: 10 }}>
        <label className="kp-lines"><span>Nomor SK</span><Input value={v.sk_nomor} maxLength={100} onChange={(e) => set('sk_nomor', e.target.value)} data-testid="kp-sk-nomor" /></label>
        <label className="kp-lines"><span>Tanggal SK</span><Input type="date" value={v.sk_tanggal} onChange={(e) => set('sk_tanggal', e.target.value)} data-testid="kp-sk-tanggal" /></label>
        <label className="kp-lines"><span>TMT</span><Input type="date" value={v.sk_tmt} onChange={(e) => set('sk_tmt', e.target.value)} data-testid="kp-sk-tmt" /></label>
        <label className="kp-lines"><span>Jabatan penandatangan SK</span><Input value={v.sk_pejabat} maxLength={150} onChange={(e) => set('sk_pejabat', e.target.value)} data-testid="kp-sk-pejabat" /></label>
        <span className="kp-row">
          <label className="kp-lines"><span>MKG tahun</span><InputNumber min={0} max={45} value={v.mkg_tahun} onChange={(x) => set('mkg_tahun', Number(x ?? 0))} /></label>
          <label className="kp-lines"><span>MKG bulan</span><InputNumber min={0} max={11} value={v.mkg_bulan} onChange={(x) => set('mkg_bulan', Number(x ?? 0))} /></label>
        </span>
      </div>
      {error && <Alert type="error" showIcon role="alert" title={error} data-testid="kp-sk-error" />}
    </Modal>
  );
}
