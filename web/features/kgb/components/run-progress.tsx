import { Alert, Button, Tag, Typography } from 'antd';
import type { TugasKgb } from '#contract/kgb-periode-values.ts';

/** A run over a month's letters: a progress bar, the counts, the letters that failed or were skipped. */
export function RunProgress({ run: r, onDone }: { run: TugasKgb; onDone: () => void }) {
  const percent = r.total ? Math.round((r.diproses / r.total) * 100) : 100;
  const failures = r.hasil.filter((h) => h.hasil !== 'berhasil');
  const what = r.jenis === 'ttd' ? 'Penandatanganan' : 'Verifikasi';
  const state = r.status === 'berjalan' ? 'active' : r.gagal || r.status === 'berhenti' ? 'exception' : 'success';
  return (
    <section className="periode-run" data-testid="periode-run" aria-label={`${what} ${r.total} surat`}>
      <div className="periode-run-head">
        <Typography.Text strong>
          {what} {r.total.toLocaleString('id-ID')} surat
        </Typography.Text>
        {r.status !== 'berjalan' && (
          <Button size="small" onClick={onDone}>
            Tutup
          </Button>
        )}
      </div>
      {/* A plain bar: antd's Progress would add 5 kB to the route for one element. */}
      <div
        className="periode-bar"
        data-state={state}
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={r.total}
        aria-valuenow={r.diproses}
        aria-label={`${what}: ${r.diproses} dari ${r.total} surat`}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      <Typography.Paragraph style={{ margin: '6px 0 0' }} data-testid="periode-run-summary">
        {r.status === 'berjalan'
          ? 'Sedang diproses: '
          : r.status === 'terhenti' || r.status === 'berhenti'
            ? 'Terhenti: '
            : 'Selesai: '}
        {r.diproses.toLocaleString('id-ID')} dari {r.total.toLocaleString('id-ID')} surat;{' '}
        {r.berhasil.toLocaleString('id-ID')} berhasil, {r.dilewati.toLocaleString('id-ID')} dilewati,{' '}
        {r.gagal.toLocaleString('id-ID')} gagal.
      </Typography.Paragraph>
      {r.status === 'terhenti' && (
        <Alert
          type="warning"
          showIcon
          title="Proses terhenti karena server dimulai ulang. Jalankan lagi untuk melanjutkan surat yang tersisa."
        />
      )}
      {r.status === 'berhenti' && (
        <Alert
          type="error"
          showIcon
          role="alert"
          data-testid="periode-run-berhenti"
          title="Penandatanganan dihentikan"
          description={`${r.pesan ?? ''} Surat yang belum ditandatangani tetap terverifikasi; jalankan Tandatangani lagi untuk melanjutkannya.`}
        />
      )}
      {failures.length > 0 && (
        <ul className="periode-run-failures" data-testid="periode-run-failures">
          {failures.map((f) => (
            <li key={`${f.guru_id}-${f.pesan}`}>
              <Tag color={f.hasil === 'gagal' ? 'red' : 'default'}>{f.hasil === 'gagal' ? 'Gagal' : 'Dilewati'}</Tag>
              {f.nama}: {f.pesan}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
