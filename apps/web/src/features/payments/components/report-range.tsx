import { Group } from '@mantine/core';
import { DateRangeInputs } from '@/components/date-range-inputs';
import type { GeneralReportRange } from '../api/get-general-report';

type ReportRangeProps = { value: GeneralReportRange; onChange: (range: GeneralReportRange) => void };

/**
 * The General Report's From and To (issue 21 §8, decision 022): booking dates, each optional, applied at once; To
 * cannot be before From.
 */
export function ReportRange({ value, onChange }: ReportRangeProps) {
  return (
    <Group gap="sm" mb="md" align="flex-end" wrap="wrap" role="group" aria-label="Booking dates" data-no-print>
      <DateRangeInputs
        value={value}
        onChange={onChange}
        placeholders={{ from: 'First booking date', to: 'Last booking date' }}
        w={{ base: '100%', xs: 200 }}
      />
    </Group>
  );
}
