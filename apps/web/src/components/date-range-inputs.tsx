import '@mantine/dates/styles.css';
import type { StyleProp } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import type { CSSProperties } from 'react';

/** A range of Karachi days as the lists keep it in the address (decision 022): YYYY-MM-DD, each end optional. */
export type DayRange = { from?: string; to?: string };

type DateRangeInputsProps<T extends DayRange> = {
  value: T;
  onChange: (range: T) => void;
  placeholders: { from: string; to: string };
  /** Each field's width (Mantine's responsive style prop). */
  w?: StyleProp<CSSProperties['width']>;
};

/**
 * The From and To day pickers of a list or report (the General Report, the Audit page): each optional, applied at
 * once, To never before From. Rendered as two fields for the caller's own Group.
 */
export function DateRangeInputs<T extends DayRange>({ value, onChange, placeholders, w }: DateRangeInputsProps<T>) {
  const shared = {
    valueFormat: 'DD MMM YYYY',
    leftSection: <IconCalendar size={16} />,
    nextLabel: 'Next month',
    previousLabel: 'Previous month',
    clearable: true,
    w,
  } as const;
  return (
    <>
      <DatePickerInput
        {...shared}
        label="From"
        placeholder={placeholders.from}
        maxDate={value.to}
        value={value.from ?? null}
        onChange={(from) => onChange({ ...value, from: from ?? undefined })}
      />
      <DatePickerInput
        {...shared}
        label="To"
        placeholder={placeholders.to}
        minDate={value.from}
        value={value.to ?? null}
        onChange={(to) => onChange({ ...value, to: to ?? undefined })}
      />
    </>
  );
}
