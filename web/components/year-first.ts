import { useState } from 'react';
import dayjs from 'dayjs';
import type { DatePickerProps } from 'antd';

// Birth and graduation dates lie decades back: their calendar opens on the years (of a likely
// decade), then the month, then the day, instead of paging back month by month from today.

type PanelMode = NonNullable<DatePickerProps['mode']>;

/** How many years back a field's calendar starts: the fields whose calendar opens on the years. */
const YEARS_BACK: Record<string, number> = {
  // A teacher's or a family member's birth date.
  tgl_lahir: 35,
  // The date on a diploma (Tanggal Lulus).
  riw_pendidikan_tgl: 15,
};

/** The props that make a date field's calendar open on the years, for the fields that should. */
export function yearFirstOf(name: string): Pick<YearFirstProps, 'yearFirst'> {
  const back = YEARS_BACK[name];
  return back === undefined ? {} : { yearFirst: back };
}

export interface YearFirstProps {
  /** Open the empty field's calendar on the years, `yearFirst` years back from today. */
  yearFirst?: number;
}

/**
 * The DatePicker props of a year-first field: while the field is empty its calendar opens on the
 * years (then month, then day); with a date it opens on that date's month, where a correction
 * usually is.
 */
export function useYearFirst(props: DatePickerProps & YearFirstProps): DatePickerProps {
  const [panel, setPanel] = useState<PanelMode | null>(null);
  const { yearFirst, ...rest } = props;
  if (yearFirst === undefined) return rest;
  const empty = !props.value;
  return {
    ...rest,
    mode: panel ?? (empty ? 'year' : 'date'),
    onPanelChange: (value, mode) => {
      setPanel(mode);
      props.onPanelChange?.(value, mode);
    },
    onOpenChange: (open) => {
      // Opened again: from the start (the years while still empty).
      if (!open) setPanel(null);
      props.onOpenChange?.(open);
    },
    ...(empty && !props.defaultPickerValue ? { defaultPickerValue: dayjs().subtract(yearFirst, 'year') } : {}),
  };
}
