import { useState, type ReactNode } from 'react';
import { CloseCircleFilled, SearchOutlined } from './icons.ts';
import { SvgIcon } from '../svg-icon.tsx';

/**
 * A native select in antd Select's look (closed state; the list is the browser's own, with its
 * keyboard use). Drawn without antd so a screen's filters render before antd is downloaded.
 */
export function LiteSelect<V extends string>({
  value,
  options,
  onChange,
  width,
  loading,
  ...rest
}: {
  value: V;
  options: { value: V; label: string }[];
  onChange: (value: V) => void;
  width?: number;
  loading?: boolean;
  'aria-label': string;
  'data-testid'?: string;
}) {
  return (
    <span className="lite-select" style={width ? { width } : undefined} data-loading={loading || undefined}>
      <select value={value} onChange={(e) => onChange(e.target.value as V)} {...rest}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </span>
  );
}

/**
 * antd's Input.Search with allowClear: Enter or the search button calls onSearch; clearing the
 * text calls onSearch('') as antd does.
 */
export function LiteSearch({
  placeholder,
  onSearch,
  width,
  defaultValue = '',
  ...rest
}: {
  placeholder: string;
  onSearch: (value: string) => void;
  width?: number;
  /** The search the screen opens with (from its URL). */
  defaultValue?: string;
  'aria-label': string;
  'data-testid'?: string;
}) {
  const [value, setValue] = useState(defaultValue);
  return (
    <span
      className="lite-search"
      style={width ? { width, maxWidth: '100%' } : undefined}
      data-testid={rest['data-testid']}
    >
      <span className="lite-input">
        <input
          type="search"
          value={value}
          placeholder={placeholder}
          aria-label={rest['aria-label']}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.nativeEvent.isComposing) onSearch(value);
          }}
        />
        {value && (
          <button
            type="button"
            className="lite-clear"
            aria-label="Hapus"
            onClick={() => {
              setValue('');
              onSearch('');
            }}
          >
            <SvgIcon icon={CloseCircleFilled} />
          </button>
        )}
      </span>
      <button type="button" className="lite-btn lite-search-btn" aria-label="search" onClick={() => onSearch(value)}>
        <SvgIcon icon={SearchOutlined} />
      </button>
    </span>
  );
}

/** antd's Tooltip (top) on hover and keyboard focus, drawn with CSS. */
export function LiteTip({ title, children }: { title: string; children: ReactNode }) {
  return (
    <span className="lite-tip-wrap">
      {children}
      <span className="lite-tip" role="tooltip">
        {title}
      </span>
    </span>
  );
}
