import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type LiHTMLAttributes,
  type ReactNode,
} from 'react';
import { Link, useLocation } from 'react-router';
import { SvgIcon } from '../../components/svg-icon.tsx';
import type { MenuEntry } from '../menu.tsx';
import { EllipsisOutlined } from './icons.ts';

/**
 * The main menu of the signed-in shell in antd Menu's look (styles.css `.menu`, `.mi`), without
 * antd, so the shell renders before antd is downloaded. Three modes as antd's Menu had
 * them in the layouts: `inline` (side layout, groups open in place), `collapsed` (narrow side
 * layout: icons, the label as a tooltip, groups in a popup) and `horizontal` (simple layout: groups
 * in a popup; the items that do not fit go under "…"). Items are links, so they open in a new tab
 * too; the current one has aria-current="page".
 */
export type MenuMode = 'inline' | 'collapsed' | 'horizontal';

interface Props {
  mode: MenuMode;
  entries: MenuEntry[];
  selected: string | null;
  /** Open groups (inline mode). */
  openKeys: string[];
  onOpenChange(keys: string[]): void;
}

/** Attributes of an item's `li` (the horizontal menu marks its top-level items for measuring). */
type LiProps = LiHTMLAttributes<HTMLLIElement> & { 'data-entry'?: string; 'data-rest'?: string };

const containsKey = (e: MenuEntry, key: string | null): boolean =>
  !!key && !!e.children?.some((c) => c.key === key || containsKey(c, key));

/**
 * An item's icon and label. In the top menu an item with a short label draws both: the compact
 * mode (styles.css `.menu-compact`) shows the short one and keeps the full one for screen readers,
 * so the item's name stays the full label.
 */
function Label({ entry, short }: { entry: MenuEntry; short?: boolean }) {
  return (
    <>
      {entry.icon}
      <span className="mi-label">
        {short && entry.short ? (
          <>
            <span className="mi-full">{entry.label}</span>
            <span className="mi-short" aria-hidden="true">
              {entry.short}
            </span>
          </>
        ) : (
          entry.label
        )}
      </span>
    </>
  );
}

function Leaf({
  entry,
  selected,
  tip,
  li,
  short,
}: {
  entry: MenuEntry;
  selected: string | null;
  tip: boolean;
  li?: LiProps;
  short?: boolean;
}) {
  const [hover, setHover] = useState(false);
  const body = <Label entry={entry} short={short} />;
  return (
    <li
      role="none"
      {...li}
      onMouseEnter={tip ? () => setHover(true) : undefined}
      onMouseLeave={tip ? () => setHover(false) : undefined}
    >
      {typeof entry.label === 'string' ? (
        <Link to={entry.key} role="menuitem" className="mi" aria-current={entry.key === selected ? 'page' : undefined}>
          {body}
        </Link>
      ) : (
        // An item that is its own link (the API reference in a new tab).
        <div role="menuitem" className="mi">
          {body}
        </div>
      )}
      {tip && hover && (
        <span className="tip" role="tooltip">
          {entry.label}
        </span>
      )}
    </li>
  );
}

/** A group whose children open in a popup (collapsed and horizontal modes), on hover or click. */
function PopupGroup({
  entry,
  selected,
  title,
  li,
  short,
}: {
  entry: MenuEntry;
  selected: string | null;
  title?: ReactNode;
  li?: LiProps;
  short?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const later = (value: boolean) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setOpen(value), value ? 50 : 100);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      setOpen(!open);
    } else if (e.key === 'Escape') setOpen(false);
  };
  return (
    <li role="none" {...li} onMouseEnter={() => later(true)} onMouseLeave={() => later(false)}>
      <div
        role="menuitem"
        tabIndex={0}
        aria-haspopup="true"
        aria-expanded={open}
        className={`mi has-sub${containsKey(entry, selected) ? ' child-active' : ''}`}
        onClick={() => setOpen(!open)}
        onKeyDown={onKeyDown}
      >
        {title ?? (
          <>
            <Label entry={entry} short={short} />
            <i className="mi-arrow" />
          </>
        )}
      </div>
      {open && (
        <ul role="menu" className="popup menu" onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
          {entry.children!.map((c) =>
            c.children ? (
              <PopupGroup key={c.key} entry={c} selected={selected} />
            ) : (
              <Leaf key={c.key} entry={c} selected={selected} tip={false} />
            ),
          )}
        </ul>
      )}
    </li>
  );
}

