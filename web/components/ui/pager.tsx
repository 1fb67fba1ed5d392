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

/** Pager with up to 10 page links, previous and next. Hidden when there is one page. */
export function Pager({ current, last, onChange }: { current: number; last: number; onChange: (page: number) => void }) {
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
        <Button size="small" icon={<RightOutlined />} aria-label="Halaman berikutnya" disabled={current >= last} onClick={() => onChange(current + 1)} />
      </Space>
    </nav>
  );
}
