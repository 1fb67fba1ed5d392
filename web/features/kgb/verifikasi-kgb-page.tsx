import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Result, Skeleton, Space, Typography } from 'antd';
import {
  ArrowLeftOutlined,
  CloseCircleOutlined,
  DownloadOutlined,
  EditOutlined,
  FileAddOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import type { SuratKgb } from '#contract/kgb.ts';
import { MSG } from '#contract/messages.ts';
import { familyOf, paths } from '../../app/paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { formatDate, orEmpty } from '../../lib/format.ts';
import { formatWaktuKantor, useZonaKantor } from '../../lib/waktu-kantor.ts';
import { useAppConfig } from '../../lib/app-config.ts';
import { failureText } from '../../components/ui/form-errors.tsx';
import { guruKeys, recordKeys } from '../../lib/query-keys.ts';
import { kgbKeys, useKgbSurat } from './api/kgb.ts';
import { cancellationNotice } from './api/periode.ts';
import { fetchPdf, saveBlob } from '../../lib/documents.ts';
import { PdfViewer } from '../../components/pdf/pdf-viewer.tsx';
import { LetterPage } from './components/guru-line.tsx';
import { SuratStatusTag } from './components/kgb-tags.tsx';
import { SignatureNote } from './components/signature-note.tsx';
import type { KeTtdState } from './buat-kgb-page.tsx';
import './kgb.css';

// Cancelling is rare: its form downloads when asked for.
const CancelModal = lazy(() => import('./components/cancel-modal.tsx').then((m) => ({ default: m.CancelModal })));
const PassphraseModal = lazy(() =>
  import('./components/passphrase-modal.tsx').then((m) => ({ default: m.PassphraseModal })),
);
// The signing dialog downloads when TTD KGB is pressed (and the page opens without it).
const SignModal = lazy(() => import('./components/sign-modal.tsx').then((m) => ({ default: m.SignModal })));
/** The office's date and time with its zone, as the letter prints it ('27 November 2026 12.43 WIT'). */
const when = (iso: string | null) => (iso ? formatWaktuKantor(iso) : MSG.emptyValue);

function SuratFacts({ surat }: { surat: SuratKgb }) {
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      data-testid="kgb-surat"
      items={[
        { key: 'nomor', label: 'Nomor surat', children: <span data-testid="kgb-nomor">{surat.nomor}</span> },
        {
          key: 'kode',
          label: 'Kode dokumen',
          children: (
            <Space orientation="vertical" size={0}>
              <Typography.Text copyable data-testid="kgb-kode">
                {surat.kode_dokumen}
              </Typography.Text>
              <Link to={paths.dokumen(surat.kode_dokumen)} target="_blank" data-testid="kgb-cek-link">
                <SafetyCertificateOutlined /> Cek keaslian
              </Link>
            </Space>
          ),
        },
        { key: 'tmt', label: 'TMT KGB', children: formatDate(surat.tmt) },
        { key: 'status', label: 'Status', children: <SuratStatusTag status={surat.status} /> },
        { key: 'verified', label: 'Diverifikasi', children: when(surat.verified_at) },
        {
          key: 'pejabat',
          label: 'Penandatangan',
          children: surat.pejabat ? (
            <span className="kgb-name">
              <span data-testid="kgb-pejabat">{surat.pejabat.nama}</span>
              <small>
                {surat.pejabat.jabatan} · NIP {surat.pejabat.nip}
              </small>
            </span>
          ) : (
            MSG.emptyValue
          ),
        },
        ...(surat.status === 'cancelled'
          ? [
              {
                key: 'batal',
                label: 'Dibatalkan',
                children: <span data-testid="kgb-batal-at">{when(surat.dibatalkan_pada)}</span>,
              },
              {
                key: 'alasan',
                label: 'Alasan pembatalan',
                children: <span data-testid="kgb-batal-alasan">{orEmpty(surat.alasan_batal)}</span>,
              },
            ]
          : []),
        ...(surat.signed_sha256
          ? [
              {
                key: 'signed',
                label: 'Ditandatangani',
                children: <span data-testid="kgb-signed-at">{when(surat.signed_at)}</span>,
              },
              {
                key: 'sha',
                label: 'SHA-256',
                children: (
                  <span className="kgb-hash" data-testid="kgb-sha256">
                    {orEmpty(surat.signed_sha256)}
                  </span>
                ),
              },
            ]
          : [
              {
                key: 'sha',
                label: 'SHA-256 surat terverifikasi',
                children: <span className="kgb-hash">{surat.pdf_sha256}</span>,
              },
            ]),
      ]}
    />
  );
}

