import { DatePicker, type DatePickerProps } from 'antd';
import { DATE_FORMAT, MIN_DATE } from './date-values.ts';

export { DATE_FORMAT, MIN_DATE, toDayjs, toYmd } from './date-values.ts';

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
