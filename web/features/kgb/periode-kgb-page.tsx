import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Select, Table, Tag, type TableColumnsType } from 'antd';
import {
  CheckCircleOutlined,
  EditOutlined,
  FileAddOutlined,
  FilePdfOutlined,
  RollbackOutlined,
} from '@ant-design/icons';
import {
  PERIODE_DAPAT_DIDRAF,
  PERIODE_STATUS_LABEL,
  STATUS_GAJI_LABEL,
  type PeriodeItem,
  type PeriodeStatus,
  type StatusGajiKode,
  type TugasKgb,
} from '#contract/kgb-periode-values.ts';
import { MSG } from '#contract/messages.ts';
import { familyOf, paths } from '../../app/paths.ts';
import { failureText } from '../../components/ui/form-errors.tsx';
import { formatDate, formatRupiah, orEmpty } from '../../lib/format.ts';
import { saveBlob } from '../../lib/documents.ts';
import { useAppConfig } from '../../lib/app-config.ts';
import { guruPaths } from '../../app/paths.ts';
import { ExportButton } from '../../components/ekspor/export-button.tsx';
import { kgbKeys, usePejabat, type SignSecret } from './api/kgb.ts';
import {
  makeDrafts,
  periodeKeys,
  recordGaji,
  returnDraft,
  signedNominatif,
  startSign,
  startVerify,
  usePeriodeKgb,
  useTugasKgb,
} from './api/periode.ts';
// The dialogs download when opened: the page stays within its route budget (docs/performance.md).
const PassphraseModal = lazy(() =>
  import('./components/passphrase-modal.tsx').then((m) => ({ default: m.PassphraseModal })),
);
const RunProgress = lazy(() => import('./components/run-progress.tsx').then((m) => ({ default: m.RunProgress })));
const ReturnModal = lazy(() => import('./components/return-modal.tsx').then((m) => ({ default: m.ReturnModal })));
const GajiModal = lazy(() => import('./components/gaji-modal.tsx').then((m) => ({ default: m.GajiModal })));
import './kgb.css';
import { cardTable } from '../../components/ui/card-table.ts';
import { useUrlState } from '../../lib/url-state.ts';
import { monthLabel, monthOf, monthOptions } from '../../lib/bulan.ts';
import { UnverifiedAccept } from './components/unverified-accept.tsx';

const STATUS_COLOR: Record<PeriodeStatus, string> = {
  belum_siap: 'orange',
  siap: 'blue',
  draf: 'default',
  dikembalikan: 'volcano',
  verified: 'purple',
  signing: 'purple',
  signed: 'green',
  cancelled: 'red',
  ditunda: 'gold',
};
const ORDER: PeriodeStatus[] = [
  'belum_siap',
  'siap',
  'draf',
  'dikembalikan',
  'verified',
  'signing',
  'signed',
  'cancelled',
  'ditunda',
];
const RETURNABLE: PeriodeStatus[] = ['belum_siap', 'siap', 'draf', 'dikembalikan', 'cancelled'];

const mkg = (m: { tahun: number; bulan: number } | null) => (m ? `${m.tahun} th ${m.bulan} bl` : MSG.emptyValue);

/**
 * The monthly KGB run: choose a month, see every teacher whose TMT falls in it and where
 * each stands, make all drafts at once, send one back to the school with a note, verify all or a
 * selection, sign every verified letter with one passphrase (with progress and a result per letter),
 * and download the nominative list for the payroll office.
 */
