import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Result } from 'antd';
import { MSG } from '#contract/messages.ts';
import { PdfViewer } from '../../components/pdf/pdf-viewer.tsx';

/**
 * Only these addresses may be shown here: a record's own file (`/api/<kind>/<id>/file`), the
 * retirement documents (`/api/pensiun/<id>/dpcp|surat|skpp`) and a promotion batch's letter and
 * list (`/api/kenaikan-pangkat/usulan/<id>/surat|nominatif`).
 */
const RECORD_FILE =
  /^\/api\/(?:[a-z]+\/\d+\/file|pensiun\/\d+\/(?:dpcp|surat|skpp)|kenaikan-pangkat\/usulan\/\d+\/(?:surat|nominatif))$/;

/**
 * A record's document in a tab of its own: the tab is titled with what the document
 * is instead of a blob address, and the file is fetched with the session's token and drawn with
 * the letter viewer (pdf.js), which the content security policy allows.
 */
export function BerkasPage() {
  const [params] = useSearchParams();
  const url = params.get('u') ?? '';
  const judul = (params.get('judul') ?? 'Dokumen').slice(0, 120);
  useEffect(() => {
    document.title = `${judul} · Sidasek`;
  }, [judul]);
  if (!RECORD_FILE.test(url)) return <Result status="404" title={MSG.notFound} />;
  return (
    <main className="berkas-page">
      <h1 className="lite-title">{judul}</h1>
      <PdfViewer url={url} fileName={`${judul.replace(/[^\w.-]+/g, '-')}.pdf`} title={judul} />
    </main>
  );
}
