import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert, Descriptions, Input, Result, Skeleton, Typography, Upload } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { KGB_MSG, type DokumenInfo, type VerifikasiTtd } from '#contract/kgb.ts';
import { MSG } from '#contract/messages.ts';
import { normalKodeDokumen } from '#contract/kode-dokumen.ts';
import { ApiError } from '../../lib/api-client.ts';
import { failureText } from '../../components/ui/form-errors.tsx';
import { formatDate, formatRupiah } from '../../lib/format.ts';
import { formatTanggalKantor, formatWaktuKantor } from '../../lib/waktu-kantor.ts';
import { paths } from '../../app/paths.ts';
import { useCekDokumen, useDokumen } from './api/kgb.ts';
import { SuratStatusTag } from './components/kgb-tags.tsx';
import { UncertifiedNote } from './components/uncertified-note.tsx';
import { SignatureNote } from './components/signature-note.tsx';
import './kgb.css';

/**
 * A titled panel of the public check page. Not antd's Card: the card brings the tabs component
 * with it (18 kB gzip), which this page, opened by anyone from a QR code, does not need.
 */
function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="dokumen-panel" aria-label={title}>
      <h2 className="dokumen-panel-title">{title}</h2>
      <div className="dokumen-panel-body">{children}</div>
    </section>
  );
}

function KodeForm({ initial = '' }: { initial?: string }) {
  const navigate = useNavigate();
  return (
    <Input.Search
      placeholder="Kode dokumen, contoh: KGB-7K3MQ-9XDRT-H2WPA"
      aria-label="Kode dokumen"
      defaultValue={initial}
      enterButton="Periksa"
      allowClear
      data-testid="dokumen-kode-input"
      onSearch={(v) => {
        const kode = normalKodeDokumen(v);
        if (kode) navigate(paths.dokumen(kode));
      }}
    />
  );
}

function Info({ d }: { d: DokumenInfo }) {
  // A cancelled letter may have been signed before: its signature stays on record.
  const signed = d.ditandatangani_pada != null;
  return (
    <>
      {d.status === 'cancelled' && (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 12 }}
          data-testid="dokumen-batal"
          title="Surat ini telah DIBATALKAN dan tidak berlaku"
          description={
            <>
              Dibatalkan pada {d.dibatalkan_pada_teks ?? MSG.emptyValue}. Alasan: {d.alasan_batal ?? MSG.emptyValue}
              {d.pengganti && (
                <>
                  {' '}
                  Diganti dengan surat nomor{' '}
                  <Link to={paths.dokumen(d.pengganti.kode_dokumen)} data-testid="dokumen-pengganti">
                    {d.pengganti.nomor}
                  </Link>
                  .
                </>
              )}
            </>
          }
        />
      )}
      <Descriptions
        column={1}
        size="small"
        bordered
        data-testid="dokumen-info"
        items={[
          { key: 'jenis', label: 'Jenis dokumen', children: d.jenis },
          {
            key: 'instansi',
            label: 'Diterbitkan oleh',
            children: <span data-testid="dokumen-instansi">{d.instansi}</span>,
          },
          { key: 'kode', label: 'Kode dokumen', children: d.kode_dokumen },
          { key: 'nomor', label: 'Nomor surat', children: d.nomor },
          { key: 'status', label: 'Status', children: <SuratStatusTag status={d.status} /> },
          { key: 'guru', label: 'Guru', children: `${d.nama_guru} (NIP ${d.nip_guru})` },
          { key: 'tmt', label: 'TMT KGB', children: formatDate(d.tmt) },
          { key: 'golongan', label: 'Golongan', children: d.golongan },
          {
            key: 'gaji',
            label: 'Gaji pokok baru',
            children: <span data-testid="dokumen-gaji">{formatRupiah(d.gaji_baru)}</span>,
          },
          ...(d.menggantikan
            ? [
                {
                  key: 'ralat',
                  label: 'Menggantikan',
                  children: (
                    <Link to={paths.dokumen(d.menggantikan.kode_dokumen)}>
                      surat nomor {d.menggantikan.nomor} (dibatalkan)
                    </Link>
                  ),
                },
              ]
            : []),
          {
            key: 'ttd',
            label: 'Penandatangan',
            children: d.penandatangan ? (
              <span data-testid="dokumen-penandatangan">
                {d.penandatangan.nama}, {d.penandatangan.jabatan}
              </span>
            ) : (
              'Belum ditandatangani'
            ),
          },
          // The office's date and time with its zone, as the letter prints it.
          ...(signed
            ? [
                {
                  key: 'waktu',
                  label: 'Ditandatangani pada',
                  children: <span data-testid="dokumen-waktu">{d.ditandatangani_pada_teks ?? MSG.emptyValue}</span>,
                },
              ]
            : []),
          {
            key: 'sha',
            label: signed ? 'SHA-256 surat bertanda tangan' : 'SHA-256 surat',
            children: (
              <span className="kgb-hash" data-testid="dokumen-sha256">
                {d.sha256}
              </span>
            ),
          },
        ]}
      />
    </>
  );
}

