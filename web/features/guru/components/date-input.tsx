import { DatePicker, type DatePickerProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

export const DATE_FORMAT = 'YYYY-MM-DD';
/** The contract refuses dates before 1940 (birth dates of serving teachers start there). */
export const MIN_DATE = dayjs('1940-01-01');

/** 'YYYY-MM-DD' → Dayjs (for form initial values), empty → null. */
export const toDayjs = (v: unknown): Dayjs | null => (typeof v === 'string' && v ? dayjs(v) : null);
/** Dayjs → 'YYYY-MM-DD', empty → ''. */
export const toYmd = (v: unknown): string => (dayjs.isDayjs(v) && v.isValid() ? v.format(DATE_FORMAT) : '');

/**
 * A date picker in the SPEC format (YYYY-MM-DD), earliest 1 Jan 1940. Enter confirms a typed
 * date without also submitting the surrounding form.
 */
export function DateInput(props: DatePickerProps) {
  return (
    <DatePicker
      format={DATE_FORMAT}
      minDate={MIN_DATE}
      placeholder="YYYY-MM-DD"
      style={{ width: '100%' }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') e.preventDefault();
      }}
      {...props}
    />
  );
}
