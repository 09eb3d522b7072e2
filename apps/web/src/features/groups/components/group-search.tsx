import '@mantine/dates/styles.css';
import { Button, Group, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconCalendar, IconSearch, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import type { GroupFilters } from '../api/get-groups';

const SEARCH_DEBOUNCE_MS = 350;

type GroupSearchProps = { value: GroupFilters; onChange: (filters: GroupFilters) => void };

/**
 * Search by PNR and by date, with Clear (001 §2). The PNR applies as the user stops typing, the date at once. The
 * applied filters live in the address (decision 022): when it changes (Back, a link), the fields follow it.
 */
export function GroupSearch({ value, onChange }: GroupSearchProps) {
  const [pnr, setPnr] = useState(value.pnr ?? '');
  const [shownPnr, setShownPnr] = useState(value.pnr ?? '');
  if (shownPnr !== (value.pnr ?? '')) {
    setShownPnr(value.pnr ?? '');
    setPnr(value.pnr ?? '');
  }
  const applyPnr = useDebouncedCallback((text: string) => {
    const next = text.trim() || undefined;
    if (next !== value.pnr) onChange({ ...value, pnr: next });
  }, SEARCH_DEBOUNCE_MS);

  return (
    <Group gap="sm" mb="md" align="flex-end" wrap="wrap" data-no-print>
      <TextInput
        label="Search by PNR"
        placeholder="PNR"
        leftSection={<IconSearch size={16} />}
        value={pnr}
        onChange={(event) => {
          setPnr(event.currentTarget.value);
          applyPnr(event.currentTarget.value);
        }}
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
        onChange={(date) => onChange({ ...value, pnr: pnr.trim() || undefined, date: date ?? undefined })}
        clearable
        w={{ base: '100%', xs: 200 }}
      />
      <Button
        variant="default"
        leftSection={<IconX size={16} />}
        disabled={!pnr && !value.pnr && !value.date}
        onClick={() => {
          applyPnr.cancel();
          setPnr('');
          onChange({});
        }}
      >
        Clear
      </Button>
    </Group>
  );
}