const yaTidak = (v: boolean | null, ya: string, tidak: string) =>
  v === null ? 'Tidak dapat diperiksa' : v ? ya : tidak;

/**
 * What the check of a signature found (Permenkominfo 11/2022 asks a verification service to show
 * the signer, the time, integrity and the certificate's status; docs/domain/tanda-tangan.md).
 */
function Verifikasi({ v }: { v: VerifikasiTtd }) {
  const bsre = v.jenis === 'bsre';
  return (
    <>
      {v.catatan && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={v.catatan}
          data-testid="dokumen-verifikasi-catatan"
        />
      )}
      <Descriptions
        column={1}
        size="small"
        bordered
        data-testid="dokumen-verifikasi"
        items={[
          {
            key: 'jenis',
            label: 'Jenis tanda tangan',
            children: bsre
              ? 'Tanda tangan elektronik tersertifikasi (BSrE, BSSN)'
              : 'Tanda tangan elektronik tidak tersertifikasi (kunci kantor sendiri)',
          },
          {
            key: 'ttd',
            label: 'Penanda tangan (sertifikat)',
            children: <span data-testid="dokumen-verifikasi-penandatangan">{v.penandatangan ?? MSG.emptyValue}</span>,
          },
          {
            key: 'waktu',
            label: 'Waktu penandatanganan',
            children: (
              <span data-testid="dokumen-verifikasi-waktu">
                {v.waktu ? formatWaktuKantor(v.waktu, { zona: v.zona }) : MSG.emptyValue}
              </span>
            ),
          },
          {
            key: 'utuh',
            label: 'Keutuhan dokumen',
            children: (
              <span data-testid="dokumen-verifikasi-utuh">
                {yaTidak(
                  v.utuh,
                  'Utuh: tidak berubah sejak ditandatangani',
                  'TIDAK utuh: dokumen berubah setelah ditandatangani',
                )}
              </span>
            ),
          },
          {
            key: 'sertifikat',
            label: 'Status sertifikat',
            children: (
              <span data-testid="dokumen-verifikasi-sertifikat">
                {bsre
                  ? yaTidak(
                      v.sertifikat_terpercaya,
                      'Terpercaya: diterbitkan PSrE yang diakui',
                      'TIDAK terpercaya atau sudah dicabut',
                    )
                  : 'Sertifikat kantor sendiri, bukan dari PSrE yang diakui'}
                {v.penerbit ? ` · Penerbit: ${v.penerbit}` : ''}
                {v.berlaku_sampai ? ` · Berlaku sampai ${formatTanggalKantor(v.berlaku_sampai, { zona: v.zona })}` : ''}
              </span>
            ),
          },
          ...(v.kesimpulan
            ? [
                {
                  key: 'kesimpulan',
                  label: 'Kesimpulan verifikasi BSrE',
                  children: <span data-testid="dokumen-verifikasi-kesimpulan">{v.kesimpulan}</span>,
                },
              ]
            : []),
        ]}
      />
    </>
  );
}

