import { useId, type ChangeEvent, type CSSProperties, type ReactNode } from 'react';
import './lazy-free-ui.css';

// antd's Card imports Tabs (with Menu, Dropdown and Overflow for its tab bar) and Typography
// imports Tooltip, TextArea and the copy/edit/ellipsis machinery: about 30 kB gzip for a framed
// box and a heading (issue 7). These draw the same markup in antd's look from its theme variables
// (set by antd's App on every screen, so light and dark match), without the components.

/** antd `<Card size="small" title=…>` (bordered), or with `large` `<Card title=…>`, without Card. */
export function PlainCard({ title, large = false, className, style, children, testId }: { title?: ReactNode; large?: boolean; className?: string; style?: CSSProperties; children: ReactNode; testId?: string }) {
  return (
    <div className={`ant-card ant-card-bordered${large ? '' : ' ant-card-small'} plain-card${className ? ` ${className}` : ''}`} style={style} data-testid={testId}>
      {title !== undefined && (
        <div className="ant-card-head">
          <div className="ant-card-head-wrapper">
            <div className="ant-card-head-title">{title}</div>
          </div>
        </div>
      )}
      <div className="ant-card-body">{children}</div>
    </div>
  );
}

/** antd `<Typography.Title level={3}>`, without Typography. */
export function PlainTitle({ className, children, testId }: { className?: string; children: ReactNode; testId?: string }) {
  return <h3 className={`ant-typography plain-typography${className ? ` ${className}` : ''}`} data-testid={testId}>{children}</h3>;
}

/** antd `<Typography.Paragraph type="secondary">`, without Typography. */
export function PlainParagraph({ secondary = false, style, children, testId }: { secondary?: boolean; style?: CSSProperties; children: ReactNode; testId?: string }) {
  return <div className={`ant-typography plain-typography${secondary ? ' ant-typography-secondary' : ''}`} style={style} data-testid={testId}>{children}</div>;
}

/** antd `<Typography.Text type="secondary">`, without Typography. */
export function PlainText({ secondary = false, children, testId }: { secondary?: boolean; children: ReactNode; testId?: string }) {
  return <span className={`ant-typography plain-typography${secondary ? ' ant-typography-secondary' : ''}`} data-testid={testId}>{children}</span>;
}

/** antd `<Tag>` or `<Tag color="green">` (filled, the default variant), without Tag. */
export function PlainTag({ green = false, children, testId }: { green?: boolean; children: ReactNode; testId?: string }) {
  return <span className={`ant-tag ant-tag-filled plain-tag${green ? ' ant-tag-green plain-tag-green' : ''}`} data-testid={testId}>{children}</span>;
}

/**
 * antd `<Radio.Group options=…>` (for a Form.Item: value, onChange with the change event), without
 * Radio: native radio buttons drawn as antd's.
 */
export function PlainRadioGroup({ id, value, onChange, options, testId }: {
  id?: string;
  value?: string;
  onChange?: (e: ChangeEvent<HTMLInputElement>) => void;
  options: { value: string; label: ReactNode }[];
  testId?: string;
}) {
  const name = useId();
  return (
    <div className="ant-radio-group ant-radio-group-outline plain-radio-group" id={id} role="radiogroup" data-testid={testId}>
      {options.map((o) => {
        const checked = o.value === value;
        return (
          <label key={o.value} className={`ant-radio-wrapper plain-radio-wrapper${checked ? ' ant-radio-wrapper-checked' : ''}`}>
            <span className={`ant-radio plain-radio${checked ? ' ant-radio-checked' : ''}`}>
              <input className="ant-radio-input" type="radio" name={name} value={o.value} checked={checked} onChange={(e) => onChange?.(e)} />
            </span>
            <span className="ant-radio-label">{o.label}</span>
          </label>
        );
      })}
    </div>
  );
}
