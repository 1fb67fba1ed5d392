import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Tag, Typography, Upload } from 'antd';
import {
  CloseOutlined,
  CloudUploadOutlined,
  DownloadOutlined,
  FileExcelOutlined,
  PlayCircleOutlined,
  ReloadOutlined,
  StopOutlined,
} from '@ant-design/icons';
import {
  IMPOR_MSG,
  IMPOR_TUGAS_BATCH,
  IMPOR_TUGAS_MAX_BYTES,
  IMPOR_TUGAS_MAX_FILE_BYTES,
  IMPOR_TUGAS_MAX_FILES,
  IMPOR_TUGAS_MAX_ROWS,
  IMPOR_TUGAS_MSG,
  npsnOfFileName,
  type ImporTugas,
  type ImporTugasBerkas,
  type StatusImporTugas,
} from '#contract/impor.ts';
import { MSG } from '#contract/messages.ts';
import { failureText } from '../../lib/api-client.ts';
import { formatWaktuKantor } from '../../lib/waktu-kantor.ts';
import { FormErrors, saveErrorsOf } from '../../components/ui/form-errors.tsx';
import { ExportButton } from '../../components/ekspor/export-button.tsx';
import { formatBytes } from '../../components/ekspor/download.ts';
import {
  afterImporTugas,
  cancelImporTugas,
  resumeImporTugas,
  startImporTugas,
  storeImporTugas,
  useImporTugas,
  useImporTugasList,
} from './api/tugas.ts';
import { fmt } from './impor-format.ts';
import { ImporSekolahSelect } from './impor-sekolah.tsx';

// Many school files at once, imported in the background (docs/domain/dapodik.md, "Impor besar"):
// the files are checked here before sending (Excel, size, count, an NPSN in the name), then the page
// follows the run the server writes in batches; the run outlives the page.

const STATUS: Record<StatusImporTugas, { label: string; color: string }> = {
  berjalan: { label: 'Berjalan', color: 'processing' },
  selesai: { label: 'Selesai', color: 'success' },
  dibatalkan: { label: 'Dibatalkan', color: 'warning' },
  gagal: { label: 'Gagal', color: 'error' },
  terhenti: { label: 'Terhenti', color: 'warning' },
};
/** Runs that can go on from their first batch not written. */
const RESUMABLE: StatusImporTugas[] = ['dibatalkan', 'gagal', 'terhenti'];

const COUNTS = [
  { key: 'baru', label: 'Baru' },
  { key: 'ubah', label: 'Diubah' },
  { key: 'sama', label: 'Sama' },
  { key: 'galat', label: 'Galat' },
  { key: 'tendik', label: 'Bukan guru' },
  { key: 'konflik', label: 'Konflik' },
] as const;

const NO_NPSN_HINT =
  'Berkas Dapodik tanpa NPSN di namanya akan dilewati: ganti namanya dengan NPSN sekolah, misalnya "60200338 Daftar GTK.xlsx". Template Sidasek (NPSN di setiap baris) boleh bernama apa saja.';

interface Rejected {
  nama: string;
  alasan: string;
}

/** The client's own check of one file: an .xlsx within the run's size. */
function fileProblem(file: File): string | null {
  if (!/\.xlsx$/i.test(file.name)) return IMPOR_MSG.notXlsx;
  if (file.size > IMPOR_TUGAS_MAX_FILE_BYTES) return IMPOR_TUGAS_MSG.fileTooLarge;
  return null;
}

const filesDone = (r: ImporTugas) => r.berkas.filter((b) => b.selesai).length;

