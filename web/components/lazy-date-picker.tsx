import { lazy, Suspense, useEffect, useState, type ComponentType, type CSSProperties, type KeyboardEvent } from 'react';
import type { DatePicker as AntDatePicker, DatePickerProps, GetProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { CalendarOutlined, SwapRightOutlined } from '@ant-design/icons';
import './lazy-date-picker.css';

// antd's DatePicker with its calendar, rc-picker and dayjs plugins is about 30 kB gzip (issue 7).
// These wrappers draw a closed picker in antd's look (same size, border, placeholder, icon and
// value) and download the real one as soon as the screen is drawn; it then takes the stand-in's
// place, with the focus if the user had already reached it. The stand-in never opens.

type RangePickerProps = GetProps<typeof AntDatePicker.RangePicker>;

const load = () => import('./lazy-date-picker-antd.tsx');
const RealDatePicker = lazy(() => load().then((m) => ({ default: m.DatePicker as ComponentType<DatePickerProps> })));
const RealRangePicker = lazy(() => load().then((m) => ({ default: m.RangePicker })));

/** Starts the download of antd's DatePicker (e.g. when a screen that shows one is drawn). */
export const preloadDatePicker = () => void load().catch(() => {});

const formatOf = (format: unknown) => (typeof format === 'string' ? format : 'YYYY-MM-DD');
const shown = (v: Dayjs | null | undefined, format: string) => (v && v.isValid() ? v.format(format) : '');
// A stand-in inside a form must not submit it.
const noEnter = (e: KeyboardEvent) => e.key === 'Enter' && e.preventDefault();

function StandIn({ range, values, placeholders, style, className, id, label, disabled, onReach }: {
  range: boolean;
  values: string[];
  placeholders: string[];
  style?: CSSProperties;
  className?: string;
  id?: string;
  label?: string;
  disabled?: boolean;
  onReach: () => void;
}) {
  return (
    <div
      className={`lazy-picker${range ? ' lazy-picker-range' : ''}${disabled ? ' lazy-picker-disabled' : ''}${className ? ` ${className}` : ''}`}
      style={style}
      onMouseDown={onReach}
    >
      {values.map((v, i) => [
        i === 1 && (
          <span key="sep" className="lazy-picker-separator" aria-hidden="true">
            <SwapRightOutlined />
          </span>
        ),
        <div key={i} className="lazy-picker-input">
          <input
            readOnly
            value={v}
            placeholder={placeholders[i]}
            id={i === 0 ? id : undefined}
            aria-label={label}
            disabled={disabled}
            autoComplete="off"
            size={12}
            onFocus={onReach}
            onKeyDown={noEnter}
          />
        </div>,
      ])}
      <span className="lazy-picker-suffix">
        <CalendarOutlined />
      </span>
    </div>
  );
}

/** antd's DatePicker, downloaded after the screen is drawn (same props). */
export function LazyDatePicker(props: DatePickerProps) {
  const [reached, setReached] = useState(false);
  useEffect(preloadDatePicker, []);
  const format = formatOf(props.format);
  const value = props.value as Dayjs | null | undefined;
  const fallback = (
    <StandIn
      range={false}
      values={[shown(value, format)]}
      placeholders={[typeof props.placeholder === 'string' ? props.placeholder : '']}
      style={props.style}
      className={props.className}
      id={props.id}
      label={props['aria-label']}
      disabled={props.disabled}
      onReach={() => setReached(true)}
    />
  );
  return (
    <Suspense fallback={fallback}>
      <RealDatePicker {...props} autoFocus={props.autoFocus || reached} />
    </Suspense>
  );
}

/** antd's RangePicker, downloaded after the screen is drawn (same props). */
export function LazyRangePicker(props: RangePickerProps) {
  const [reached, setReached] = useState(false);
  useEffect(preloadDatePicker, []);
  const format = formatOf(props.format);
  const value = props.value as [Dayjs | null | undefined, Dayjs | null | undefined] | null | undefined;
  const placeholder = (props.placeholder ?? ['', '']) as [string, string];
  const fallback = (
    <StandIn
      range
      values={[shown(value?.[0], format), shown(value?.[1], format)]}
      placeholders={placeholder}
      style={props.style}
      className={props.className}
      id={props.id as string | undefined}
      disabled={props.disabled === true}
      onReach={() => setReached(true)}
    />
  );
  return (
    <Suspense fallback={fallback}>
      <RealRangePicker {...props} autoFocus={props.autoFocus || reached} />
    </Suspense>
  );
}
