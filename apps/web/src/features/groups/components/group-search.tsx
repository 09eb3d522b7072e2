import '@mantine/dates/styles.css';
import { Button, Group, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconSearch, IconX } from '@tabler/icons-react';
import { useTypedFilter } from '@/lib/typed-filter';
import type { GroupFilters } from '../api/get-groups';

type GroupSearchProps = { value: GroupFilters; onChange: (filters: GroupFilters) => void };

/**
 * Search by PNR and by date, with Clear (001 §2). The PNR applies as the user stops typing, the date at once. The
 * applied filters live in the address (decision 022): when it changes (Back, a link), the fields follow it.
 */
export function GroupSearch({ value, onChange }: GroupSearchProps) {
  const pnr = useTypedFilter({ current: value.pnr, onApply: (next) => onChange({ ...value, pnr: next }) });

  return (
    <Group gap="sm" mb="md" align="flex-end" wrap="wrap" data-no-print>
      <TextInput
        label="Search by PNR"
        placeholder="PNR"
        leftSection={<IconSearch size={16} />}
        value={pnr.text}
        onChange={(event) => pnr.change(event.currentTarget.value)}
        w={{ base: '100%', xs: 220 }}
      />
      <DatePickerInput
        label="Search by date"
        placeholder="Pick a date"
        nextLabel="Next month"
        previousLabel="Previous month"
        valueFormat="DD MMM YYYY"
        leftSection={<IconCalendar size={16} />}
        value={value.date ?? null}
        onChange={(date) => onChange({ ...value, pnr: pnr.take(), date: date ?? undefined })}
        clearable
        w={{ base: '100%', xs: 200 }}
      />
      <Button
        variant="default"
        leftSection={<IconX size={16} />}
        disabled={!pnr.text && !value.pnr && !value.date}
        onClick={() => {
          pnr.reset();
          onChange({});
        }}
      >
        Clear
      </Button>
    </Group>
  );
}
