import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { App, Button, Form, Input, InputNumber, Table, Tag, type TableColumnsType } from 'antd';
import { FormDialog } from '../../components/ui/form-modal.tsx';
import { guruPaths } from '../../app/paths.ts';
import { FilePdfOutlined } from '@ant-design/icons';
import {
  DOKUMEN_KP,
  STATUS_USUL_KP_LABEL,
  type KpUsulan,
  type KpUsulanRow,
} from '#contract/kenaikan-pangkat-values.ts';
import { statusUsulBody, tetapkanBody } from '#contract/kenaikan-pangkat.ts';
import type { Family } from '../../app/paths.ts';
import { failureText } from '../../components/ui/form-errors.tsx';
import { useFormProblems } from '../../lib/use-form-problems.ts';
import { requiredOf } from '../../lib/form-helpers.ts';
import { LazyDateInput } from '../../components/lazy-date-input.tsx';
import { toYmd } from '../../components/date-values.ts';
import { cardTable } from '../../components/ui/card-table.ts';
import { formatDate, orEmpty } from '../../lib/format.ts';
import { openDocument } from '../../lib/documents.ts';
import { ExportButton } from '../../components/ekspor/export-button.tsx';
import { decide, kpKeys, setDokumen, setStatus, useKpUsulan } from './api/kenaikan-pangkat.ts';
import { STATUS_COLOR } from './syarat-text.tsx';

/** Required marks from the contract. */
const req = requiredOf(tetapkanBody);

/** A batch's letters as PDF: the document's path, its tab's title (with the letter's number), its button. */
const BATCH_PDFS = [
  { doc: 'surat', title: 'Surat pengantar', label: 'Surat pengantar', testId: 'kp-surat-pdf' },
  { doc: 'nominatif', title: 'Daftar nominatif', label: 'Nominatif PDF', testId: 'kp-nominatif-pdf' },
];

