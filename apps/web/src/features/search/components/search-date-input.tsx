import '@mantine/dates/styles.css';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';

export type SearchDateInputProps = { value: string | null; onChange: (value: string | null) => void; error?: string };

/** The search form's Date field with its calendar (Mantine dates, dayjs, floating-ui): loaded after the form paints. */
export default function SearchDateInput({ value, onChange, error }: SearchDateInputProps) {
  return (
    <DatePickerInput
      label="Date"
      placeholder="Pick a date"
      required
      valueFormat="DD MMM YYYY"
      leftSection={<IconCalendar size={16} />}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}
