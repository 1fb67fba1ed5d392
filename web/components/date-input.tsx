import { DatePicker, type DatePickerProps } from 'antd';
import { DATE_INPUT_PROPS } from './date-values.ts';
import { useYearFirst, type YearFirstProps } from './year-first.ts';

export { DATE_FORMAT, MIN_DATE, toDayjs, toYmd } from './date-values.ts';

/** A date picker in the SPEC format (YYYY-MM-DD), earliest 1 Jan 1940 (DATE_INPUT_PROPS); `yearFirst` opens on the years. */
export function DateInput(props: DatePickerProps & YearFirstProps) {
  return <DatePicker {...DATE_INPUT_PROPS} {...useYearFirst(props)} />;
}
