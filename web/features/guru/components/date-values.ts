import dayjs, { type Dayjs } from 'dayjs';

// The date helpers of the teacher forms, apart from the DatePicker (date-input.tsx), so a screen
// that draws its picker later (lazy-date-picker.tsx) can use them without downloading it (issue 7).

export const DATE_FORMAT = 'YYYY-MM-DD';
/** The contract refuses dates before 1940 (birth dates of serving teachers start there). */
export const MIN_DATE = dayjs('1940-01-01');

/** 'YYYY-MM-DD' → Dayjs (for form initial values), empty → null. */
export const toDayjs = (v: unknown): Dayjs | null => (typeof v === 'string' && v ? dayjs(v) : null);
/** Dayjs → 'YYYY-MM-DD', empty → ''. */
export const toYmd = (v: unknown): string => (dayjs.isDayjs(v) && v.isValid() ? v.format(DATE_FORMAT) : '');
