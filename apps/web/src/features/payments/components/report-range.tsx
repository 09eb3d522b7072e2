import '@mantine/dates/styles.css';
import { Group } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import type { GeneralReportRange } from '../api/get-general-report';

type ReportRangeProps = { value: GeneralReportRange; onChange: (range: GeneralReportRange) => void };

/**
 * The General Report's From and To (issue 21 §8, decision 022): booking dates, each optional, applied at once; To
 * cannot be before From.
 */
export function ReportRange({ value, onChange }: ReportRangeProps) {
  return (
    <Group gap="sm" mb="md" align="flex-end" wrap="wrap" role="group" aria-label="Booking dates" data-no-print>
      <DatePickerInput
        label="From"
        placeholder="First booking date"
        valueFormat="DD MMM YYYY"
        leftSection={<IconCalendar size={16} />}
        nextLabel="Next month"
        previousLabel="Previous month"
        clearable
        maxDate={value.to}
        value={value.from ?? null}
        onChange={(from) => onChange({ ...value, from: from ?? undefined })}
        w={{ base: '100%', xs: 200 }}
      />
      <DatePickerInput
        label="To"
        placeholder="Last booking date"
        valueFormat="DD MMM YYYY"
        leftSection={<IconCalendar size={16} />}
        nextLabel="Next month"
        previousLabel="Previous month"
        clearable
        minDate={value.from}
        value={value.to ?? null}
        onChange={(to) => onChange({ ...value, to: to ?? undefined })}
        w={{ base: '100%', xs: 200 }}
      />
    </Group>
  );
}
