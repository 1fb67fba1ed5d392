import { Tag } from 'antd';
import type { KgbDueItem, SuratStatus } from '#contract/kgb.ts';

/** Days left to the TMT, or days overdue (from the structured fields, never the HTML reminder). */
export function DueTag({ item }: { item: Pick<KgbDueItem, 'sisa_hari' | 'terlambat'> }) {
  if (item.terlambat)
    return (
      <Tag color="red" data-testid="kgb-due-tag">
        Terlambat {Math.abs(item.sisa_hari)} hari
      </Tag>
    );
  if (item.sisa_hari === 0)
    return (
      <Tag color="orange" data-testid="kgb-due-tag">
        Hari ini
      </Tag>
    );
  return (
    <Tag color={item.sisa_hari <= 30 ? 'gold' : 'blue'} data-testid="kgb-due-tag">
      {item.sisa_hari} hari lagi
    </Tag>
  );
}

const STATUS: Record<SuratStatus, { text: string; color: string }> = {
  draft: { text: 'Draf', color: 'default' },
  verified: { text: 'Menunggu TTD', color: 'purple' },
  signing: { text: 'Sedang ditandatangani', color: 'purple' },
  signed: { text: 'Sudah ditandatangani', color: 'green' },
  cancelled: { text: 'Dibatalkan', color: 'red' },
};

/** The letter's state: draft, waiting for the signature, signed. */
export function SuratStatusTag({ status }: { status: SuratStatus }) {
  const s = STATUS[status];
  return (
    <Tag color={s.color} data-testid="kgb-status-tag">
      {s.text}
    </Tag>
  );
}
