import type { DatePickerProps } from 'antd';
import { LazyDatePicker } from '../../../components/lazy-date-picker.tsx';
import { DATE_FORMAT, MIN_DATE } from './date-values.ts';

/** DateInput (date-input.tsx) with antd's DatePicker downloaded after the form is drawn (issue 7). */
export function LazyDateInput(props: DatePickerProps) {
  return (
    <LazyDatePicker
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
