import { lazy, Suspense, useEffect, useRef } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Alert, App, Button, Card, Descriptions, Result, Skeleton, Space, Typography } from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined, CheckCircleOutlined, EditOutlined } from '@ant-design/icons';
import type { KgbPdf } from '#contract/kgb.ts';
import { MSG } from '#contract/messages.ts';
import { familyOf, paths } from '../../app/paths.ts';
import { failureText } from '../../components/ui/form-errors.tsx';
import { formatDate, formatRupiah } from '../../lib/format.ts';
import { useKgbPdf, useVerifyKgb } from './api/kgb.ts';
import { PdfViewer } from '../../components/pdf/pdf-viewer.tsx';
import { LetterPage } from './components/guru-line.tsx';
import { SuratStatusTag } from './components/kgb-tags.tsx';
import './kgb.css';

// The postponement card sits below the plan: it downloads after the letter.
const PenundaanCard = lazy(() => import('./components/penundaan-card.tsx').then((m) => ({ default: m.PenundaanCard })));

/** SPEC §2: the due list after verification, whatever the current layout (now the secondary way on). */
const AFTER_VERIFY = '/admin-side/guru/akan-kgb';

/** What the sign page reads on arrival: open the signing dialog at once (the letter was just verified). */
export interface KeTtdState {
  ttd: true;
}

/**
 * This page's history entry after a verification (the server's message): the next step stays
 * offered if the page is drawn again (a reload, a file of the app fetched again).
 */
interface DiverifikasiState {
  diverifikasi: string;
}

/**
 * The next step after a verification: the letter's number, signing it now on the sign page (its
 * dialog opens there), or back to the due list. Focus moves here, the button pressed is gone.
 */
function Verified({
  nomor,
  message,
  onSign,
  onBack,
}: {
  nomor: string;
  message: string;
  onSign: () => void;
  onBack: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: 'center' });
  }, []);
  return (
    <div className="kgb-verified" data-testid="kgb-verified">
      <CheckCircleOutlined className="kgb-verified-icon" aria-hidden />
      <h2 className="kgb-verified-title" ref={heading} tabIndex={-1}>
        {message}
      </h2>
      <Typography.Paragraph className="kgb-verified-text">
        Nomor surat <strong data-testid="kgb-verified-nomor">{nomor}</strong>. Isi surat sudah dikunci dan menunggu
        tanda tangan elektronik pejabat.
      </Typography.Paragraph>
      <Space orientation="vertical" size={8} style={{ width: '100%' }}>
        <Button type="primary" block icon={<EditOutlined />} onClick={onSign} data-testid="kgb-sign-now">
          Tandatangani sekarang
        </Button>
        <Button block icon={<ArrowLeftOutlined />} onClick={onBack} data-testid="kgb-back-to-list">
          Kembali ke daftar Akan KGB
        </Button>
      </Space>
    </div>
  );
}

const mkgText = (m: { tahun: number; bulan: number }) => `${m.tahun} tahun ${m.bulan} bulan`;

function Rencana({ pdf }: { pdf: KgbPdf }) {
  const r = pdf.rencana;
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      data-testid="kgb-rencana"
      items={[
        { key: 'tmt', label: 'TMT KGB', children: formatDate(r.tmt) },
        {
          key: 'gaji',
          label: 'Gaji pokok',
          children: (
            <span className="kgb-salary">
              <span>{formatRupiah(r.gaji_lama)}</span>
              <ArrowRightOutlined aria-label="menjadi" />
              <span className="kgb-new" data-testid="kgb-gaji-baru">
                {formatRupiah(r.gaji_baru)}
              </span>
            </span>
          ),
        },
        { key: 'mkg', label: 'MKG baru', children: mkgText(r.mkg_baru) },
        { key: 'gol', label: 'Golongan', children: r.golongan },
        { key: 'reg', label: 'Dasar gaji', children: r.regulasi },
        ...(pdf.surat
          ? [
              { key: 'nomor', label: 'Nomor surat', children: pdf.surat.nomor },
              { key: 'kode', label: 'Kode dokumen', children: pdf.surat.kode_dokumen },
            ]
          : []),
      ]}
    />
  );
}

/**
 * SPEC §2 "Buat KGB": the letter of the teacher's next KGB in the PDF viewer (a draft with its
 * watermark until verified) and the plan behind it; 'Verifikasi KGB' with the confirmation freezes
 * it and offers the next step: sign it now or go back to the due list. A verified letter links to
 * the sign page instead.
 */
