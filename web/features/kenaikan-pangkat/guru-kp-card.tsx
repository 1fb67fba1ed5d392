import { Link, useLocation } from 'react-router';
import { familyOf, paths } from '../../app/paths.ts';
import { formatDate } from '../../lib/format.ts';
import { useKpGuru } from './api/kenaikan-pangkat.ts';
import { SyaratText } from './syarat-text.tsx';
import './kenaikan-pangkat.css';

/**
 * The teacher's next rank promotion on the detail page: the next period's result, the date it can
 * come, and what is missing (docs/domain/kenaikan-pangkat.md).
 */
export function GuruKpCard({ guruId }: { guruId: number }) {
  const family = familyOf(useLocation().pathname) ?? 'admin-side';
  const kp = useKpGuru(guruId);
  if (!kp.data) return null;
  const s = kp.data.syarat;
  const kapan = s.memenuhi ? s.tmt : s.tmt_berikut;
  return (
    <section className="kp-card" aria-label="Kenaikan pangkat berikutnya" data-testid="guru-kp-card">
      <div className="kp-batch-head">
        <span className="kp-lines">
          <b>
            Kenaikan pangkat berikutnya{s.golongan && s.golongan_baru ? `: ${s.golongan} → ${s.golongan_baru}` : ''}
          </b>
          <small data-testid="guru-kp-tanggal">
            {kapan
              ? `TMT ${formatDate(kapan, 'D MMMM YYYY')}${s.memenuhi ? '' : ' (perkiraan, bila data lengkap dan SKP minimal Baik)'}`
              : 'Belum dapat diperkirakan'}
          </small>
        </span>
        <Link to={`${paths.kenaikanPangkat(family)}?periode=${s.tmt.slice(0, 7)}`}>
          Periode {formatDate(s.tmt, 'MMMM YYYY')}
        </Link>
      </div>
      <SyaratText item={kp.data} />
    </section>
  );
}
