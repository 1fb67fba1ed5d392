import type { DatePickerProps } from 'antd';
import { LazyDatePicker } from './lazy-date-picker.tsx';
import { DATE_INPUT_PROPS } from './date-values.ts';
import { useYearFirst, type YearFirstProps } from './year-first.ts';

/** DateInput (date-input.tsx) with antd's DatePicker downloaded after the form is drawn; `yearFirst` opens on the years. */
export function LazyDateInput(props: DatePickerProps & YearFirstProps) {
  return <LazyDatePicker {...DATE_INPUT_PROPS} {...useYearFirst(props)} />;
}
