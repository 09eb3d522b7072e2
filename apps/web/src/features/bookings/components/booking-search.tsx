import '@mantine/dates/styles.css';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import {
  BOOKING_SEARCH_TARGET_LABELS,
  BOOKING_SEARCH_TARGETS,
  type BookingSearchTarget,
} from '@portal/contract/booking-lifecycle';
import { IconCalendar, IconSearch, IconX } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import type { BookingSearch as Search } from '../api/get-bookings';

const TARGET_OPTIONS = BOOKING_SEARCH_TARGETS.map((target) => ({ value: target, label: BOOKING_SEARCH_TARGET_LABELS[target] }));

type BookingSearchProps = { active: Search; onChange: (search: Search) => void };

/**
 * The admin's Search By (000 §2; 001 §4): choosing a field resets the value, Search applies it and goes
 * back to page 1, Clear removes it.
 */
export function BookingSearch({ active, onChange }: BookingSearchProps) {
  const [target, setTarget] = useState<BookingSearchTarget>(active?.target ?? 'pnr');
  const [value, setValue] = useState(active?.value ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = value.trim();
    onChange(text ? { target, value: text } : null);
  };

  return (
    <form onSubmit={submit} role="search" aria-label="Search bookings">
      <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
        <Select
          label="Search By"
          data={TARGET_OPTIONS}
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
            placeholder={target === 'pnr' ? 'PNR' : 'Agent or agency name'}
            leftSection={<IconSearch size={16} />}
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            w={{ base: '100%', xs: 240 }}
          />
        )}
        <Group gap="xs">
          <Button type="submit" leftSection={<IconSearch size={16} />}>
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