export function PeriodeKgbPage() {
  const family = familyOf(useLocation().pathname) ?? 'admin-side';
  const { message } = App.useApp();
  const qc = useQueryClient();
  // The month is always written once chosen (no default in the URL): a link names its month.
  const [url, setUrl] = useUrlState({ bulan: '', status: '' });
  const today = useMemo(() => new Date(), []);
  const bulan = /^\d{4}-\d{2}$/.test(url.bulan) ? url.bulan : monthOf(today, 2);
  const status = url.status as PeriodeStatus | '';
  const month = usePeriodeKgb(bulan);
  const data = month.data?.bulan === bulan ? month.data : undefined;
  const [selected, setSelected] = useState<number[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [run, setRun] = useState<TugasKgb | null>(null);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [returning, setReturning] = useState<PeriodeItem | null>(null);
  // A signed letter whose payroll answer is being recorded.
  const [answering, setAnswering] = useState<PeriodeItem | null>(null);
  const [asking, setAsking] = useState<'ttd' | 'nominatif' | 'nominatif-hari' | null>(null);
  // The payroll month that first pays the new salaries (back pay up to it), and a dispatch day.
  const [bulanGaji, setBulanGaji] = useState('');
  const [hariTtd, setHariTtd] = useState('');
  const { modal } = App.useApp();
  const appConfig = useAppConfig().data;
  const bsre = appConfig?.penandatangan === 'bsre';
  // The office's seal (docs/domain/tanda-tangan.md): the list is sealed in the office's name, not signed.
  const disahkan =
    bsre && appConfig?.segel === true
      ? 'disegel secara elektronik atas nama kantor'
      : 'ditandatangani secara elektronik seperti suratnya';

  const months = useMemo(() => monthOptions(today, 10, bulan), [today, bulan]);

  /** Another month or status: nothing selected. */
  const filter = (change: Partial<typeof url>) => {
    setUrl(change);
    setSelected([]);
  };
  const refresh = () => qc.invalidateQueries({ queryKey: kgbKeys.all });
  const rows = (data?.data ?? []).filter((i) => !status || i.status === status);
  const chosen = (pred: (i: PeriodeItem) => boolean) =>
    (data?.data ?? []).filter((i) => pred(i) && (!selected.length || selected.includes(i.guru_id)));
  const toDraft = chosen((i) => PERIODE_DAPAT_DIDRAF.includes(i.status));
  const toVerify = chosen((i) => i.status === 'draf');
  const toSign = chosen((i) => i.status === 'verified');
  // With delegations the letters have several signers; one passphrase signs one official's letters.
  const signers = [...new Set(toSign.map((i) => i.surat?.pejabat_id ?? 0))].filter(Boolean);
  const [signer, setSigner] = useState<number | null>(null);
  const officials = usePejabat(signers.length > 1);
  const nameOf = (id: number) => officials.data?.find((p) => p.id === id)?.nama ?? `Pejabat ${id}`;
  const signCount =
    signers.length > 1 ? toSign.filter((i) => i.surat?.pejabat_id === (signer ?? signers[0])).length : toSign.length;
  // Letters resting on unverified data: signed only when the official accepts it (the server checks).
  const unverified = toSign.filter((i) => i.peringatan.length > 0);
  const [terima, setTerima] = useState(false);
  // The run started here (or the month's newest one that has not finished), polled while it goes
  // on; the list follows each letter it finishes.
  const shown =
    run ?? (data?.tugas && data.tugas.status !== 'selesai' && data.tugas.id !== dismissed ? data.tugas : null);
  const live = useTugasKgb(shown?.status === 'berjalan' ? shown.id : null);
  const current = live.data && live.data.id === shown?.id ? live.data : shown;
  const running = current?.status === 'berjalan';
  const progressKey = current ? `${current.id}:${current.diproses}:${current.status}` : '';
  useEffect(() => {
    if (progressKey) void qc.invalidateQueries({ queryKey: periodeKeys.month(bulan) });
  }, [progressKey, qc, bulan]);

  const act = async (key: string, work: () => Promise<{ message: string }>) => {
    setBusy(key);
    try {
      const r = await work();
      message.success(r.message);
      await refresh();
    } catch (err) {
      message.error(failureText(err));
    } finally {
      setBusy(null);
    }
  };

  const drafts = () =>
    act('draf', () => makeDrafts(bulan, selected.length ? toDraft.map((i) => i.guru_id) : undefined));
  const verify = () =>
    modal.confirm({
      title: 'Apakah Anda Yakin?',
      content: `${toVerify.length.toLocaleString('id-ID')} draf akan diverifikasi dan diberi nomor surat. Surat yang sudah diverifikasi hanya dapat diubah dengan membatalkannya.`,
      okText: 'Ya,Saya Yakin',
      cancelText: 'Tidak,Batalkan',
      onOk: () =>
        act('verifikasi', async () => {
          const r = await startVerify(bulan, selected.length ? toVerify.map((i) => i.guru_id) : undefined);
          setRun(r.data);
          return r;
        }),
    });
  const sign = async (secret: SignSecret) => {
    const r = await startSign(
      bulan,
      secret,
      selected.length ? toSign.map((i) => i.surat!.id) : undefined,
      signers.length > 1 ? (signer ?? signers[0]) : undefined,
      terima,
    );
    setRun(r.data);
    message.success(r.message);
    await refresh();
  };
  // The back pay's payroll month, when chosen, goes with every list of the page.
  const rapel = bulanGaji ? { bulan_gaji: bulanGaji } : {};
  /** The signed nominative list of the month or of one signing day, saved as `file`. */
  const signedList =
    (batch: { bulan: string } | { tanggal_ttd: string }, file: string) => async (secret: SignSecret) => {
      saveBlob(await signedNominatif({ ...batch, ...rapel }, secret), file);
      message.success('Daftar nominatif bertanda tangan diunduh');
    };
  const nominatif = signedList({ bulan }, `nominatif-kgb-${bulan}.pdf`);
  const nominatifHari = signedList({ tanggal_ttd: hariTtd }, `nominatif-kgb-ttd-${hariTtd}.pdf`);
  const gajiMonths = useMemo(
    () =>
      Array.from({ length: 8 }, (_v, i) => monthOf(today, i - 1)).map((m) => ({
        value: m,
        label: `Gaji ${monthLabel(m)}`,
      })),
    [today],
  );
  /** Throws the server's refusal to the dialog, which shows it at the note. */
  const submitReturn = async (row: PeriodeItem, catatan: string) => {
    const r = await returnDraft(bulan, row.guru_id, catatan);
    message.success(r.message);
    setReturning(null);
    await refresh();
  };

  const submitGaji = async (row: PeriodeItem, status: StatusGajiKode, alasan: string) => {
    const r = await recordGaji(row.surat!.id, status, alasan);
    message.success(r.message);
    setAnswering(null);
    await refresh();
  };

  // The build leaves antd's row selection out (vite.config.ts): a column of the browser's own
  // checkboxes (antd's Checkbox would put the route over its budget).
  const shownIds = rows.map((r) => r.guru_id);
  const allShown = shownIds.length > 0 && shownIds.every((id) => selected.includes(id));
  const someShown = !allShown && shownIds.some((id) => selected.includes(id));
  const toggle = (id: number, on: boolean) => setSelected((s) => (on ? [...s, id] : s.filter((x) => x !== id)));
  const columns: TableColumnsType<PeriodeItem> = [
    {
      title: (
        <input
          type="checkbox"
          className="periode-check"
          aria-label="Pilih semua guru yang tampil"
          checked={allShown}
          ref={(el) => {
            if (el) el.indeterminate = someShown;
          }}
          onChange={(e) =>
            setSelected(
              e.target.checked
                ? [...new Set([...selected, ...shownIds])]
                : selected.filter((id) => !shownIds.includes(id)),
            )
          }
          data-testid="periode-pilih-semua"
        />
      ),
      key: 'pilih',
      width: 44,
      render: (_v, row) => (
        <input
          type="checkbox"
          className="periode-check"
          aria-label={`Pilih ${row.nama}`}
          checked={selected.includes(row.guru_id)}
          onChange={(e) => toggle(row.guru_id, e.target.checked)}
          data-testid="periode-pilih"
        />
      ),
    },
    { title: 'No', key: 'no', width: 48, render: (_v, _r, i) => i + 1 },
    {
      title: 'Nama / NIP',
      key: 'nama',
      render: (_v, row) => (
        <span className="kgb-name">
          <Link to={guruPaths.detail(family, row.guru_id)} data-testid="periode-guru-link">
            {row.nama}
          </Link>
          <small>
            {row.status_guru ?? '-'} · {orEmpty(row.nip)}
          </small>
        </span>
      ),
    },
    { title: 'Sekolah', dataIndex: 'sekolah', render: (v: string | null) => orEmpty(v) },
    { title: 'Gol.', dataIndex: 'golongan', width: 64, align: 'center', render: (v: string | null) => orEmpty(v) },
    {
      title: 'Gaji pokok',
      key: 'gaji',
      className: 'kgb-nowrap',
      render: (_v, row) =>
        row.gaji_baru == null ? (
          MSG.emptyValue
        ) : (
          <span className="kgb-name">
            <span>
              {formatRupiah(row.gaji_lama)} → <b>{formatRupiah(row.gaji_baru)}</b>
            </span>
            <small>
              MKG {mkg(row.mkg_lama)} → {mkg(row.mkg_baru)}
            </small>
          </span>
        ),
    },
    {
      title: 'Status',
      key: 'status',
      render: (_v, row) => (
        <span className="kgb-name periode-status">
          <span>
            <Tag color={STATUS_COLOR[row.status]} data-testid="periode-status">
              {PERIODE_STATUS_LABEL[row.status]}
            </Tag>
          </span>
          {row.catatan && <small data-testid="periode-catatan">{row.catatan}</small>}
          {row.surat && <small>{row.surat.nomor}</small>}
          {row.rapel && (
            <small data-testid="periode-rapel">
              Rapel {row.rapel.bulan} bulan: {formatRupiah(row.rapel.jumlah)}
            </small>
          )}
          {row.status === 'signed' && row.surat?.gaji && (
            <small data-testid="periode-gaji">
              <Tag color={row.surat.gaji.status === 'diterima' ? 'green' : 'volcano'}>
                {STATUS_GAJI_LABEL[row.surat.gaji.status]}
              </Tag>
              {row.surat.gaji.alasan}
            </small>
          )}
        </span>
      ),
    },
    {
      title: 'Aksi',
      key: 'aksi',
      width: 132,
      align: 'center',
      render: (_v, row) =>
        RETURNABLE.includes(row.status) ? (
          <Button
            size="small"
            icon={<RollbackOutlined />}
            data-testid="periode-kembalikan"
            onClick={() => setReturning(row)}
          >
            Kembalikan
          </Button>
        ) : row.surat ? (
          <span className="kgb-name">
            <Link to={paths.verifikasiKgb(family, row.guru_id)} data-testid="periode-lihat">
              Lihat surat
            </Link>
            {row.status === 'signed' && (
              <Button size="small" type="link" data-testid="periode-jawab-gaji" onClick={() => setAnswering(row)}>
                Jawaban gaji
              </Button>
            )}
          </span>
        ) : null,
    },
  ];

  return (
    <>
      <h1 className="lite-title page-title">Periode KGB Bulanan</h1>
      <div className="toolbar">
        <div className="kgb-filters">
          <span className="kgb-row kgb-gap-6">
            <span className="lite-secondary">TMT bulan</span>
            <Select
              aria-label="Bulan periode KGB"
              data-testid="periode-bulan"
              value={bulan}
              style={{ width: 170 }}
              options={months}
              onChange={(v: string) => filter({ bulan: v })}
            />
          </span>
          <Select
            aria-label="Filter status"
            data-testid="periode-filter-status"
            value={status}
            style={{ width: 200 }}
            options={[
              { value: '', label: 'Semua status' },
              ...ORDER.map((s) => ({ value: s, label: `${PERIODE_STATUS_LABEL[s]} (${data?.jumlah[s] ?? 0})` })),
            ]}
            onChange={(v: string) => filter({ status: v })}
          />
        </div>
        <span className="kgb-row kgb-gap-8">
          <Select
            aria-label="Rapel sampai bulan gaji"
            data-testid="periode-bulan-gaji"
            value={bulanGaji}
            style={{ width: 200 }}
            options={[{ value: '', label: 'Rapel s.d. bulan tanda tangan' }, ...gajiMonths]}
            onChange={(v: string) => setBulanGaji(v)}
          />
          <ExportButton
            path="kgb/periode/nominatif"
            query={{ bulan, ...rapel }}
            label="Nominatif Excel"
            testId="periode-nominatif-xlsx"
            fallbackName={`nominatif-kgb-${bulan}.xlsx`}
          />
          <Button
            icon={<FilePdfOutlined />}
            data-testid="periode-nominatif-pdf"
            disabled={!data?.jumlah.signed}
            onClick={() => setAsking('nominatif')}
          >
            Nominatif PDF
          </Button>
          <ExportButton
            path="kgb/periode/gaji"
            query={{ bulan, ...rapel }}
            label="Berkas gaji Excel"
            testId="periode-gaji-xlsx"
            fallbackName={`gaji-kgb-${bulan}.xlsx`}
          />
          <ExportButton
            path="kgb/periode/gaji"
            query={{ bulan, format: 'csv', ...rapel }}
            label="Berkas gaji CSV"
            testId="periode-gaji-csv"
            fallbackName={`gaji-kgb-${bulan}.csv`}
          />
        </span>
      </div>
      <div className="toolbar periode-kiriman">
        <label className="kgb-row kgb-gap-6">
          <span className="lite-secondary">Nominatif kiriman: surat yang ditandatangani tanggal</span>
          <input
            type="date"
            className="periode-date"
            aria-label="Tanggal tanda tangan"
            data-testid="periode-hari-ttd"
            value={hariTtd}
            onChange={(e) => setHariTtd(e.target.value)}
          />
        </label>
        <span className="kgb-row kgb-gap-8">
          <ExportButton
            path="kgb/periode/nominatif"
            query={{ tanggal_ttd: hariTtd, ...rapel }}
            label="Excel"
            testId="periode-hari-xlsx"
            fallbackName={`nominatif-kgb-ttd-${hariTtd}.xlsx`}
            disabled={!hariTtd}
          />
          <Button
            icon={<FilePdfOutlined />}
            data-testid="periode-hari-pdf"
            disabled={!hariTtd}
            onClick={() => setAsking('nominatif-hari')}
          >
            PDF
          </Button>
        </span>
      </div>

      {data && (
        <div className="periode-counts" data-testid="periode-counts">
          {ORDER.filter((s) => data.jumlah[s] > 0).map((s) => (
            <Tag key={s} color={STATUS_COLOR[s]}>
              {PERIODE_STATUS_LABEL[s]}: {data.jumlah[s].toLocaleString('id-ID')}
            </Tag>
          ))}
          <span className="lite-secondary">
            {data.data.length.toLocaleString('id-ID')} guru dengan TMT {formatDate(data.tmt, 'D MMMM YYYY')}
          </span>
        </div>
      )}
      {data && !data.dapat_diproses && (
        <div role="status" className="periode-note" data-testid="periode-belum-waktunya">
          Draf sudah dapat disiapkan; surat periode ini dapat diverifikasi mulai{' '}
          {formatDate(data.dapat_diproses_mulai, 'D MMMM YYYY')}.
        </div>
      )}

      <div className="periode-actions">
        <Button
          type="primary"
          icon={<FileAddOutlined />}
          loading={busy === 'draf'}
          disabled={!toDraft.length || running}
          onClick={drafts}
          data-testid="periode-buat-draf"
        >
          Buat draf ({toDraft.length.toLocaleString('id-ID')})
        </Button>
        <Button
          icon={<CheckCircleOutlined />}
          loading={busy === 'verifikasi'}
          disabled={!toVerify.length || !data?.dapat_diproses || running}
          onClick={verify}
          data-testid="periode-verifikasi"
        >
          Verifikasi ({toVerify.length.toLocaleString('id-ID')})
        </Button>
        <Button
          icon={<EditOutlined />}
          disabled={!toSign.length || running}
          onClick={() => setAsking('ttd')}
          data-testid="periode-ttd"
        >
          Tandatangani ({toSign.length.toLocaleString('id-ID')})
        </Button>
        {selected.length > 0 && (
          <span className="lite-secondary" data-testid="periode-terpilih">
            {selected.length.toLocaleString('id-ID')} guru dipilih ·{' '}
            <Button type="link" size="small" onClick={() => setSelected([])}>
              Batalkan pilihan
            </Button>
          </span>
        )}
      </div>

      {current && (
        <Suspense fallback={null}>
          <RunProgress
            run={current}
            onDone={() => {
              setDismissed(current.id);
              setRun(null);
              void refresh();
            }}
          />
        </Suspense>
      )}

      {month.isError && (
        <div role="alert" className="kgb-load-error">
          <span data-testid="periode-load-error">{failureText(month.error)}</span>
          <Button size="small" onClick={() => void month.refetch()}>
            Muat ulang
          </Button>
        </div>
      )}
      <Table<PeriodeItem>
        rowKey="guru_id"
        {...cardTable(columns)}
        dataSource={rows}
        loading={month.isFetching && !data}
        pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        scroll={{ x: 980 }}
        size="middle"
        locale={{ emptyText: month.isError ? ' ' : MSG.emptyValue }}
        data-testid="periode-table"
      />

      {data && data.dibatalkan.length > 0 && (
        <section className="periode-register" aria-labelledby="periode-batal-judul" data-testid="periode-dibatalkan">
          <h4 id="periode-batal-judul">
            Surat dibatalkan periode ini ({data.dibatalkan.length.toLocaleString('id-ID')})
          </h4>
          <ul>
            {data.dibatalkan.map((b) => (
              <li key={b.surat_id}>
                <b>{b.nomor}</b> · {b.nama}
                {b.dibatalkan_pada && <> · dibatalkan {formatDate(b.dibatalkan_pada, 'D MMMM YYYY')}</>}
                {b.alasan && <> · {b.alasan}</>}
                {' · '}
                {b.pengganti ? (
                  <span data-testid="periode-pengganti">diganti surat {b.pengganti.nomor}</span>
                ) : (
                  <span>belum diganti</span>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}

      {returning && (
        <Suspense fallback={null}>
          <ReturnModal
            nama={returning.nama}
            initial={returning.status === 'dikembalikan' ? (returning.catatan ?? '') : ''}
            onSubmit={(catatan) => submitReturn(returning, catatan)}
            onClose={() => setReturning(null)}
          />
        </Suspense>
      )}
      {answering?.surat && (
        <Suspense fallback={null}>
          <GajiModal
            nama={answering.nama}
            nomor={answering.surat.nomor}
            initial={answering.surat.gaji}
            onSubmit={(status, alasan) => submitGaji(answering, status, alasan)}
            onClose={() => setAnswering(null)}
          />
        </Suspense>
      )}
      <Suspense fallback={null}>
        {asking === 'ttd' && (
          <PassphraseModal
            open
            title="Tandatangani surat KGB"
            okText="Tandatangani"
            text={`${signCount.toLocaleString('id-ID')} surat terverifikasi periode ${monthLabel(bulan)} akan ditandatangani secara elektronik. Masukkan passphrase ${bsre ? 'sertifikat elektronik BSrE pejabat atau kode TOTP dari aplikasi BeSign' : 'kunci tanda tangan pejabat'}.`}
            extra={
              <>
                {unverified.length > 0 && (
                  <UnverifiedAccept
                    count={unverified.length}
                    items={[...new Set(unverified.flatMap((i) => i.peringatan.map((p) => `${i.nama}: ${p}`)))].slice(
                      0,
                      8,
                    )}
                    checked={terima}
                    onChange={setTerima}
                  />
                )}
                {signers.length > 1 ? (
                  <label className="kgb-field">
                    <span>Pejabat penandatangan</span>
                    <Select
                      aria-label="Pejabat penandatangan"
                      data-testid="periode-ttd-pejabat"
                      value={signer ?? signers[0]}
                      onChange={(v: number) => setSigner(v)}
                      options={signers.map((id) => ({
                        value: id,
                        label: `${nameOf(id)} (${toSign.filter((i) => i.surat?.pejabat_id === id).length} surat)`,
                      }))}
                    />
                  </label>
                ) : null}
              </>
            }
            onSubmit={sign}
            onClose={() => setAsking(null)}
          />
        )}
        {(asking === 'nominatif' || asking === 'nominatif-hari') && (
          <PassphraseModal
            key={asking}
            open
            sealable
            okText="Tandatangani dan unduh"
            {...(asking === 'nominatif'
              ? {
                  title: 'Daftar nominatif bertanda tangan',
                  text: `Daftar nominatif ${(data?.jumlah.signed ?? 0).toLocaleString('id-ID')} surat KGB periode ${monthLabel(bulan)} untuk pengelola gaji (BPKAD/KPPN) ${disahkan}.`,
                  onSubmit: nominatif,
                }
              : {
                  title: 'Daftar nominatif kiriman bertanda tangan',
                  text: `Daftar nominatif surat KGB yang ditandatangani tanggal ${formatDate(hariTtd, 'D MMMM YYYY')} (semua TMT) untuk pengelola gaji (BPKAD/KPPN) ${disahkan}.`,
                  onSubmit: nominatifHari,
                })}
            onClose={() => setAsking(null)}
          />
        )}
      </Suspense>
    </>
  );
}
