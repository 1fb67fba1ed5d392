import { lazy, Suspense, useEffect, useState, type ComponentType, type CSSProperties, type KeyboardEvent } from 'react';
import type { DatePicker as AntDatePicker, DatePickerProps, GetProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { CalendarOutlined, SwapRightOutlined } from '@ant-design/icons';
import './lazy-date-picker.css';

// antd's DatePicker with its calendar, rc-picker and dayjs plugins is about 30 kB gzip.
// These wrappers draw a closed picker in antd's look (same size, border, placeholder, icon and
// value) and download the real one as soon as the screen is drawn; it then takes the stand-in's
// place, with the focus if the user had already reached it, and open if the user had clicked it
// (on a slow line or phone the click is not lost). The stand-in itself never opens.

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

/** How the user reached the stand-in before the real picker came: by the keyboard (focus) or a click (open). */
type Reached = 'focus' | 'open' | null;

/** The stand-in's state (its props), and what the real picker takes from it when it arrives. */
function useReached() {
  const [reached, setReached] = useState<Reached>(null);
  return {
    standIn: {
      waiting: reached === 'open',
      onReach: (how: 'focus' | 'open') => setReached((was) => (was === 'open' ? was : how)),
    },
    realProps: <P extends { autoFocus?: boolean; defaultOpen?: boolean }>(props: P) => ({
      autoFocus: props.autoFocus || reached !== null,
      defaultOpen: props.defaultOpen || reached === 'open',
    }),
  };
}

function StandIn({
  range,
  values,
  placeholders,
  style,
  className,
  id,
  label,
  disabled,
  waiting,
  onReach,
}: {
  range: boolean;
  values: string[];
  placeholders: string[];
  style?: CSSProperties;
  className?: string;
  id?: string;
  label?: string;
  disabled?: boolean;
  /** Clicked: the calendar opens as soon as it has come. */
  waiting: boolean;
  onReach: (how: 'focus' | 'open') => void;
}) {
  return (
    <div
      className={`lazy-picker${range ? ' lazy-picker-range' : ''}${disabled ? ' lazy-picker-disabled' : ''}${waiting ? ' lazy-picker-waiting' : ''}${className ? ` ${className}` : ''}`}
      style={style}
      aria-busy={waiting || undefined}
      // A click does not focus the stand-in: a focused element taken away when the real picker comes
      // blurs that one too, and its calendar would close as it opens (seen on a busy machine).
      onMouseDown={(e) => {
        if (disabled) return;
        e.preventDefault();
        onReach('open');
      }}
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
            onFocus={() => onReach('focus')}
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
  const { standIn, realProps } = useReached();
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
      {...standIn}
    />
  );
  return (
    <Suspense fallback={fallback}>
      <RealDatePicker {...props} {...realProps(props)} />
    </Suspense>
  );
}

/** antd's RangePicker, downloaded after the screen is drawn (same props). */
export function LazyRangePicker(props: RangePickerProps) {
  const { standIn, realProps } = useReached();
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
      {...standIn}
    />
  );
  return (
    <Suspense fallback={fallback}>
      <RealRangePicker classNames={{ popup: { root: 'range-picker-popup' } }} {...props} {...realProps(props)} />
    </Suspense>
  );
}
