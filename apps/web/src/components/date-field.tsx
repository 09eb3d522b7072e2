import '@mantine/dates/styles.css';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { parseTypedDate } from '@/lib/typed-date-time';

type DateFieldProps = Omit<DateInputProps, 'value' | 'onChange' | 'dateParser' | 'valueFormat' | 'minDate' | 'excludeDate'> & {
  /** `YYYY-MM-DD`, or '' when empty. */
  value: string;
  onChange: (value: string) => void;
  /**
   * The first day the calendar offers (`YYYY-MM-DD`); days before it are greyed out and the calendar opens
   * there while the field is empty. A typed earlier date is still taken, so the form's own rule can say why
   * it is refused (a `minDate` would drop it silently).
   */
  min?: string;
};

const parseWhileTyping = (text: string) => parseTypedDate(text, { twoDigitYear: false });

/**
 * A date typed or picked (issue 21 §9, decision 024): the day first as people in Pakistan write it
 * (25/12/2026, 25-12-2026, 25 Dec 2026, lib/typed-date-time.ts), shown as '25 Dec 2026'; the calendar opens
 * on focus and follows what is typed. A 2-digit year (25/12/26) is read when the field is left, so typing
 * '25/12/2026' never passes through 2020. Text that is no date is replaced by the last date on leaving.
 */
export function DateField({ value, onChange, onBlur, min, placeholder = 'DD/MM/YYYY', ...props }: DateFieldProps) {
  return (
    <DateInput
      placeholder={placeholder}
      valueFormat="DD MMM YYYY"
      dateParser={parseWhileTyping}
      nextLabel="Next month"
      previousLabel="Previous month"
      leftSection={<IconCalendar size={16} />}
      excludeDate={min ? (date) => date < min : undefined}
      defaultDate={value || min}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      onBlur={(event) => {
        const typed = parseTypedDate(event.currentTarget.value);
        if (typed && typed !== value) onChange(typed);
        onBlur?.(event);
      }}
      {...props}
    />
  );
}
