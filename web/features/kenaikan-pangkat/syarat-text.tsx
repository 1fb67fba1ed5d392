import { Tag } from 'antd';
import type { KpItem, StatusUsulKp } from '#contract/kenaikan-pangkat-values.ts';
import { formatDate, formatNumber } from '../../lib/format.ts';

export const STATUS_COLOR: Record<StatusUsulKp, string> = {
  diusulkan: 'blue',
  bts: 'volcano',
  tms: 'red',
  ditetapkan: 'green',
};
/** What the row says about the conditions: met, or the reasons and the data missing. */
export function SyaratText({ item }: { item: KpItem }) {
  const s = item.syarat;
  if (s.memenuhi) {
    return (
      <span className="kp-lines">
        <Tag color="green" data-testid="kp-memenuhi">
          Memenuhi syarat
        </Tag>
        {s.angka_kredit && (
          <small>
            Angka kredit {formatNumber(s.angka_kredit.dimiliki, 3)} / {formatNumber(s.angka_kredit.dibutuhkan, 0)}
          </small>
        )}
        {s.catatan.map((c) => (
          <small key={c} className="kp-note">
            {c}
          </small>
        ))}
      </span>
    );
  }
  return (
    <span className="kp-lines">
      <Tag color={s.data_kurang.length && !s.alasan.length ? 'orange' : 'default'} data-testid="kp-belum">
        {s.data_kurang.length && !s.alasan.length ? 'Data belum lengkap' : 'Belum memenuhi'}
      </Tag>
      {s.alasan.map((a) => (
        <small key={a} data-testid="kp-alasan">
          {a}
        </small>
      ))}
      {s.data_kurang.length > 0 && (
        <small className="kp-missing" data-testid="kp-data-kurang">
          Data kurang: {s.data_kurang.join('; ')}
        </small>
      )}
      {s.tmt_berikut && s.tmt_berikut !== s.tmt && (
        <small>Perkiraan: TMT {formatDate(s.tmt_berikut, 'D MMMM YYYY')}</small>
      )}
    </span>
  );
}
