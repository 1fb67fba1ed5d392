import dayjs, { type Dayjs } from 'dayjs';
import type { DatePickerProps } from 'antd';

// The date helpers of the teacher forms, apart from the DatePicker (date-input.tsx), so a screen
// that draws its picker later (lazy-date-picker.tsx) can use them without downloading it.

export const DATE_FORMAT = 'YYYY-MM-DD';
/** The contract refuses dates before 1940 (birth dates of serving teachers start there). */
export const MIN_DATE = dayjs('1940-01-01');

/**
 * The teacher forms' date picker (DateInput and LazyDateInput): SPEC format (typed also day first,
 * TYPED_DATE_FORMATS), earliest 1 Jan 1940,
 * and Enter confirms a typed date without also submitting the surrounding form.
 */
/**
 * What a typed date may look like: the SPEC's YYYY-MM-DD (shown), and the date as people write it,
 * day first, with dashes, slashes, dots or no separator (23-06-1991, 23/06/1991, 23061991).
 */
export const TYPED_DATE_FORMATS = [
  DATE_FORMAT,
  'DD-MM-YYYY',
  'D-M-YYYY',
  'DD/MM/YYYY',
  'D/M/YYYY',
  'DD.MM.YYYY',
  'D.M.YYYY',
  'DDMMYYYY',
  'YYYYMMDD',
];

export const DATE_INPUT_PROPS: DatePickerProps = {
  format: TYPED_DATE_FORMATS,
  minDate: MIN_DATE,
  placeholder: 'YYYY-MM-DD',
  style: { width: '100%' },
  onKeyDown: (e) => {
    if (e.key === 'Enter') e.preventDefault();
  },
};

/** 'YYYY-MM-DD' → Dayjs (for form initial values), empty → null. */
export const toDayjs = (v: unknown): Dayjs | null => (typeof v === 'string' && v ? dayjs(v) : null);
/** Dayjs → 'YYYY-MM-DD', empty → ''. */
export const toYmd = (v: unknown): string => (dayjs.isDayjs(v) && v.isValid() ? v.format(DATE_FORMAT) : '');
