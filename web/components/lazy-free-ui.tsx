import { useId, type ChangeEvent, type CSSProperties, type ReactNode } from 'react';
import './lazy-free-ui.css';

// antd's Card imports Tabs (with Menu, Dropdown and Overflow for its tab bar) and Typography
// imports Tooltip, TextArea and the copy/edit/ellipsis machinery: about 30 kB gzip for a framed
// box and a heading. These are our own components with our own class names (plain-*,
// decision 0043): they look like antd's because lazy-free-ui.css draws them from antd's documented
// design tokens (its CSS variables, set by antd's App on every screen, so light and dark match),
// not because they borrow antd's internal class names.

/** antd `<Card size="small" title=…>` (bordered), or with `large` `<Card title=…>`, without Card. */
export function PlainCard({
  title,
  large = false,
  className,
  style,
  children,
  testId,
}: {
  title?: ReactNode;
  large?: boolean;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div
      className={`plain-card${large ? '' : ' plain-card-small'}${className ? ` ${className}` : ''}`}
      style={style}
      data-testid={testId}
    >
      {title !== undefined && (
        <div className="plain-card-head">
          <div className="plain-card-head-wrapper">
            <div className="plain-card-head-title">{title}</div>
          </div>
        </div>
      )}
      <div className="plain-card-body">{children}</div>
    </div>
  );
}

/** antd `<Typography.Title level={3}>`, without Typography. */
export function PlainTitle({
  className,
  children,
  testId,
  level = 3,
}: {
  className?: string;
  children: ReactNode;
  testId?: string;
  /** 1 for a page's own title (one h1 a page), drawn as level 3. */ level?: 1 | 3;
}) {
  const Tag = level === 1 ? 'h1' : 'h3';
  return (
    <Tag className={`plain-typography${className ? ` ${className}` : ''}`} data-testid={testId}>
      {children}
    </Tag>
  );
}

/** antd `<Typography.Paragraph type="secondary">`, without Typography. */
export function PlainParagraph({
  secondary = false,
  style,
  children,
  testId,
}: {
  secondary?: boolean;
  style?: CSSProperties;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div
      className={`plain-typography${secondary ? ' plain-typography-secondary' : ''}`}
      style={style}
      data-testid={testId}
    >
      {children}
    </div>
  );
}

/** antd `<Typography.Text type="secondary">`, without Typography. */
export function PlainText({
  secondary = false,
  children,
  testId,
}: {
  secondary?: boolean;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <span className={`plain-typography${secondary ? ' plain-typography-secondary' : ''}`} data-testid={testId}>
      {children}
    </span>
  );
}

/** antd `<Tag>` or `<Tag color="green">` (filled, the default variant), without Tag. */
export function PlainTag({
  green = false,
  children,
  testId,
}: {
  green?: boolean;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <span className={`plain-tag${green ? ' plain-tag-green' : ''}`} data-testid={testId}>
      {children}
    </span>
  );
}

/**
 * antd `<Radio.Group options=…>` (for a Form.Item: value, onChange with the change event), without
 * Radio: native radio buttons drawn as antd's.
 */
export function PlainRadioGroup({
  id,
  value,
  onChange,
  options,
  testId,
}: {
  id?: string;
  value?: string;
  onChange?: (e: ChangeEvent<HTMLInputElement>) => void;
  options: { value: string; label: ReactNode }[];
  testId?: string;
}) {
  const name = useId();
  return (
    <div className="plain-radio-group" id={id} role="radiogroup" data-testid={testId}>
      {options.map((o) => {
        const checked = o.value === value;
        return (
          <label key={o.value} className={`plain-radio-wrapper${checked ? ' plain-radio-wrapper-checked' : ''}`}>
            <span className={`plain-radio${checked ? ' plain-radio-checked' : ''}`}>
              <input
                className="plain-radio-input"
                type="radio"
                name={name}
                value={o.value}
                checked={checked}
                onChange={(e) => onChange?.(e)}
              />
            </span>
            <span className="plain-radio-label">{o.label}</span>
          </label>
        );
      })}
    </div>
  );
}
