import { DatePicker, type DatePickerProps } from 'antd';
import { DATE_INPUT_PROPS } from './date-values.ts';

export { DATE_FORMAT, MIN_DATE, toDayjs, toYmd } from './date-values.ts';

/** A date picker in the SPEC format (YYYY-MM-DD), earliest 1 Jan 1940 (DATE_INPUT_PROPS). */
export function DateInput(props: DatePickerProps) {
  return <DatePicker {...DATE_INPUT_PROPS} {...props} />;
}