/** The section "Impor banyak berkas": choose the files, start, follow the run, the recent runs. */
export function ImporTugasSection() {
  const qc = useQueryClient();
  const { message, modal } = App.useApp();
  const list = useImporTugasList();
  const [files, setFiles] = useState<File[]>([]);
  const [rejected, setRejected] = useState<Rejected[]>([]);
  const [npsn, setNpsn] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [starting, setStarting] = useState(false);
  const [acting, setActing] = useState<'batal' | 'lanjut' | null>(null);
  // The run shown: the one chosen (started here, picked from the list), else the newest one (going
  // on, or how the last one ended); `closed` hides a run once the officer is done with it.
  const [chosen, setChosen] = useState<number | null>(null);
  const [closed, setClosed] = useState<number | null>(null);
  const fallback = list.data?.[0]?.id ?? null;
  const shownId = chosen ?? (fallback !== closed ? fallback : null);
  const live = useImporTugas(shownId);
  const run = live.data ?? list.data?.find((r) => r.id === shownId) ?? null;
  const running =
    list.data?.find((r) => r.status === 'berjalan' && r.id !== run?.id) ?? (run?.status === 'berjalan' ? run : null);

  // A run that ends while the page watches it: the lists it changed are read again.
  const seen = useRef(new Map<number, StatusImporTugas>());
  useEffect(() => {
    if (!run) return;
    const before = seen.current.get(run.id);
    seen.current.set(run.id, run.status);
    if (before === 'berjalan' && run.status !== 'berjalan') {
      void afterImporTugas(qc);
      if (run.status === 'selesai')
        message.success(`Impor #${run.id} selesai: ${fmt(run.diproses)} baris dari ${fmt(run.berkas.length)} berkas`);
    }
  }, [run, qc, message]);

  const add = (picked: File[]) => {
    setErrors([]);
    const names = new Set(files.map((f) => f.name));
    const ok: File[] = [];
    const bad: Rejected[] = [];
    for (const f of picked) {
      const problem = fileProblem(f);
      if (problem) bad.push({ nama: f.name, alasan: problem });
      else if (names.has(f.name)) bad.push({ nama: f.name, alasan: 'Sudah dipilih' });
      else {
        names.add(f.name);
        ok.push(f);
      }
    }
    setFiles((now) => [...now, ...ok]);
    setRejected(bad);
  };

  const total = files.reduce((n, f) => n + f.size, 0);
  const tooMany = files.length > IMPOR_TUGAS_MAX_FILES;
  const tooLarge = total > IMPOR_TUGAS_MAX_BYTES;
  const withoutNpsn = files.filter((f) => !npsnOfFileName(f.name));
  const single = files.length === 1 && withoutNpsn.length === 1;

  const start = async () => {
    if (!files.length) return setErrors([IMPOR_TUGAS_MSG.noFiles]);
    if (tooMany || tooLarge) return;
    setStarting(true);
    setErrors([]);
    try {
      const r = await startImporTugas(files, single ? npsn : null);
      storeImporTugas(qc, r.data);
      seen.current.set(r.data.id, r.data.status);
      setChosen(r.data.id);
      setFiles([]);
      setRejected([]);
      setNpsn(null);
      message.success(r.message);
    } catch (err) {
      setErrors(saveErrorsOf(err));
    } finally {
      setStarting(false);
    }
  };

  const act = async (kind: 'batal' | 'lanjut', id: number) => {
    setActing(kind);
    try {
      const r = await (kind === 'batal' ? cancelImporTugas(id) : resumeImporTugas(id));
      storeImporTugas(qc, r.data);
      message.success(r.message);
    } catch (err) {
      message.error(failureText(err));
      void qc.invalidateQueries({ queryKey: ['impor-tugas'] });
    } finally {
      setActing(null);
    }
  };

  const cancel = (r: ImporTugas) =>
    modal.confirm({
      title: MSG.confirmTitle,
      content: (
        <p data-testid="impor-tugas-batal-text" style={{ margin: 0 }}>
          Impor #{r.id} dihentikan setelah kelompok {fmt(IMPOR_TUGAS_BATCH)} baris yang sedang ditulis. Baris yang sudah
          ditulis tetap tersimpan; impor dapat dilanjutkan nanti dari kelompok berikutnya.
        </p>
      ),
      okText: MSG.confirmYes,
      cancelText: MSG.confirmNo,
      onOk: () => act('batal', r.id),
    });

  const runView = run && (
    <RunView
      run={run}
      acting={acting}
      stale={live.isError}
      onCancel={() => cancel(run)}
      onResume={() => void act('lanjut', run.id)}
      onClose={() => {
        setChosen(null);
        setClosed(run.id);
      }}
    />
  );

  return (
    <section className="impor-tugas" aria-labelledby="impor-tugas-title" data-testid="impor-tugas">
      <Typography.Title level={2} id="impor-tugas-title" className="impor-tugas-title">
        Impor banyak berkas
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Untuk memasukkan guru dari banyak sekolah sekaligus: pilih berkas &quot;Daftar GTK&quot; Dapodik setiap sekolah
        (satu berkas per sekolah, NPSN sekolah di nama berkas) atau template Sidasek. Impor berjalan di server per{' '}
        {fmt(IMPOR_TUGAS_BATCH)} baris tanpa pratinjau; halaman ini boleh ditutup dan dibuka lagi, progresnya tetap
        terlihat. Baris bermasalah dilewati dan dicatat di laporan.
      </Typography.Paragraph>

      {/* A run going on comes first: the chooser waits for it anyway. */}
      {run?.status === 'berjalan' && runView}

      <div className="impor-tugas-pick">
        <Upload.Dragger
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          multiple
          showUploadList={false}
          disabled={starting}
          beforeUpload={(f, picked) => {
            // antd calls this once per file with the whole selection: the selection is taken once.
            if (f === picked[picked.length - 1]) add(picked);
            return false;
          }}
          data-testid="impor-tugas-upload"
        >
          <p className="ant-upload-drag-icon">
            <CloudUploadOutlined />
          </p>
          <p className="ant-upload-text">Klik atau seret berkas Excel (.xlsx) ke sini; boleh banyak sekaligus</p>
          <p className="ant-upload-hint">
            Paling banyak {fmt(IMPOR_TUGAS_MAX_FILES)} berkas, masing-masing sampai {fmt(IMPOR_TUGAS_MAX_ROWS)} baris,
            semuanya {formatBytes(IMPOR_TUGAS_MAX_BYTES)}
          </p>
        </Upload.Dragger>

        {rejected.length > 0 && (
          <Alert
            type="warning"
            showIcon
            data-testid="impor-tugas-ditolak"
            title={`${fmt(rejected.length)} berkas tidak ikut dipilih`}
            description={
              <ul className="impor-tugas-notes">
                {rejected.map((r) => (
                  <li key={`${r.nama}-${r.alasan}`}>
                    <span className="impor-tugas-name">{r.nama}</span>: {r.alasan}
                  </li>
                ))}
              </ul>
            }
            closable={{ 'aria-label': 'Tutup' }}
            onClose={() => setRejected([])}
          />
        )}

        {files.length > 0 && (
          <div className="impor-tugas-chosen" data-testid="impor-tugas-dipilih">
            <div className="impor-tugas-chosen-head">
              <Typography.Text strong data-testid="impor-tugas-jumlah">
                {fmt(files.length)} berkas dipilih ({formatBytes(total)})
              </Typography.Text>
              <Button
                size="small"
                onClick={() => {
                  setFiles([]);
                  setRejected([]);
                  setErrors([]);
                }}
                disabled={starting}
              >
                Kosongkan
              </Button>
            </div>
            <ul className="impor-tugas-files" aria-label="Berkas yang dipilih">
              {files.map((f) => {
                const found = npsnOfFileName(f.name);
                return (
                  <li key={f.name} data-testid="impor-tugas-dipilih-berkas">
                    <FileExcelOutlined className="impor-tugas-xlsx" />
                    <span className="impor-tugas-name">{f.name}</span>
                    {found ? (
                      <Tag>NPSN {found}</Tag>
                    ) : (
                      <Tag color="warning" data-testid="impor-tugas-tanpa-npsn">
                        Tanpa NPSN
                      </Tag>
                    )}
                    <Typography.Text type="secondary" className="impor-tugas-size">
                      {formatBytes(f.size)}
                    </Typography.Text>
                    <Button
                      size="small"
                      type="text"
                      icon={<CloseOutlined />}
                      aria-label={`Hapus ${f.name}`}
                      disabled={starting}
                      onClick={() => setFiles((now) => now.filter((x) => x !== f))}
                    />
                  </li>
                );
              })}
            </ul>
            {withoutNpsn.length > 0 && (
              <Alert
                type="warning"
                showIcon
                data-testid="impor-tugas-npsn-hint"
                title={`${fmt(withoutNpsn.length)} berkas tanpa NPSN di namanya`}
                description={
                  single
                    ? 'Bila ini berkas Dapodik, pilih sekolahnya di bawah atau ganti nama berkasnya dengan NPSN sekolah, misalnya "60200338 Daftar GTK.xlsx".'
                    : NO_NPSN_HINT
                }
              />
            )}
            {single && (
              <div className="impor-sekolah">
                <Typography.Text type="secondary">Sekolah untuk berkas Dapodik ini</Typography.Text>
                <ImporSekolahSelect value={npsn} onChange={setNpsn} disabled={starting} />
              </div>
            )}
            {tooMany && (
              <Alert
                type="error"
                showIcon
                role="alert"
                data-testid="impor-tugas-terlalu-banyak"
                title={IMPOR_TUGAS_MSG.tooManyFiles}
                description={`Terpilih ${fmt(files.length)} berkas; hapus sebagian lalu impor sisanya sesudahnya.`}
              />
            )}
            {tooLarge && (
              <Alert
                type="error"
                showIcon
                role="alert"
                data-testid="impor-tugas-terlalu-besar"
                title={IMPOR_TUGAS_MSG.tooLarge}
                description={`Terpilih ${formatBytes(total)}; bagi menjadi beberapa kali impor.`}
              />
            )}
            <div className="impor-tugas-actions">
              <Button
                type="primary"
                icon={<PlayCircleOutlined />}
                loading={starting}
                disabled={tooMany || tooLarge || !!running}
                onClick={() => void start()}
                data-testid="impor-tugas-mulai"
              >
                Mulai impor {fmt(files.length)} berkas
              </Button>
              {running && (
                <Typography.Text type="secondary">
                  Tunggu impor #{running.id} selesai atau batalkan dahulu.
                </Typography.Text>
              )}
            </div>
          </div>
        )}
        <FormErrors errors={errors} testId="impor-tugas-errors" />
      </div>

      {run && run.status !== 'berjalan' && runView}

      <RunList list={list} current={run} onShow={(id) => setChosen(id)} />
    </section>
  );
}