function InlineGroup({
  entry,
  selected,
  open,
  toggle,
}: {
  entry: MenuEntry;
  selected: string | null;
  open: boolean;
  toggle(): void;
}) {
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      toggle();
    }
  };
  return (
    <li role="none">
      <div
        role="menuitem"
        tabIndex={0}
        aria-haspopup="true"
        aria-expanded={open}
        className={`mi has-sub${containsKey(entry, selected) ? ' child-active' : ''}`}
        onClick={toggle}
        onKeyDown={onKeyDown}
      >
        {entry.icon}
        <span className="mi-label">{entry.label}</span>
        <i className="mi-arrow" />
      </div>
      <ul role="menu" className="sub" hidden={!open}>
        {entry.children!.map((c) => (
          <Leaf key={c.key} entry={c} selected={selected} tip={false} />
        ))}
      </ul>
    </li>
  );
}

/**
 * How the horizontal menu fits: first with full labels and icons; when they do not fit, compact
 * (short labels, no icons, less padding); what still does not fit goes under "…".
 */
function useFitting(count: number) {
  const ref = useRef<HTMLUListElement>(null);
  const [state, setState] = useState({ fit: count, compact: false });
  useLayoutEffect(() => {
    const ul = ref.current;
    if (!ul) return;
    const measure = () => {
      const items = [...ul.querySelectorAll<HTMLElement>(':scope > li[data-entry]')];
      const room = ul.clientWidth;
      const widthsIn = (compact: boolean) => {
        ul.classList.toggle('menu-compact', compact);
        return items.map((li) => li.offsetWidth);
      };
      const sum = (ws: number[]) => ws.reduce((a, b) => a + b, 0);
      let next: { fit: number; compact: boolean };
      if (sum(widthsIn(false)) <= room) next = { fit: items.length, compact: false };
      else {
        const widths = widthsIn(true);
        if (sum(widths) <= room) next = { fit: items.length, compact: true };
        else {
          const rest = ul.querySelector<HTMLElement>(':scope > li[data-rest]')?.offsetWidth || 46;
          let used = rest;
          let n = 0;
          while (n < widths.length && used + widths[n]! <= room) used += widths[n++]!;
          next = { fit: n, compact: true };
        }
      }
      ul.classList.toggle('menu-compact', next.compact);
      setState((s) => (s.fit === next.fit && s.compact === next.compact ? s : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(ul);
    return () => observer.disconnect();
  }, [count]);
  return { ref, ...state };
}

export function NavMenu({ mode, entries, selected, openKeys, onOpenChange }: Props) {
  const { ref, fit, compact } = useFitting(entries.length);
  if (mode === 'horizontal') {
    const hidden = entries.slice(fit);
    return (
      <ul
        role="menu"
        aria-orientation="horizontal"
        className={`menu menu-horizontal${compact ? ' menu-compact' : ''}`}
        data-testid="main-menu"
        ref={ref}
      >
        {entries.map((e, i) => {
          // Every item stays rendered so its width can be measured; those that do not fit are
          // hidden here and shown under "…".
          const hide = i >= fit;
          const li: LiProps = {
            'data-entry': '',
            className: hide ? 'measure-hidden' : undefined,
            inert: hide || undefined,
          };
          return e.children ? (
            <PopupGroup key={e.key} entry={e} selected={selected} li={li} short />
          ) : (
            <Leaf key={e.key} entry={e} selected={selected} tip={false} li={li} short />
          );
        })}
        {hidden.length > 0 && (
          <PopupGroup
            entry={{ key: 'menu-rest', label: 'Menu lainnya', children: hidden }}
            selected={selected}
            li={{ 'data-rest': '' }}
            title={<SvgIcon icon={EllipsisOutlined} aria-label="Menu lainnya" />}
          />
        )}
      </ul>
    );
  }
  const collapsed = mode === 'collapsed';
  return (
    <ul role="menu" className={`menu ${collapsed ? 'menu-collapsed' : 'menu-inline'}`} data-testid="main-menu">
      {entries.map((e) =>
        !e.children ? (
          <Leaf key={e.key} entry={e} selected={selected} tip={collapsed} />
        ) : collapsed ? (
          <PopupGroup key={e.key} entry={e} selected={selected} />
        ) : (
          <InlineGroup
            key={e.key}
            entry={e}
            selected={selected}
            open={openKeys.includes(e.key)}
            toggle={() =>
              onOpenChange(openKeys.includes(e.key) ? openKeys.filter((k) => k !== e.key) : [...openKeys, e.key])
            }
          />
        ),
      )}
    </ul>
  );
}