/**
 * SPEC §2 sign page (both administrator layouts; id = the teacher): the teacher's latest letter in the PDF
 * viewer, its facts, and 'TTD KGB' asking the official's passphrase while the letter waits for
 * the signature. A signed letter shows when and by whom, its SHA-256 and a download.
 */
export function VerifikasiKgbPage() {
  useZonaKantor();
  const id = Number(useParams().id);
  const family = familyOf(useLocation().pathname) ?? 'admin-side';
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const surat = useKgbSurat(id);
  const location = useLocation();
  // Arriving from Buat KGB's "Tandatangani sekarang": the signing dialog opens at once, once (the
  // state is dropped so a reload or Back does not open it again).
  const [signing, setSigning] = useState(() => (location.state as Partial<KeTtdState> | null)?.ttd === true);
  useEffect(() => {
    if ((location.state as Partial<KeTtdState> | null)?.ttd)
      void navigate(location.pathname, { replace: true, state: null });
  }, [location.state, location.pathname, navigate]);
  const [cancelling, setCancelling] = useState(false);
  const [notice, setNotice] = useState(false);
  const appConfig = useAppConfig().data;
  // The office's seal (docs/domain/tanda-tangan.md): the notice is sealed in the office's name.
  const sealed = appConfig?.penandatangan === 'bsre' && appConfig.segel === true;
  const [downloading, setDownloading] = useState(false);

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
      Kembali
    </Button>
  );

  if (!Number.isInteger(id) || id <= 0) return <Result status="404" title={MSG.notFound} />;
  if (surat.isPending) {
    return (
      <LetterPage title="TTD KGB" id={id}>
        <Skeleton active />
      </LetterPage>
    );
  }
  if (surat.isError) {
    const none = surat.error instanceof ApiError && surat.error.status === 404;
    return (
      <LetterPage title="TTD KGB" id={id}>
        <Result
          status={none ? 'info' : 'warning'}
          title={failureText(surat.error)}
          subTitle={none ? 'Buat dan verifikasi surat KGB guru ini lebih dulu.' : undefined}
          data-testid="kgb-surat-error"
          extra={
            <Space>
              {back}
              {none && (
                <Button type="primary" icon={<FileAddOutlined />} onClick={() => navigate(paths.buatKgb(family, id))}>
                  Buat KGB
                </Button>
              )}
            </Space>
          }
        />
      </LetterPage>
    );
  }

  const s = surat.data;
  const signed = s.status === 'signed';
  const cancelled = s.status === 'cancelled';

  const onSigned = (next: SuratKgb, text: string) => {
    message.success(text);
    qc.setQueryData(kgbKeys.surat(id), next);
    void qc.invalidateQueries({ queryKey: kgbKeys.all });
    void qc.invalidateQueries({ queryKey: guruKeys.detail(id) });
    void qc.invalidateQueries({ queryKey: guruKeys.list });
    void qc.invalidateQueries({ queryKey: recordKeys.all(id) });
  };

  const onCancelled = (text: string) => {
    setCancelling(false);
    message.success(text);
    void qc.invalidateQueries({ queryKey: guruKeys.detail(id) });
    void qc.invalidateQueries({ queryKey: guruKeys.list });
    void qc.invalidateQueries({ queryKey: recordKeys.all(id) });
  };

  const download = async () => {
    setDownloading(true);
    try {
      saveBlob(await fetchPdf(s.pdfLink), `kgb-${s.kode_dokumen}.pdf`);
    } catch (err) {
      message.error(failureText(err));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <LetterPage title="TTD KGB" id={id}>
      <div className="kgb-letter">
        <PdfViewer
          url={s.pdfLink}
          version={`${s.status}:${s.signed_sha256 ?? ''}`}
          fileName={`kgb-${s.kode_dokumen}.pdf`}
          title={
            cancelled
              ? 'Surat KGB yang dibatalkan'
              : signed
                ? 'Surat KGB bertanda tangan elektronik'
                : 'Surat KGB terverifikasi'
          }
        />
        <div className="kgb-side">
          {cancelled ? (
            <Alert
              type="error"
              showIcon
              data-testid="kgb-cancelled"
              title="Surat ini dibatalkan"
              description={`Dibatalkan pada ${when(s.dibatalkan_pada)}. Alasan: ${orEmpty(s.alasan_batal)}`}
            />
          ) : signed ? (
            <Alert
              type="success"
              showIcon
              data-testid="kgb-signed"
              title="Sudah ditandatangani"
              description={`Ditandatangani secara elektronik pada ${when(s.signed_at)}${s.pejabat ? ` oleh ${s.pejabat.nama}` : ''}`.replace(
                /\.?$/,
                '.',
              )}
            />
          ) : s.status === 'signing' ? (
            <Alert
              type="info"
              showIcon
              title="Surat sedang ditandatangani. Muat ulang halaman sebentar lagi."
              action={
                <Button size="small" onClick={() => surat.refetch()}>
                  Muat ulang
                </Button>
              }
            />
          ) : (
            <Alert type="info" showIcon title="Surat sudah diverifikasi dan menunggu tanda tangan." />
          )}
          <Card size="small">
            <Space orientation="vertical" size={12} style={{ width: '100%' }}>
              {s.status === 'verified' && (
                <Button
                  type="primary"
                  block
                  icon={<EditOutlined />}
                  onClick={() => setSigning(true)}
                  data-testid="kgb-ttd-button"
                >
                  TTD KGB
                </Button>
              )}
              {signed && (
                <Button
                  block
                  icon={<DownloadOutlined />}
                  loading={downloading}
                  onClick={download}
                  data-testid="kgb-download-signed"
                >
                  Unduh surat bertanda tangan
                </Button>
              )}
              {(s.status === 'verified' || signed) && (
                <Button
                  danger
                  block
                  icon={<CloseCircleOutlined />}
                  onClick={() => setCancelling(true)}
                  data-testid="kgb-batal-button"
                >
                  Batalkan surat
                </Button>
              )}
              {cancelled && (
                <Button
                  type="primary"
                  block
                  icon={<FileAddOutlined />}
                  onClick={() => navigate(paths.buatKgb(family, id))}
                  data-testid="kgb-buat-lagi"
                >
                  Buat surat pengganti
                </Button>
              )}
              {/* A signed letter went to the payroll office: its cancellation goes there too. */}
              {cancelled && s.signed_at && (
                <Button
                  block
                  icon={<DownloadOutlined />}
                  onClick={() => setNotice(true)}
                  data-testid="kgb-pembatalan-button"
                >
                  Surat pembatalan ke pengelola gaji
                </Button>
              )}
              {back}
            </Space>
          </Card>
          {/* The actions first, the facts under them: TTD KGB stays in view on a laptop screen. */}
          <Card title="Surat KGB" size="small">
            <SuratFacts surat={s} />
          </Card>
          <SignatureNote jenis={s.ditandatangani_melalui ?? null} />
        </div>
      </div>
      {cancelling && (
        <Suspense fallback={null}>
          <CancelModal guruId={id} surat={s} onClose={() => setCancelling(false)} onCancelled={onCancelled} />
        </Suspense>
      )}
      {s.status === 'verified' && signing && (
        <Suspense fallback={null}>
          <SignModal open guruId={id} surat={s} onClose={() => setSigning(false)} onSigned={onSigned} />
        </Suspense>
      )}
      {notice && (
        <Suspense fallback={null}>
          <PassphraseModal
            open
            title="Surat pembatalan ke pengelola gaji"
            sealable
            okText="Tandatangani dan unduh"
            text={`Pemberitahuan kepada pengelola gaji (BPKAD/KPPN) bahwa surat nomor ${s.nomor} dibatalkan, ${sealed ? 'disegel secara elektronik atas nama kantor' : 'ditandatangani secara elektronik'}. Nomornya diambil dari register sekali; unduhan berikutnya memakai nomor yang sama.`}
            onSubmit={async (secret) => {
              saveBlob(await cancellationNotice(s.id, secret), `pembatalan-${s.kode_dokumen}.pdf`);
              message.success('Surat pembatalan bertanda tangan diunduh');
            }}
            onClose={() => setNotice(false)}
          />
        </Suspense>
      )}
    </LetterPage>
  );
}
