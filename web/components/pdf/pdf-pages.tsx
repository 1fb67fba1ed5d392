import { useEffect, useRef, useState } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
import workerSrc from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { Alert } from 'antd';
import { Loading } from './loading.tsx';

// The pdf.js worker is a file of the build (same origin: allowed by the CSP's script-src 'self').
pdfjs.GlobalWorkerOptions.workerSrc = workerSrc;

// pdf.js must not try eval (the CSP forbids it); a constant object so the document is not reloaded.
const OPTIONS = { isEvalSupported: false } as const;

/**
 * Renders every page of a PDF with pdf.js at the width of the scroll box (react-pdf). Loaded
 * lazily by PdfViewer: pdf.js is downloaded only on the pages that show a letter.
 */
export default function PdfPages({ file, onRendered }: { file: Blob; onRendered: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [pages, setPages] = useState(0);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setWidth(Math.floor(el.clientWidth));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // Page width: the box minus its padding, never wider than A4 at 150 % nor narrower than 240 px.
  const pageWidth = Math.max(240, Math.min(width - 32, 893));

  return (
    <div ref={box} className="pdf-pages">
      {width > 0 && (
        <Document
          file={file}
          options={OPTIONS}
          onLoadSuccess={(pdf) => setPages(pdf.numPages)}
          loading={<Loading text="Memuat dokumen…" />}
          error={<Alert type="error" showIcon title="Dokumen PDF tidak dapat ditampilkan." />}
          noData=""
        >
          {Array.from({ length: pages }, (_, i) => (
            <Page
              key={i + 1}
              pageNumber={i + 1}
              width={pageWidth}
              className="pdf-page"
              renderTextLayer={false}
              renderAnnotationLayer={false}
              loading={
                <div
                  className="pdf-page-placeholder"
                  style={{ width: pageWidth, height: Math.round(pageWidth * 1.414) }}
                />
              }
              onRenderSuccess={i === 0 ? onRendered : undefined}
            />
          ))}
        </Document>
      )}
    </div>
  );
}
