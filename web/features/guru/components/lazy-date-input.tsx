import type { DatePickerProps } from 'antd';
import { LazyDatePicker } from '../../../components/lazy-date-picker.tsx';
import { DATE_INPUT_PROPS } from './date-values.ts';

/** DateInput (date-input.tsx) with antd's DatePicker downloaded after the form is drawn. */
export function LazyDateInput(props: DatePickerProps) {
  return <LazyDatePicker {...DATE_INPUT_PROPS} {...props} />;
}
