import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

/**
 * antd's Tabs (line type, top or left) without antd: a tablist whose tabs are chosen by click or
 * by the arrow, Home and End keys; only the active panel is rendered (antd `destroyOnHidden`).
 */
export function LiteTabs({
  items,
  activeKey,
  onChange,
  position = 'top',
  className,
  testId,
}: {
  items: { key: string; label: string; children: ReactNode }[];
  activeKey: string;
  onChange: (key: string) => void;
  position?: 'top' | 'left';
  className?: string;
  testId?: string;
}) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const onKey = (e: KeyboardEvent) => {
    const i = items.findIndex((t) => t.key === activeKey);
    const prev = position === 'left' ? 'ArrowUp' : 'ArrowLeft';
    const next = position === 'left' ? 'ArrowDown' : 'ArrowRight';
    const to =
      e.key === next
        ? (i + 1) % items.length
        : e.key === prev
          ? (i - 1 + items.length) % items.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? items.length - 1
              : -1;
    if (to < 0) return;
    e.preventDefault();
    onChange(items[to]!.key);
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[to]?.focus();
  };
  const active = items.find((t) => t.key === activeKey);
  useScrollHints(list, position === 'top', activeKey);
  return (
    <div className={`lite-tabs lite-tabs-${position}${className ? ` ${className}` : ''}`} data-testid={testId}>
      <div
        className="lite-tabs-nav"
        role="tablist"
        aria-orientation={position === 'left' ? 'vertical' : 'horizontal'}
        ref={list}
        onKeyDown={onKey}
      >
        {items.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            id={`${id}-tab-${t.key}`}
            aria-selected={t.key === activeKey}
            aria-controls={`${id}-panel-${t.key}`}
            tabIndex={t.key === activeKey ? 0 : -1}
            className="lite-tab"
            onClick={() => onChange(t.key)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {active && (
        <div
          className="lite-tabs-panel"
          role="tabpanel"
          id={`${id}-panel-${active.key}`}
          aria-labelledby={`${id}-tab-${active.key}`}
        >
          {active.children}
        </div>
      )}
    </div>
  );
}

/**
 * A row of tabs wider than the screen scrolls; the side with more tabs fades out (styles.css
 * `data-more`) so the reader sees there are more, and the chosen tab scrolls into view.
 */
export function useScrollHints(ref: React.RefObject<HTMLElement | null>, on: boolean, activeKey: string) {
  useEffect(() => {
    const el = ref.current;
    if (!el || !on) return;
    const update = () => {
      const start = el.scrollLeft > 1;
      const end = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      el.dataset.more = start && end ? 'both' : start ? 'start' : end ? 'end' : '';
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [ref, on]);
  useEffect(() => {
    const el = ref.current;
    if (!el || !on || el.scrollWidth <= el.clientWidth) return;
    const tab = el.querySelector<HTMLElement>('[aria-selected="true"]');
    if (tab)
      el.scrollTo({ left: Math.max(0, tab.offsetLeft - el.clientWidth / 2 + tab.offsetWidth / 2), behavior: 'smooth' });
  }, [ref, on, activeKey]);
}

/** antd's Segmented: a radio group drawn as a pill switch. */
export function LiteSegmented<V extends string>({
  value,
  options,
  onChange,
  label,
}: {
  value: V;
  options: { value: V; label: string; icon?: ReactNode }[];
  onChange: (v: V) => void;
  label?: string;
}) {
  const name = useId();
  return (
    <div className="lite-segmented" role="radiogroup" aria-label={label}>
      {options.map((o) => (
        <label key={o.value} className={`lite-segmented-item${o.value === value ? ' selected' : ''}`}>
          <input
            type="radio"
            name={name}
            value={o.value}
            checked={o.value === value}
            onChange={() => onChange(o.value)}
          />
          <span className="lite-segmented-label">
            {o.icon}
            <span>{o.label}</span>
          </span>
        </label>
      ))}
    </div>
  );
}

/** antd's Empty with PRESENTED_IMAGE_SIMPLE. */
export function LiteEmpty({ description }: { description: ReactNode }) {
  return (
    <div className="lite-empty-box">
      <svg width="64" height="41" viewBox="0 0 64 41" xmlns="http://www.w3.org/2000/svg" aria-hidden="true">
        <g transform="translate(0 1)" fill="none" fillRule="evenodd">
          <ellipse className="lite-empty-ellipse" cx="32" cy="33" rx="32" ry="7" />
          <g className="lite-empty-g" fillRule="nonzero">
            <path d="M55 12.76L44.854 1.258C44.367.474 43.656 0 42.907 0H21.093c-.749 0-1.46.474-1.947 1.257L9 12.761V22h46v-9.24z" />
            <path
              className="lite-empty-path"
              d="M41.613 15.931c0-1.605.994-2.93 2.227-2.931H55v18.137C55 33.26 53.68 35 52.05 35h-40.1C10.32 35 9 33.259 9 31.137V13h11.16c1.233 0 2.227 1.323 2.227 2.928v.022c0 1.605 1.005 2.901 2.237 2.901h14.752c1.232 0 2.237-1.308 2.237-2.913v-.007z"
            />
          </g>
        </g>
      </svg>
      <div className="lite-empty-description">{description}</div>
    </div>
  );
}