function CekSalinan({ kode }: { kode: string }) {
  const cek = useCekDokumen(kode);
  const r = cek.data?.data;
  return (
    <div data-testid="dokumen-upload">
      <Upload.Dragger
        accept="application/pdf,.pdf"
        maxCount={1}
        showUploadList={false}
        disabled={cek.isPending}
        beforeUpload={(file) => {
          cek.mutate(file);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <FilePdfOutlined />
        </p>
        <p className="ant-upload-text">
          {cek.isPending ? 'Memeriksa…' : 'Klik atau seret berkas PDF salinan surat ke sini'}
        </p>
        <p className="ant-upload-hint">
          Berkas dibandingkan byte demi byte (SHA-256) dengan surat yang tersimpan; isinya tidak disimpan.
        </p>
      </Upload.Dragger>
      {cek.isError && (
        <Alert type="error" showIcon role="alert" title={failureText(cek.error)} style={{ marginTop: 16 }} />
      )}
      {r && (
        <Alert
          style={{ marginTop: 16 }}
          type={r.cocok ? 'success' : 'error'}
          showIcon
          data-testid="dokumen-cek-hasil"
          title={
            r.cocok
              ? 'Salinan sama persis dengan dokumen yang tersimpan'
              : 'Salinan TIDAK sama dengan dokumen yang tersimpan'
          }
          description={
            <>
              <div>
                SHA-256 salinan: <span className="kgb-hash">{r.sha256_unggahan}</span>
              </div>
              <div>
                SHA-256 tersimpan: <span className="kgb-hash">{r.sha256_tersimpan}</span>
              </div>
            </>
          }
        />
      )}
    </div>
  );
}

/**
 * Public check of a KGB letter (no login): the facts behind its document code and whether an
 * uploaded copy is byte for byte the stored letter. /dokumen without a code asks for one.
 */
export function DokumenPage() {
  const kode = normalKodeDokumen(useParams().kode ?? '');
  const info = useDokumen(kode);
  const notFound = info.error instanceof ApiError && info.error.status === 404;

  return (
    <div className="dokumen-wrap">
      <main className="dokumen-inner">
        <h1 className="dokumen-title">
          <Link to={paths.dokumen()} className="dokumen-brand">
            <img src="/favicon.svg" alt="" />
            <span>Sidasek · Cek Keaslian Dokumen</span>
          </Link>
        </h1>
        <Panel title="Kode dokumen">
          <Typography.Paragraph type="secondary">
            Kode dokumen tercetak di bagian bawah surat pemberitahuan KGB. Masukkan kode untuk melihat siapa yang
            menandatangani surat dan kapan.
          </Typography.Paragraph>
          <KodeForm key={kode} initial={kode} />
        </Panel>
        {kode && (
          <Panel title="Dokumen">
            {info.isPending ? (
              <Skeleton active />
            ) : info.isError ? (
              <Result
                status={notFound ? '404' : 'warning'}
                title={notFound ? KGB_MSG.documentNotFound : failureText(info.error)}
                subTitle={
                  notFound ? `Tidak ada surat dengan kode ${kode}. Periksa kembali penulisan kodenya.` : undefined
                }
                data-testid="dokumen-error"
              />
            ) : (
              <Info d={info.data} />
            )}
          </Panel>
        )}
        {kode && info.data?.verifikasi && (
          <Panel title="Verifikasi tanda tangan elektronik">
            <Verifikasi v={info.data.verifikasi} />
          </Panel>
        )}
        {kode && info.data && (
          <Panel title="Cocokkan salinan">
            <CekSalinan kode={info.data.kode_dokumen} />
          </Panel>
        )}
        {info.data?.status === 'signed' &&
          (info.data.verifikasi?.jenis === 'bsre' ? (
            <SignatureNote compact jenis="bsre" />
          ) : (
            <UncertifiedNote compact />
          ))}
      </main>
    </div>
  );
}
