import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Alert, App, Button, Card, Space, Spin, Typography, Upload } from 'antd';
import { CheckCircleOutlined, CloudUploadOutlined, DownloadOutlined, FileExcelOutlined } from '@ant-design/icons';
import {
  IMPOR_COLUMNS,
  IMPOR_MAX_BYTES,
  IMPOR_MAX_ROWS,
  IMPOR_MSG,
  SK_IMPOR_COLUMNS,
  type ImporHasil,
} from '#contract/impor.ts';
import { MSG } from '#contract/messages.ts';
import { familyOf, guruPaths } from '../../app/paths.ts';
import { FormErrors, saveErrorsOf } from '../../components/ui/form-errors.tsx';
import { ExportButton } from '../../components/ekspor/export-button.tsx';
import { formatBytes } from '../../components/ekspor/download.ts';
import { paths } from '../../app/paths.ts';
import { useImporGuru, useImporPreview, type ImporJenis } from './api/impor.ts';
import { useImporTugasList } from './api/tugas.ts';
import { fmt, validOf, type Filter } from './impor-format.ts';
import './impor.css';

// The preview (counts, row filter, the table of checked rows) appears only once a file has been
// checked: it downloads right after the page is drawn.
const loadPreview = () => import('./impor-preview.tsx');
const ImporPreview = lazy(() => loadPreview().then((m) => ({ default: m.ImporPreview })));
// The school picker (antd's Select and the school list) likewise.
// Many files in the background: its own chunk, fetched when the section is opened.
const loadTugas = () => import('./impor-tugas.tsx');
const ImporTugasSection = lazy(() => loadTugas().then((m) => ({ default: m.ImporTugasSection })));
const ImporSekolahSelect = lazy(() => import('./impor-sekolah.tsx').then((m) => ({ default: m.ImporSekolahSelect })));

const JENIS_LABEL: Record<ImporJenis, string> = {
  guru: 'Data guru (template atau Dapodik)',
  sk: 'Riwayat SK (KGB dan pangkat)',
  sekolah: 'Data sekolah (Dapodik)',
};

/** The client's own checks before sending: an .xlsx of at most 5 MB. */
function fileProblem(file: File): string | null {
  if (!/\.xlsx$/i.test(file.name)) return IMPOR_MSG.notXlsx;
  if (file.size > IMPOR_MAX_BYTES) return IMPOR_MSG.tooLarge;
  return null;
}

/** The office's templates: the download, and its name when the server sends none. */
const GURU_TEMPLATE = {
  path: 'guru/import/template',
  testId: 'impor-template',
  fallbackName: 'template-impor-guru.xlsx',
};
const SK_TEMPLATE = {
  path: 'riwayat-sk/import/template',
  testId: 'impor-template-sk',
  fallbackName: 'template-impor-riwayat-sk.xlsx',
};
const templateIntro = (columns: number, examples: string) =>
  `Template berisi ${columns} kolom dan ${examples} (hapus sebelum mengimpor), dengan petunjuk di lembar kedua.`;

/** The first step of an import: what the file holds, its rules and, for the office's own template, its download. */
function FirstStep({
  title,
  intro,
  template,
  children,
}: {
  title: string;
  intro: string;
  template?: { path: string; testId: string; fallbackName: string };
  /** The rules, one <li> each. */
  children: ReactNode;
}) {
  return (
    <Card size="small" title={title} className="impor-step">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {intro}
      </Typography.Paragraph>
      <ul className="impor-rules">{children}</ul>
      {template && <ExportButton {...template} label="Unduh Template" icon={<DownloadOutlined />} />}
    </Card>
  );
}

/**
 * Teacher import from Excel (administrators): the template, an upload checked row by row (nothing
 * written), then the valid rows imported in one transaction after confirmation.
 */