/** One run: the progress bar, the counts, the actions, each file. */
function RunView({
  run: r,
  acting,
  stale,
  onCancel,
  onResume,
  onClose,
}: {
  run: ImporTugas;
  acting: 'batal' | 'lanjut' | null;
  stale: boolean;
  onCancel: () => void;
  onResume: () => void;
  onClose: () => void;
}) {
  const done = filesDone(r);
  const ofFiles = r.berkas.length ? done / r.berkas.length : 1;
  // Rows when every file has been read; until then the files done.
  const ratio = r.total ? r.diproses / r.total : r.total === 0 ? 1 : ofFiles;
  const percent = Math.min(100, Math.round(ratio * 100));
  const state = r.status === 'berjalan' ? 'active' : r.status === 'selesai' ? 'success' : 'exception';
  const rows = r.total != null ? `${fmt(r.diproses)} dari ${fmt(r.total)} baris` : `${fmt(r.diproses)} baris`;
  return (
    <section className="impor-tugas-run" data-testid="impor-tugas-run" aria-labelledby={`impor-tugas-run-${r.id}`}>
      <div className="impor-tugas-run-head">
        <Typography.Title level={3} id={`impor-tugas-run-${r.id}`} className="impor-tugas-run-title">
          Impor #{r.id}
        </Typography.Title>
        <Tag color={STATUS[r.status].color} data-testid="impor-tugas-status">
          {STATUS[r.status].label}
        </Tag>
        <Typography.Text type="secondary" className="impor-tugas-when">
          dimulai {formatWaktuKantor(r.mulai, { bulan: 'pendek' })}
        </Typography.Text>
      </div>
      {/* A plain bar, as the KGB runs: antd's Progress would add to the route for one element. */}
      <div
        className="impor-tugas-bar"
        data-state={state}
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${rows}, ${done} dari ${r.berkas.length} berkas`}
        aria-label={`Progres impor #${r.id}`}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      <p className="impor-tugas-progress" data-testid="impor-tugas-progres" aria-live="polite">
        <strong>{percent}%</strong> · {rows} · {fmt(done)} dari {fmt(r.berkas.length)} berkas selesai
      </p>
      <dl className="impor-tugas-counts">
        {COUNTS.map((c) => (
          <div key={c.key} className={`impor-tugas-count impor-tugas-count-${c.key}`}>
            <dt>{c.label}</dt>
            <dd data-testid={`impor-tugas-${c.key}`}>{fmt(r.ringkasan[c.key])}</dd>
          </div>
        ))}
      </dl>

      {r.status === 'berjalan' && r.batal_diminta && (
        <Alert type="info" showIcon data-testid="impor-tugas-batal-diminta" title={IMPOR_TUGAS_MSG.cancelRequested} />
      )}
      {r.status === 'dibatalkan' && (
        <Alert
          type="warning"
          showIcon
          title="Impor dibatalkan"
          description="Baris yang sudah ditulis tetap tersimpan. Lanjutkan untuk meneruskan dari kelompok baris yang belum ditulis."
        />
      )}
      {r.status === 'terhenti' && (
        <Alert
          type="warning"
          showIcon
          title="Impor terhenti"
          description="Server berhenti saat impor berjalan. Baris yang sudah ditulis tetap tersimpan; lanjutkan untuk meneruskan dari kelompok baris yang belum ditulis."
        />
      )}
      {r.status === 'gagal' && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title="Impor gagal"
          description={r.pesan ?? 'Lanjutkan untuk mengulang dari kelompok baris yang belum ditulis.'}
        />
      )}
      {stale && (
        <Alert type="warning" showIcon title="Progres tidak dapat diperbarui" description={MSG.checkConnection} />
      )}
      {r.laporan_lebih && (
        <Typography.Paragraph type="secondary">
          Laporan hanya memuat sebagian baris yang perlu diperiksa; jumlah di atas tetap lengkap.
        </Typography.Paragraph>
      )}

      <div className="impor-tugas-actions">
        {r.status === 'berjalan' && (
          <Button
            danger
            icon={<StopOutlined />}
            loading={acting === 'batal'}
            disabled={r.batal_diminta}
            onClick={onCancel}
            data-testid="impor-tugas-batal"
          >
            {r.batal_diminta ? 'Pembatalan diminta' : 'Batalkan'}
          </Button>
        )}
        {RESUMABLE.includes(r.status) && (
          <Button
            type="primary"
            icon={<ReloadOutlined />}
            loading={acting === 'lanjut'}
            onClick={onResume}
            data-testid="impor-tugas-lanjut"
          >
            Lanjutkan
          </Button>
        )}
        <ExportButton
          path={`guru/import/tugas/${r.id}/laporan`}
          label="Unduh laporan"
          icon={<DownloadOutlined />}
          testId="impor-tugas-laporan"
          fallbackName={`laporan-impor-${r.id}.csv`}
        />
        {r.status !== 'berjalan' && (
          <Button onClick={onClose} data-testid="impor-tugas-tutup">
            Tutup
          </Button>
        )}
      </div>

      <ol className="impor-tugas-berkas" aria-label={`Berkas impor #${r.id}`} data-testid="impor-tugas-berkas">
        {r.berkas.map((b, i) => (
          <BerkasRow key={`${i}-${b.nama}`} b={b} i={i} run={r} />
        ))}
      </ol>
    </section>
  );
}