export function BuatKgbPage() {
  const id = Number(useParams().id);
  const location = useLocation();
  const family = familyOf(location.pathname) ?? 'admin-side';
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const pdf = useKgbPdf(id);
  const verify = useVerifyKgb(id);
  const justVerified = (location.state as Partial<DiverifikasiState> | null)?.diverifikasi;

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(paths.akanKgb(family))}>
      Kembali
    </Button>
  );

  if (!Number.isInteger(id) || id <= 0) return <Result status="404" title={MSG.notFound} extra={back} />;

  const confirmVerify = () =>
    modal.confirm({
      title: MSG.confirmTitle,
      content: 'Surat KGB ini akan diverifikasi: isinya dikunci dan diberi nomor, lalu menunggu tanda tangan pejabat.',
      okText: MSG.confirmYes,
      cancelText: MSG.confirmNo,
      onOk: async () => {
        try {
          const r = await verify.mutateAsync();
          // The next step is offered here: sign now, or back to the list.
          await navigate(location.pathname, {
            replace: true,
            state: { diverifikasi: r.message } satisfies DiverifikasiState,
          });
        } catch (err) {
          modal.error({
            title: 'Gagal memverifikasi',
            content: <span data-testid="action-error">{failureText(err)}</span>,
            okText: 'OK',
          });
        }
      },
    });

  if (pdf.isPending) {
    return (
      <LetterPage title="Buat KGB" id={id}>
        <Skeleton active />
      </LetterPage>
    );
  }
  if (pdf.isError) {
    return (
      <LetterPage title="Buat KGB" id={id}>
        <Result status="warning" title={failureText(pdf.error)} extra={back} data-testid="kgb-pdf-error" />
      </LetterPage>
    );
  }

  const d = pdf.data;
  const draft = d.status === 'draft';
  // Just verified: the next step (sign now, or back to the list) in place of the page's own Kembali.
  const nextStep =
    justVerified && d.status === 'verified' && d.surat ? { nomor: d.surat.nomor, message: justVerified } : null;
  return (
    <LetterPage title="Buat KGB" id={id}>
      <div className="kgb-letter">
        <PdfViewer
          url={d.pdfLink}
          // A postponement or a new decree changes the draft without changing its status.
          version={`${d.status}:${d.rencana.tmt}:${d.rencana.gaji_baru}:${d.rencana.golongan}`}
          fileName={d.surat ? `kgb-${d.surat.kode_dokumen}.pdf` : `draf-kgb-${id}.pdf`}
          title={draft ? 'Draf Surat Pemberitahuan KGB' : 'Surat Pemberitahuan KGB'}
        />
        <div className="kgb-side">
          {/* PP 7/1977 conditions: a rating below Baik in the years the increase covers (docs/domain/kenaikan-pangkat.md). */}
          {d.catatan_skp && <Alert type="warning" showIcon title={d.catatan_skp} data-testid="kgb-catatan-skp" />}
          <Card title="Rencana KGB" size="small" extra={<SuratStatusTag status={d.status} />}>
            <Rencana pdf={d} />
          </Card>
          <Card size="small">
            {nextStep ? (
              <Verified
                nomor={nextStep.nomor}
                message={nextStep.message}
                onSign={() => navigate(paths.verifikasiKgb(family, id), { state: { ttd: true } satisfies KeTtdState })}
                onBack={() => navigate(AFTER_VERIFY)}
              />
            ) : draft ? (
              <Space orientation="vertical" size={12} style={{ width: '100%' }}>
                <Typography.Text type="secondary">
                  Periksa isi surat. Setelah diverifikasi, isi surat dikunci dan diberi nomor serta kode dokumen; surat
                  lalu menunggu tanda tangan elektronik pejabat.
                </Typography.Text>
                <Button
                  type="primary"
                  block
                  icon={<CheckCircleOutlined />}
                  loading={verify.isPending}
                  onClick={confirmVerify}
                  data-testid="kgb-verify-button"
                >
                  Verifikasi KGB
                </Button>
              </Space>
            ) : (
              <Space orientation="vertical" size={12} style={{ width: '100%' }}>
                <Alert
                  type={d.status === 'signed' ? 'success' : 'info'}
                  showIcon
                  title={
                    d.status === 'signed'
                      ? 'Surat ini sudah ditandatangani.'
                      : 'Surat ini sudah diverifikasi dan menunggu tanda tangan.'
                  }
                  data-testid="kgb-already-verified"
                />
                <Button
                  type="primary"
                  block
                  icon={<EditOutlined />}
                  onClick={() => navigate(paths.verifikasiKgb(family, id))}
                  data-testid="kgb-to-sign"
                >
                  {d.status === 'signed' ? 'Lihat KGB' : 'Ke halaman TTD KGB'}
                </Button>
              </Space>
            )}
          </Card>
          <Suspense fallback={null}>
            <PenundaanCard guruId={id} tmt={d.rencana.tmt} canPostpone={draft} />
          </Suspense>
          {!nextStep && back}
        </div>
      </div>
    </LetterPage>
  );
}
