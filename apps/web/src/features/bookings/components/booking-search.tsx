import '@mantine/dates/styles.css';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import {
  AGENT_BOOKING_SEARCH_TARGETS,
  BOOKING_ID_SEARCH_MESSAGE,
  BOOKING_SEARCH_TARGET_LABELS,
  BOOKING_SEARCH_TARGETS,
  parseBookingIdSearch,
  type BookingSearchTarget,
} from '@portal/contract/booking-lifecycle';
import { IconCalendar, IconSearch, IconX } from '@tabler/icons-react';
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { useListParams, type ListPager } from '@/lib/list-params';
import { BOOKING_SEARCH_PARAMS, toBookingSearch, type BookingSearch as Search } from '../api/get-bookings';

const PLACEHOLDERS: Record<Exclude<BookingSearchTarget, 'booking_date'>, string> = {
  pnr: 'PNR',
  agent_name: 'Agent or agency name',
  passenger_name: 'First or last name',
  booking_id: 'Booking number, e.g. 1024',
};

/**
 * A bookings list's search, kept in the address (issue 21 §7, decision 022): admins search every booking by
 * any target, agents their own by all but the agent's name.
 */
export function useBookingSearch(admin: boolean): {
  search: Search;
  setSearch: (search: Search) => void;
  targets: readonly BookingSearchTarget[];
  pager: ListPager;
} {
  const { filters, setFilters, pager } = useListParams(BOOKING_SEARCH_PARAMS);
  const targets = admin ? BOOKING_SEARCH_TARGETS : AGENT_BOOKING_SEARCH_TARGETS;
  const search = useMemo(() => toBookingSearch(filters, targets), [filters, targets]);
  const setSearch = useCallback((next: Search) => setFilters(next ? { [next.target]: next.value } : {}), [setFilters]);
  return { search, setSearch, targets, pager };
}

type BookingSearchProps = { active: Search; onChange: (search: Search) => void; targets: readonly BookingSearchTarget[] };

/** What the field holds for a target, as the address keeps it ('#1024' is booking 1024). */
function normalise(target: BookingSearchTarget, value: string): string | null {
  const text = value.trim();
  if (target !== 'booking_id' || text === '') return text;
  const id = parseBookingIdSearch(text);
  return id === undefined ? null : String(id);
}

/**
 * Search By (000 §2; 001 §4): choosing a field resets the value, Search applies it and goes back to page 1,
 * Clear removes it. The applied search lives in the address; when the address changes (Back, a link), the
 * fields follow it.
 */
export function BookingSearch({ active, onChange, targets }: BookingSearchProps) {
  const defaultTarget = targets[0] ?? 'pnr';
  const [target, setTarget] = useState<BookingSearchTarget>(active?.target ?? defaultTarget);
  const [value, setValue] = useState(active?.value ?? '');
  const activeKey = active ? `${active.target}:${active.value}` : '';
  const [shown, setShown] = useState(activeKey);
  if (shown !== activeKey) {
    setShown(activeKey);
    setTarget(active?.target ?? defaultTarget);
    setValue(active?.value ?? '');
  }
  const invalid = normalise(target, value) === null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = normalise(target, value);
    if (text === null) return;
    onChange(text ? { target, value: text } : null);
  };

  return (
    <form onSubmit={submit} role="search" aria-label="Search bookings" data-no-print>
      <Group gap="sm" mb="md" align="flex-start" wrap="wrap">
        <Select
          label="Search By"
          data={targets.map((name) => ({ value: name, label: BOOKING_SEARCH_TARGET_LABELS[name] }))}
          value={target}
          allowDeselect={false}
          onChange={(next) => {
            if (!next) return;
            setTarget(next as BookingSearchTarget);
            setValue('');
          }}
          w={{ base: '100%', xs: 170 }}
        />
        {target === 'booking_date' ? (
          <DatePickerInput
            label={BOOKING_SEARCH_TARGET_LABELS.booking_date}
            placeholder="Pick a date"
            valueFormat="DD MMM YYYY"
            nextLabel="Next month"
            previousLabel="Previous month"
            leftSection={<IconCalendar size={16} />}
            value={value || null}
            onChange={(next) => setValue(next ?? '')}
            w={{ base: '100%', xs: 220 }}
          />
        ) : (
          <TextInput
            label={BOOKING_SEARCH_TARGET_LABELS[target]}
            placeholder={PLACEHOLDERS[target]}
            leftSection={<IconSearch size={16} />}
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            error={invalid ? BOOKING_ID_SEARCH_MESSAGE : undefined}
            inputMode={target === 'booking_id' ? 'numeric' : undefined}
            w={{ base: '100%', xs: 240 }}
          />
        )}
        <Group gap="xs" mt={{ base: 0, xs: 25 }}>
          <Button type="submit" leftSection={<IconSearch size={16} />} disabled={invalid}>
            Search
          </Button>
          <Button
            variant="default"
            leftSection={<IconX size={16} />}
            disabled={!value && !active}
            onClick={() => {
              setValue('');
              onChange(null);
            }}
          >
            Clear
          </Button>
        </Group>
      </Group>
    </form>
  );
}