function BerkasRow({ b, i, run: r }: { b: ImporTugasBerkas; i: number; run: ImporTugas }) {
  const inHand = i === r.posisi.berkas && !b.selesai;
  let state: { text: string; color: string };
  if (b.pesan) state = { text: 'Tidak diimpor', color: 'error' };
  else if (b.selesai) state = { text: 'Selesai', color: 'success' };
  else if (inHand && r.status === 'berjalan') state = { text: 'Diproses', color: 'processing' };
  else if (inHand && r.posisi.baris > 0) state = { text: 'Terhenti', color: 'warning' };
  else state = { text: 'Menunggu', color: 'default' };
  return (
    <li data-testid="impor-tugas-berkas-item" data-state={state.text}>
      <div className="impor-tugas-berkas-main">
        <span className="impor-tugas-name">{b.nama}</span>
        <Tag color={state.color}>{state.text}</Tag>
      </div>
      <div className="impor-tugas-berkas-meta">
        <span>NPSN {b.npsn ?? <em>tidak ada</em>}</span>
        <span>
          {b.baris == null
            ? 'Belum dibaca'
            : inHand && r.posisi.baris > 0
              ? `${fmt(r.posisi.baris)} dari ${fmt(b.baris)} baris`
              : `${fmt(b.baris)} baris`}
        </span>
      </div>
      {b.pesan && (
        <div className="impor-tugas-berkas-pesan" data-testid="impor-tugas-berkas-pesan">
          {b.pesan}
        </div>
      )}
    </li>
  );
}

