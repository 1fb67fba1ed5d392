import { Button, Space } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { PAGE_LINKS_SHOWN } from '#contract/paging.ts';

/** The window of at most `shown` page numbers around the current page (SPEC §9: 10 links). */
export function pageWindow(current: number, last: number, shown = PAGE_LINKS_SHOWN): number[] {
  const size = Math.min(shown, last);
  let start = Math.max(1, current - Math.floor(size / 2));
  start = Math.min(start, last - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

/**
 * A list's total as shown: "10.000+" when the server stopped counting at a cap
 * (Page.total_lebih: lists whose count stopped at a cap), else the exact number, Indonesian grouping.
 */
export function totalLabel(p: { total: number; total_lebih?: boolean | undefined }): string {
  return `${p.total.toLocaleString('id-ID')}${p.total_lebih ? '+' : ''}`;
}

/**
 * Pager with up to 10 page links, previous and next. Hidden when there is one page. `more`
 * (Page.total_lebih): the count was capped, so pages go on past `last`; an ellipsis says so.
 */
export function Pager({ current, last, more = false, onChange }: { current: number; last: number; more?: boolean | undefined; onChange: (page: number) => void }) {
  if (last <= 1) return null;
  return (
    <nav className="pager" aria-label="Halaman">
      <Space wrap size={4}>
        <Button size="small" icon={<LeftOutlined />} aria-label="Halaman sebelumnya" disabled={current <= 1} onClick={() => onChange(current - 1)} />
        {pageWindow(current, last).map((p) => (
          <Button key={p} size="small" type={p === current ? 'primary' : 'default'} aria-current={p === current ? 'page' : undefined} onClick={() => onChange(p)}>
            {p}
          </Button>
        ))}
        {more && (
          <span className="muted" aria-label="Masih ada halaman berikutnya">
            …
          </span>
        )}
        <Button size="small" icon={<RightOutlined />} aria-label="Halaman berikutnya" disabled={current >= last} onClick={() => onChange(current + 1)} />
      </Space>
    </nav>
  );
}
