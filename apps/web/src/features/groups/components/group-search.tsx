import '@mantine/dates/styles.css';
import { Button, Group, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCalendar, IconSearch, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { GroupFilters } from '../api/get-groups';

const SEARCH_DEBOUNCE_MS = 350;

type GroupSearchProps = { onChange: (filters: GroupFilters) => void };

/** Search by PNR and by date, with Clear (001 §2). The PNR applies as the user stops typing. */
export function GroupSearch({ onChange }: GroupSearchProps) {
  const [pnr, setPnr] = useState('');
  const [date, setDate] = useState<string | null>(null);
  const [debouncedPnr] = useDebouncedValue(pnr.trim(), SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    onChange({ pnr: debouncedPnr || undefined, date: date ?? undefined });
  }, [debouncedPnr, date, onChange]);

  return (
    <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
      <TextInput
        label="Search by PNR"
        placeholder="PNR"
        leftSection={<IconSearch size={16} />}
        value={pnr}
        onChange={(event) => setPnr(event.currentTarget.value)}
        w={{ base: '100%', xs: 220 }}
      />
      <DatePickerInput
        label="Search by date"
        placeholder="Pick a date"
        nextLabel="Next month"
        previousLabel="Previous month"
        valueFormat="DD MMM YYYY"
        leftSection={<IconCalendar size={16} />}
        value={date}
        onChange={setDate}
        clearable
        w={{ base: '100%', xs: 200 }}
      />
      <Button
        variant="default"
        leftSection={<IconX size={16} />}
        disabled={!pnr && !date}
        onClick={() => {
          setPnr('');
          setDate(null);
        }}
      >
        Clear
      </Button>
    </Group>
  );
}
