// antd's DatePicker alone, for lazy-date-picker.tsx to import() after the screen is drawn.
import { DatePicker } from 'antd';

export const RangePicker = DatePicker.RangePicker;
export { DatePicker };