type Dialog =
  { kind: 'bts' | 'tms'; row: KpUsulanRow } | { kind: 'tetapkan'; row: KpUsulanRow; periode: string } | null;

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
  /** A dialog's save: its message, the dialog closed, the lists read again. */
  const saved = async (m: string) => {
    message.success(m);
    setDialog(null);
    await refresh();
  };
  if (!batches.data?.length) return null;

  const columns = (b: KpUsulan): TableColumnsType<KpUsulanRow> => [
    {
      title: 'Nama / NIP',
      key: 'nama',
      render: (_v, r) => (
        <span className="kp-lines">
          <Link to={guruPaths.detail(family, r.guru_id)}>{r.nama}</Link>
          <small>
            {orEmpty(r.nip)} · {orEmpty(r.nama_sekolah)}
          </small>
        </span>
      ),
    },
    {
      title: 'Pangkat',
      key: 'gol',
      className: 'kp-nowrap',
      render: (_v, r) => (
        <>
          {r.golongan_lama} → <b>{r.golongan_baru}</b>
        </>
      ),
    },
    {
      title: 'Kelengkapan',
      key: 'dokumen',
      render: (_v, r) => (
        <span className="kp-docs">
          {DOKUMEN_KP.filter((d) => r.dokumen[d.key] !== undefined).map((d) => (
            <label key={d.key}>
              <input
                type="checkbox"
                className="kp-check"
                checked={r.dokumen[d.key]}
                disabled={r.status === 'ditetapkan'}
                onChange={(e) => void act(() => setDokumen(r.id, { [d.key]: e.target.checked }))}
                data-testid={`kp-dok-${d.key}`}
              />
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
          <span>
            <Tag color={STATUS_COLOR[r.status]} data-testid="kp-batch-status">
              {STATUS_USUL_KP_LABEL[r.status]}
            </Tag>
          </span>
          {r.alasan && <small>{r.alasan}</small>}
          {r.sk_nomor && (
            <small>
              SK {r.sk_nomor}, TMT {formatDate(r.sk_tmt)}
            </small>
          )}
        </span>
      ),
    },
    {
      title: 'Aksi',
      key: 'aksi',
      render: (_v, r) =>
        r.status === 'ditetapkan' ? null : (
          <span className="kp-actions">
            {r.status === 'diusulkan' && (
              <Button
                size="small"
                type="primary"
                onClick={() => setDialog({ kind: 'tetapkan', row: r, periode: b.periode })}
                data-testid="kp-tetapkan"
              >
                Catat SK
              </Button>
            )}
            {r.status === 'diusulkan' && (
              <Button size="small" onClick={() => setDialog({ kind: 'bts', row: r })} data-testid="kp-bts">
                BTS
              </Button>
            )}
            {r.status === 'diusulkan' && (
              <Button size="small" danger onClick={() => setDialog({ kind: 'tms', row: r })} data-testid="kp-tms">
                TMS
              </Button>
            )}
            {r.status !== 'diusulkan' && (
              <Button
                size="small"
                onClick={() =>
                  modal.confirm({
                    title: 'Apakah Anda Yakin?',
                    content: `${r.nama} diusulkan kembali.`,
                    okText: 'Ya,Saya Yakin',
                    cancelText: 'Tidak,Batalkan',
                    onOk: () => act(() => setStatus(r.id, 'diusulkan')),
                  })
                }
                data-testid="kp-usul-lagi"
              >
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
              <small>
                {formatDate(b.tanggal_surat, 'D MMMM YYYY')} · {b.jumlah} guru
              </small>
            </span>
            <span className="kp-actions">
              {BATCH_PDFS.map((d) => (
                <Button
                  key={d.doc}
                  icon={<FilePdfOutlined />}
                  onClick={() =>
                    openDocument(`/api/kenaikan-pangkat/usulan/${b.id}/${d.doc}`, `${d.title} ${b.nomor_surat}`)
                  }
                  data-testid={d.testId}
                >
                  {d.label}
                </Button>
              ))}
              <ExportButton
                path={`kenaikan-pangkat/usulan/${b.id}/nominatif`}
                query={{ format: 'xlsx' }}
                label="Nominatif Excel"
                testId="kp-nominatif-xlsx"
                fallbackName={`nominatif-kp-${b.periode}-${b.id}.xlsx`}
              />
            </span>
          </div>
          <Table<KpUsulanRow>
            {...cardTable(columns(b))}
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={b.guru}
          />
        </div>
      ))}
      {dialog?.kind === 'tetapkan' && (
        <TetapkanModal row={dialog.row} periode={dialog.periode} onClose={() => setDialog(null)} onDone={saved} />
      )}
      {(dialog?.kind === 'bts' || dialog?.kind === 'tms') && (
        <AlasanModal kind={dialog.kind} row={dialog.row} onClose={() => setDialog(null)} onDone={saved} />
      )}
    </section>
  );
}

function AlasanModal({
  kind,
  row,
  onClose,
  onDone,
}: {
  kind: 'bts' | 'tms';
  row: KpUsulanRow;
  onClose: () => void;
  onDone: (m: string) => void;
}) {
  const [form] = Form.useForm<{ alasan?: string }>();
  // Every problem at its field with the field's label, the cursor in it (web/lib/form-problems.ts).
  const problems = useFormProblems(form, { idPrefix: 'kp_alasan' });
  const submit = () =>
    problems.save(statusUsulBody, { status: kind, alasan: form.getFieldValue('alasan') ?? '' }, async (body) =>
      onDone((await setStatus(row.id, kind, body.alasan)).message),
    );
  return (
    <FormDialog
      form={form}
      problems={problems}
      name="kp_alasan"
      title={
        kind === 'bts' ? `Kembalikan untuk perbaikan (BTS): ${row.nama}` : `Tidak memenuhi syarat (TMS): ${row.nama}`
      }
      okText="Simpan"
      onClose={onClose}
      okTestId="kp-alasan-simpan"
      errorTestId="kp-alasan-error"
      onFinish={submit}
    >
      <Form.Item
        label={kind === 'bts' ? 'Alasan (dikirim ke operator sekolah)' : 'Alasan'}
        name="alasan"
        required
        extra="Minimal 5 karakter."
        style={{ marginBottom: 0 }}
      >
        <Input.TextArea autoFocus rows={3} maxLength={500} data-testid="kp-alasan" />
      </Form.Item>
    </FormDialog>
  );
}

interface SkValues {
  sk_nomor?: string;
  sk_tanggal?: Dayjs | null;
  sk_tmt?: Dayjs | null;
  sk_pejabat?: string;
  mkg_tahun?: number | null;
  mkg_bulan?: number | null;
}

function TetapkanModal({
  row,
  periode,
  onClose,
  onDone,
}: {
  row: KpUsulanRow;
  periode: string;
  onClose: () => void;
  onDone: (m: string) => void;
}) {
  const [form] = Form.useForm<SkValues>();
  // Every problem at once at its field with the field's label, the cursor in the first; a TMT on
  // another day than the 1st is explained at the TMT (web/lib/form-problems.ts).
  const problems = useFormProblems(form, { idPrefix: 'kp_sk' });
  const submit = async () => {
    const v = form.getFieldsValue(true) as SkValues;
    await problems.save(
      tetapkanBody,
      { ...v, sk_tanggal: toYmd(v.sk_tanggal), sk_tmt: toYmd(v.sk_tmt) },
      async (body) => onDone((await decide(row.id, body)).message),
    );
  };
  const initial: SkValues = {
    sk_tmt: dayjs(`${periode}-01`),
    sk_pejabat: 'Kepala Kantor Regional BKN',
    mkg_tahun: row.mkg_usul?.tahun ?? 0,
    mkg_bulan: row.mkg_usul?.bulan ?? 0,
  };
  return (
    <FormDialog
      form={form}
      problems={problems}
      name="kp_sk"
      title={`Catat SK kenaikan pangkat: ${row.nama} (${row.golongan_lama} → ${row.golongan_baru})`}
      okText="Simpan SK"
      onClose={onClose}
      okTestId="kp-sk-simpan"
      errorTestId="kp-sk-error"
      initialValues={initial}
      onFinish={submit}
      intro={
        <p className="lite-secondary">
          SK yang dicatat menjadi riwayat Kepangkatan terverifikasi; KGB berikutnya dihitung dari SK ini.
        </p>
      }
    >
      <Form.Item label="Nomor SK" name="sk_nomor" required={req('sk_nomor')}>
        <Input maxLength={100} data-testid="kp-sk-nomor" />
      </Form.Item>
      {/* Dates typed as people write them (23-06-2026, 23062026) or picked. */}
      <Form.Item label="Tanggal SK" name="sk_tanggal" required={req('sk_tanggal')}>
        <LazyDateInput data-testid="kp-sk-tanggal" />
      </Form.Item>
      <Form.Item label="TMT" name="sk_tmt" required={req('sk_tmt')} extra="Selalu tanggal 1 (awal bulan).">
        <LazyDateInput data-testid="kp-sk-tmt" />
      </Form.Item>
      <Form.Item label="Jabatan Penandatangan SK" name="sk_pejabat" required={req('sk_pejabat')}>
        <Input maxLength={150} data-testid="kp-sk-pejabat" />
      </Form.Item>
      <span className="kp-row">
        <Form.Item label="MKG Tahun" name="mkg_tahun" required={req('mkg_tahun')} style={{ marginBottom: 0 }}>
          <InputNumber min={0} max={45} inputMode="numeric" data-testid="kp-sk-mkg-tahun" />
        </Form.Item>
        <Form.Item label="MKG Bulan" name="mkg_bulan" required={req('mkg_bulan')} style={{ marginBottom: 0 }}>
          <InputNumber min={0} max={11} inputMode="numeric" data-testid="kp-sk-mkg-bulan" />
        </Form.Item>
      </span>
    </FormDialog>
  );
}
