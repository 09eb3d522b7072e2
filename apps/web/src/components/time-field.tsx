import { Autocomplete, type AutocompleteProps, type ComboboxParsedItem, type OptionsFilter } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useState } from 'react';
import { parseTypedTime } from '@/lib/typed-date-time';

/** Every minute of the day: the list shows a few at a time (filterTimes), and a typed 14:20 is one of them. */
const MINUTES = Array.from({ length: 24 * 60 }, (_, index) => {
  const hours = String(Math.floor(index / 60)).padStart(2, '0');
  const minutes = String(index % 60).padStart(2, '0');
  return `${hours}:${minutes}`;
});
const isQuarter = (time: string) => Number(time.slice(3)) % 15 === 0;

const isOption = (item: ComboboxParsedItem): item is { value: string; label: string } => 'value' in item;

/**
 * Picking takes two clicks and no scrolling: the 24 whole hours first, then, once an hour is chosen or typed,
 * that hour's quarters with the typed time first ('2:30 p' → 14:30, 14:00, 14:15, 14:45), so Enter takes what
 * was typed. A list that never scrolls needs no keyboard-reachable scroll area (axe scrollable-region-focusable,
 * decision 024): the combobox moves through it with the arrow keys.
 */
const filterTimes: OptionsFilter = ({ options, search }) => {
  const items = options.filter(isOption);
  const parsed = parseTypedTime(search);
  if (!parsed) return items.filter((item) => item.value.endsWith(':00'));
  const typed = items.filter((item) => item.value === parsed);
  const sameHour = items.filter((item) => item.value.startsWith(parsed.slice(0, 3)) && isQuarter(item.value) && item.value !== parsed);
  return [...typed, ...sameHour];
};

type TimeFieldProps = Omit<AutocompleteProps, 'value' | 'onChange' | 'data' | 'filter'> & {
  /** `HH:mm`; '' when empty; what was typed when it is not a time (so the form says why). */
  value: string;
  onChange: (value: string) => void;
};

/**
 * A time typed or picked (issue 21 §9, decision 024): `14:30`, `1430` or `2:30 PM` (lib/typed-date-time.ts),
 * shown as 24-hour `HH:mm` once the field is left, as airline schedules print it; the list offers the hours,
 * then their quarters. Text that is not a time stays in the field and reaches the form, whose rule names the
 * problem.
 */
export function TimeField({ value, onChange, onBlur, onFocus, placeholder = 'HH:mm', ...props }: TimeFieldProps) {
  const [text, setText] = useState<string | null>(null);
  return (
    <Autocomplete
      placeholder={placeholder}
      leftSection={<IconClock size={16} />}
      data={MINUTES}
      filter={filterTimes}
      withScrollArea={false}
      selectFirstOptionOnChange
      comboboxProps={{ width: 248 }}
      styles={{
        options: { display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 2 },
        option: { justifyContent: 'center', fontVariantNumeric: 'tabular-nums' },
      }}
      autoComplete="off"
      {...props}
      value={text ?? value}
      onFocus={(event) => {
        setText(value);
        onFocus?.(event);
      }}
      onChange={(typed) => {
        setText(typed);
        // While typing, the form gets each complete time as it appears ('2:30 P' is 14:30 already).
        const parsed = parseTypedTime(typed);
        if (parsed !== null) onChange(parsed);
        else if (typed.trim() === '') onChange('');
      }}
      onBlur={(event) => {
        const typed = text ?? value;
        setText(null);
        onChange(parseTypedTime(typed) ?? typed.trim());
        onBlur?.(event);
      }}
    />
  );
}