export function ImporGuruPage() {
  const family = familyOf(useLocation().pathname) ?? 'admin-side';
  const { modal } = App.useApp();
  const preview = useImporPreview();
  const impor = useImporGuru();
  const [file, setFile] = useState<File | null>(null);
  // Teachers, or the decree history (KGB and rank decrees).
  const [jenis, setJenis] = useState<ImporJenis>('guru');
  // Many teacher files at once, in the background (docs/domain/dapodik.md, "Impor besar").
  const [banyak, setBanyak] = useState(false);
  const touched = useRef(false);
  const runs = useImporTugasList();
  // A run going on (or left by its server) outlives the page: opened again it shows that run,
  // unless the officer has already started on something else.
  const active = runs.data?.[0]?.status === 'berjalan' || runs.data?.[0]?.status === 'terhenti';
  useEffect(() => {
    if (active && !touched.current) setBanyak(true);
  }, [active]);
  const [hasil, setHasil] = useState<ImporHasil | null>(null);
  const [done, setDone] = useState<(ImporHasil & { guru_disinkron?: number }) | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [filter, setFilter] = useState<Filter>('semua');
  // The school of a Dapodik export (it has no NPSN column): chosen before or after the upload.
  const [npsn, setNpsn] = useState<string | null>(null);
  // Only the answer for the latest chosen file counts.
  const latest = useRef(0);
  useEffect(() => {
    void loadPreview();
  }, []);

  const reset = () => {
    latest.current++;
    setFile(null);
    setHasil(null);
    setDone(null);
    setErrors([]);
    setFilter('semua');
  };

  const choose = async (f: File, school: string | null = npsn) => {
    reset();
    const problem = fileProblem(f);
    if (problem) {
      setErrors([problem]);
      return;
    }
    setFile(f);
    const ticket = ++latest.current;
    try {
      const r = await preview.mutateAsync({ jenis, file: f, npsn: school });
      if (ticket === latest.current) setHasil(r.data);
    } catch (err) {
      if (ticket === latest.current) setErrors(saveErrorsOf(err));
    }
  };

  const confirmImport = () => {
    if (!file || !hasil) return;
    const { baru, ubah, sama, galat, tendik, konflik } = hasil.ringkasan;
    const valid = validOf(hasil);
    modal.confirm({
      title: MSG.confirmTitle,
      width: 480,
      content: (
        <div data-testid="impor-confirm-text">
          <p style={{ marginBottom: 8 }}>{fmt(valid)} baris valid akan diimpor dalam satu kali simpan:</p>
          {jenis === 'sekolah' ? (
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              <li>{fmt(baru)} sekolah baru ditambahkan (akun operatornya nonaktif sampai diaktifkan dan direset)</li>
              <li>{fmt(ubah)} sekolah diperbarui (dicocokkan dengan NPSN)</li>
              {sama > 0 && <li>{fmt(sama)} sekolah sudah sama, tidak diubah</li>}
              {galat > 0 && <li>{fmt(galat)} baris bermasalah dilewati</li>}
            </ul>
          ) : jenis === 'sk' ? (
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              <li>{fmt(baru)} SK ditambahkan ke riwayat guru sebagai data terverifikasi</li>
              {sama > 0 && <li>{fmt(sama)} SK sudah ada di riwayat, tidak diimpor lagi</li>}
              {galat > 0 && <li>{fmt(galat)} baris bermasalah dilewati</li>}
            </ul>
          ) : (
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              <li>{fmt(baru)} guru baru ditambahkan</li>
              <li>{fmt(ubah)} guru diperbarui (dicocokkan dengan NIP, NUPTK atau NIK)</li>
              {sama > 0 && <li>{fmt(sama)} guru sudah sama, tidak diubah</li>}
              {konflik > 0 && (
                <li>
                  {fmt(konflik)} guru dengan perubahan yang tidak diterapkan (data terverifikasi atau mengikuti riwayat
                  SK)
                </li>
              )}
              {tendik > 0 && <li>{fmt(tendik)} tenaga kependidikan (bukan guru) tidak diimpor</li>}
              {galat > 0 && <li>{fmt(galat)} baris bermasalah dilewati</li>}
            </ul>
          )}
        </div>
      ),
      okText: MSG.confirmYes,
      cancelText: MSG.confirmNo,
      onOk: async () => {
        const ticket = latest.current;
        setErrors([]);
        try {
          const r = await impor.mutateAsync({ jenis, file, npsn });
          if (ticket !== latest.current) return;
          setDone(r.data);
          setHasil(r.data);
          setFilter('semua');
        } catch (err) {
          if (ticket === latest.current) setErrors(saveErrorsOf(err));
        }
      },
    });
  };

  const busy = preview.isPending || impor.isPending;

  return (
    <>
      <Typography.Title level={1} className="page-title">
        Impor Data Guru
      </Typography.Title>
      <Space wrap className="impor-jenis" role="group" aria-label="Jenis impor">
        {(['guru', 'sk', 'sekolah'] as const).map((j) => (
          <Button
            key={j}
            type={!banyak && jenis === j ? 'primary' : 'default'}
            aria-pressed={!banyak && jenis === j}
            data-testid={`impor-jenis-${j}`}
            disabled={busy}
            onClick={() => {
              touched.current = true;
              reset();
              setJenis(j);
              setBanyak(false);
            }}
          >
            {JENIS_LABEL[j]}
          </Button>
        ))}
        <Button
          type={banyak ? 'primary' : 'default'}
          aria-pressed={banyak}
          data-testid="impor-jenis-banyak"
          disabled={busy}
          onMouseEnter={() => void loadTugas()}
          onClick={() => {
            touched.current = true;
            reset();
            setJenis('guru');
            setBanyak(true);
          }}
        >
          Banyak berkas guru (latar belakang)
        </Button>
      </Space>
      {banyak ? (
        <Suspense fallback={<div className="impor-preview-loading" aria-busy="true" />}>
          <ImporTugasSection />
        </Suspense>
      ) : (
        <>
          {jenis === 'sekolah' ? (
            <Typography.Paragraph type="secondary">
              Masukkan sekolah dari daftar sekolah Dapodik. Setiap baris diperiksa; tidak ada data yang disimpan sebelum
              Anda mengonfirmasi impor. Sekolah yang sudah terdaftar (dicocokkan dengan NPSN) diperbarui, tidak dibuat
              dua kali. Akun operator sekolah baru dibuat nonaktif; aktifkan dan reset kata sandinya di Data User
              Account.
            </Typography.Paragraph>
          ) : (
            <Typography.Paragraph type="secondary">
              Masukkan data guru dari berkas Excel. Setiap baris diperiksa dengan aturan yang sama seperti formulir
              guru; tidak ada data yang disimpan sebelum Anda mengonfirmasi impor. Guru yang sudah terdaftar (dicocokkan
              dengan NIP, NUPTK atau NIK) diperbarui, tidak dibuat dua kali. Berkas &quot;Daftar Guru dan Tenaga
              Kependidikan&quot; yang diunduh dari Dapodik juga diterima apa adanya.
            </Typography.Paragraph>
          )}

          <div className="impor-steps">
            {jenis === 'sekolah' ? (
              <FirstStep
                title="1. Siapkan daftar sekolah"
                intro="Gunakan daftar sekolah dari Dapodik / Data Pokok Sekolah apa adanya (baris judul di atas tabel boleh ada)."
              >
                <li>
                  Kolom wajib: NPSN, Nama Sekolah, Bentuk Pendidikan, Status; juga dibaca: Alamat, Desa/Kelurahan,
                  Kecamatan, Kabupaten/Kota, Lintang, Bujur.
                </li>
                <li>Sekolah dicocokkan dengan NPSN; sel kosong tidak menghapus data yang sudah ada.</li>
                <li>Hanya jenjang yang dikelola kantor ini yang diimpor; jenjang lain menjadi baris bermasalah.</li>
                <li>
                  Kode wilayah dicari dari nama desa dan kecamatan; bila tidak ditemukan dibiarkan kosong dan dicatat.
                </li>
              </FirstStep>
            ) : jenis === 'sk' ? (
              <FirstStep
                title="1. Unduh template riwayat SK"
                intro={templateIntro(SK_IMPOR_COLUMNS.length, 'dua baris contoh')}
                template={SK_TEMPLATE}
              >
                <li>Satu SK per baris: SK KGB atau SK pangkat terakhir guru ASN, dicocokkan dengan NIP.</li>
                <li>TMT selalu tanggal 1; golongan sesuai status guru (I/a–IV/e atau I–XVII untuk PPPK).</li>
                <li>
                  SK diimpor sebagai riwayat terverifikasi; golongan, MKG, gaji pokok dan TMT KGB terakhir guru lalu
                  mengikuti riwayat.
                </li>
                <li>SK dengan nomor yang sudah ada di riwayat guru tidak diimpor dua kali.</li>
              </FirstStep>
            ) : (
              <FirstStep
                title="1. Unduh template"
                intro={templateIntro(IMPOR_COLUMNS.length, 'satu baris contoh')}
                template={GURU_TEMPLATE}
              >
                <li>Satu guru per baris; sekolah ditulis dengan NPSN.</li>
                <li>Tanggal ditulis YYYY-MM-DD atau sebagai tanggal Excel.</li>
                <li>NIP dan golongan wajib untuk guru PNS; NIP harus cocok dengan tanggal lahir dan jenis kelamin.</li>
                <li>Jabatan, golongan, pendidikan dan mata pelajaran memakai nama di data master.</li>
              </FirstStep>
            )}
            <Card size="small" title="2. Unggah berkas" className="impor-step">
              <Upload.Dragger
                accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                multiple={false}
                showUploadList={false}
                disabled={busy}
                beforeUpload={(f) => {
                  void choose(f);
                  return false;
                }}
                data-testid="impor-upload"
              >
                <p className="ant-upload-drag-icon">
                  <CloudUploadOutlined />
                </p>
                <p className="ant-upload-text">Klik atau seret berkas Excel (.xlsx) ke sini</p>
                <p className="ant-upload-hint">
                  Maksimal {formatBytes(IMPOR_MAX_BYTES)} dan {fmt(IMPOR_MAX_ROWS)} baris
                </p>
              </Upload.Dragger>
              {jenis === 'guru' && (
                <div className="impor-sekolah">
                  <Typography.Text type="secondary">
                    Sekolah untuk berkas Dapodik (berkas tanpa kolom NPSN)
                  </Typography.Text>
                  <Suspense fallback={<div className="impor-sekolah-loading" aria-busy="true" />}>
                    <ImporSekolahSelect
                      value={npsn}
                      onChange={(next) => {
                        setNpsn(next);
                        if (file && !done) void choose(file, next);
                      }}
                      disabled={busy}
                    />
                  </Suspense>
                </div>
              )}
            </Card>
          </div>

          {file && (
            <div className="impor-file" data-testid="impor-file">
              <FileExcelOutlined />
              <span>{file.name}</span>
              <Typography.Text type="secondary">({formatBytes(file.size)})</Typography.Text>
              {preview.isPending && <Spin size="small" />}
              {preview.isPending && <Typography.Text type="secondary">Memeriksa setiap baris…</Typography.Text>}
            </div>
          )}

          <FormErrors errors={errors} testId="impor-errors" />

          {done && (
            <Alert
              type="success"
              showIcon
              icon={<CheckCircleOutlined />}
              className="impor-done"
              data-testid="impor-hasil"
              title={IMPOR_MSG.imported}
              description={
                <Space wrap size={[24, 4]}>
                  <span>
                    Dibuat: <strong data-testid="hasil-dibuat">{fmt(done.dibuat ?? 0)}</strong>
                  </span>
                  <span>
                    Diperbarui: <strong data-testid="hasil-diperbarui">{fmt(done.diperbarui ?? 0)}</strong>
                  </span>
                  <span>
                    Dilewati: <strong data-testid="hasil-dilewati">{fmt(done.dilewati ?? 0)}</strong>
                  </span>
                  {done.guru_disinkron !== undefined && (
                    <span>
                      Guru disesuaikan dengan riwayat:{' '}
                      <strong data-testid="hasil-disinkron">{fmt(done.guru_disinkron)}</strong>
                    </span>
                  )}
                  {jenis === 'sekolah' ? (
                    <Link to={paths.dataSekolah(family)}>Lihat data sekolah</Link>
                  ) : (
                    <Link to={guruPaths.list(family)}>Lihat data guru</Link>
                  )}
                </Space>
              }
            />
          )}

          {hasil && (
            <Suspense fallback={<div className="impor-preview-loading" aria-busy="true" />}>
              <ImporPreview
                hasil={hasil}
                done={done}
                filter={filter}
                onFilter={setFilter}
                busy={busy}
                importing={impor.isPending}
                onReset={reset}
                onImport={confirmImport}
              />
            </Suspense>
          )}
        </>
      )}
    </>
  );
}