/** The recent runs (the last 10), newest first; one can be shown again. */
function RunList({
  list,
  current,
  onShow,
}: {
  list: ReturnType<typeof useImporTugasList>;
  current: ImporTugas | null;
  onShow: (id: number) => void;
}) {
  const shownId = current?.id ?? null;
  // The run shown is polled: its line follows it.
  const runs = (list.data ?? []).map((r) => (r.id === shownId && current ? current : r));
  return (
    <section
      className="impor-tugas-history"
      aria-labelledby="impor-tugas-history-title"
      data-testid="impor-tugas-riwayat"
    >
      <Typography.Title level={3} id="impor-tugas-history-title" className="impor-tugas-run-title">
        Impor terakhir
      </Typography.Title>
      {list.isPending ? (
        <Typography.Text type="secondary" aria-busy="true">
          Memuat daftar impor…
        </Typography.Text>
      ) : list.isError ? (
        <Alert
          type="error"
          showIcon
          title="Daftar impor tidak dapat dimuat"
          description={failureText(list.error)}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              Coba lagi
            </Button>
          }
        />
      ) : !runs.length ? (
        <Typography.Text type="secondary" data-testid="impor-tugas-kosong">
          Belum ada impor banyak berkas.
        </Typography.Text>
      ) : (
        <ul className="impor-tugas-history-list">
          {runs.map((r) => (
            <li key={r.id} data-testid="impor-tugas-riwayat-item" aria-current={r.id === shownId ? 'true' : undefined}>
              <span className="impor-tugas-history-id">#{r.id}</span>
              <Tag color={STATUS[r.status].color}>{STATUS[r.status].label}</Tag>
              <span className="impor-tugas-history-text">
                {formatWaktuKantor(r.mulai, { bulan: 'pendek' })} · {fmt(r.berkas.length)} berkas · {fmt(r.diproses)}{' '}
                baris
              </span>
              {r.id !== shownId && (
                <Button size="small" onClick={() => onShow(r.id)} aria-label={`Lihat impor #${r.id}`}>
                  Lihat
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
