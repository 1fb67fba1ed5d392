import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Space, Typography } from 'antd';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { failureText } from '../ui/form-errors.tsx';
import { fetchPdf, saveBlob } from '../../lib/documents.ts';
import { Loading } from './loading.tsx';
import './pdf-viewer.css';

const PdfPages = lazy(() => import('./pdf-pages.tsx'));

/** SPEC §9: the letter viewer is 800 px high. */
export const PDF_VIEWER_HEIGHT = 800;

export interface PdfViewerProps {
  /** An /api/... address served with the bearer token. */
  url: string;
  /** Changes when the document behind the same address changes (e.g. the letter's status). */
  version?: string;
  /** Name of the downloaded file. */
  fileName: string;
  title?: string;
}

/**
 * The letter's PDF: fetched with the token, drawn page by page with pdf.js (an <iframe> with a
 * blob PDF shows nothing in some browsers, headless ones among them), with an 'Unduh PDF' button.
 */
export function PdfViewer({ url, version = '', fileName, title = 'Dokumen' }: PdfViewerProps) {
  const pdf = useQuery({
    queryKey: ['kgb-pdf-file', url, version],
    queryFn: ({ signal }) => fetchPdf(url, signal),
    staleTime: Infinity,
    gcTime: 60_000,
  });
  const [rendered, setRendered] = useState<string | null>(null);
  const key = `${url}#${version}`;

  return (
    <section className="pdf-viewer" aria-label={title}>
      <div className="pdf-toolbar">
        <Typography.Text strong>{title}</Typography.Text>
        <Space>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => pdf.refetch()}
            loading={pdf.isFetching}
            aria-label="Muat ulang dokumen"
          />
          <Button
            icon={<DownloadOutlined />}
            disabled={!pdf.data}
            onClick={() => pdf.data && saveBlob(pdf.data, fileName)}
            data-testid="pdf-download"
          >
            Unduh PDF
          </Button>
        </Space>
      </div>
      {/* A scroll box of its own: focusable and named, so the pages scroll with the arrow and page
          keys too (WCAG 2.1.1; a canvas has nothing else to focus). */}
      <div
        className="pdf-scroll"
        style={{ height: PDF_VIEWER_HEIGHT }}
        tabIndex={0}
        role="region"
        aria-label={`Halaman dokumen: ${title}`}
        data-testid="pdf-viewer"
        data-state={rendered === key ? 'rendered' : 'loading'}
      >
        {pdf.isError ? (
          <div className="pdf-center">
            <Alert type="error" showIcon title={failureText(pdf.error)} data-testid="pdf-error" />
          </div>
        ) : !pdf.data ? (
          <Loading text="Mengambil dokumen…" />
        ) : (
          <Suspense fallback={<Loading text="Menyiapkan penampil PDF…" />}>
            <PdfPages key={key} file={pdf.data} onRendered={() => setRendered(key)} />
          </Suspense>
        )}
      </div>
    </section>
  );
}
