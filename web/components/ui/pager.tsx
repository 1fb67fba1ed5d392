import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import { SvgIcon } from '../svg-icon.tsx';
import { groupDigits } from '../../lib/format.ts';

// Copies of @ant-design/icons-svg's LeftOutlined and RightOutlined (the package modules are shared
// with antd's own components and would each be a chunk of their own, one more request).
const LeftOutlined: IconDefinition = {
  icon: {
    tag: 'svg',
    attrs: { viewBox: '64 64 896 896', focusable: 'false' },
    children: [
      {
        tag: 'path',
        attrs: {
          d: 'M724 218.3V141c0-6.7-7.7-10.4-12.9-6.3L260.3 486.8a31.86 31.86 0 000 50.3l450.8 352.1c5.3 4.1 12.9.4 12.9-6.3v-77.3c0-4.9-2.3-9.6-6.1-12.6l-360-281 360-281.1c3.8-3 6.1-7.7 6.1-12.6z',
        },
      },
    ],
  },
  name: 'left',
  theme: 'outlined',
};
const RightOutlined: IconDefinition = {
  icon: {
    tag: 'svg',
    attrs: { viewBox: '64 64 896 896', focusable: 'false' },
    children: [
      {
        tag: 'path',
        attrs: {
          d: 'M765.7 486.8L314.9 134.7A7.97 7.97 0 00302 141v77.3c0 4.9 2.3 9.6 6.1 12.6l360 281.1-360 281.1c-3.9 3-6.1 7.7-6.1 12.6V883c0 6.7 7.7 10.4 12.9 6.3l450.8-352.1a31.96 31.96 0 000-50.4z',
        },
      },
    ],
  },
  name: 'right',
  theme: 'outlined',
};
import type { TablePaginationConfig } from 'antd/es/table';
import { PAGE_LINKS_SHOWN, type Page } from '#contract/paging.ts';

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
  return `${groupDigits(p.total)}${p.total_lebih ? '+' : ''}`;
}

/**
 * Pager with up to 10 page links, previous and next. Hidden when there is one page. `more`
 * (Page.total_lebih): the count was capped, so pages go on past `last`; an ellipsis says so.
 */
export function Pager({
  current,
  last,
  more = false,
  onChange,
}: {
  current: number;
  last: number;
  more?: boolean | undefined;
  onChange: (page: number) => void;
}) {
  if (last <= 1) return null;
  return (
    <nav className="pager" aria-label="Halaman">
      {/* antd Button size small (default / primary), drawn without antd: lists render before antd is downloaded. */}
      <div className="pager-items">
        <button
          type="button"
          className="lite-btn lite-btn-sm lite-btn-icon"
          aria-label="Halaman sebelumnya"
          disabled={current <= 1}
          onClick={() => onChange(current - 1)}
        >
          <SvgIcon icon={LeftOutlined} />
        </button>
        {pageWindow(current, last).map((p) => (
          <button
            key={p}
            type="button"
            className={`lite-btn lite-btn-sm${p === current ? ' lite-btn-primary' : ''}`}
            aria-current={p === current ? 'page' : undefined}
            onClick={() => onChange(p)}
          >
            {p}
          </button>
        ))}
        {more && (
          <span className="muted" aria-label="Masih ada halaman berikutnya">
            …
          </span>
        )}
        <button
          type="button"
          className="lite-btn lite-btn-sm lite-btn-icon"
          aria-label="Halaman berikutnya"
          disabled={current >= last}
          onClick={() => onChange(current + 1)}
        >
          <SvgIcon icon={RightOutlined} />
        </button>
      </div>
    </nav>
  );
}

/**
 * antd Table's own pager for a page of the API, for the lists that keep it (page size from the
 * answer, the total with its noun: "1.234 guru", "10.000+ guru" when the count was capped).
 */
export function tablePagination(
  data: Page<unknown> | undefined,
  current: number,
  noun: string,
  onChange: (page: number) => void,
): TablePaginationConfig {
  return {
    current,
    pageSize: data?.per_page ?? 25,
    total: data?.total ?? 0,
    showSizeChanger: false,
    showTotal: (total) => `${totalLabel({ total, total_lebih: data?.total_lebih })} ${noun}`,
    onChange,
  };
}
