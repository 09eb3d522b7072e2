import { Button, Grid, TextInput } from '@mantine/core';
import { IconCalendar, IconPlane, IconPlaneArrival, IconPlaneDeparture, IconSearch } from '@tabler/icons-react';
import { type ComponentType, lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import type { SearchDateInputProps } from './search-date-input';

let searchDateInput: Promise<{ default: ComponentType<SearchDateInputProps> }> | undefined;
const loadSearchDateInput = () => (searchDateInput ??= import('./search-date-input'));
/**
 * The calendar (Mantine dates with dayjs and floating-ui, about 38 KB gzipped) is not needed to paint the page:
 * a read-only field of the same size shows the date until it has loaded (issue 8, the home page's first paint).
 * Its code is fetched as soon as this module runs rather than when the field first renders, so that on the
 * prerendered home page it hydrates with the rest of the form and a tap on Date is not lost (decision 012).
 */
void loadSearchDateInput();
const SearchDateInput = lazy(loadSearchDateInput);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'YYYY-MM-DD' as the calendar field shows it ('DD MMM YYYY'). */
function displayDate(value: string | null): string {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!match) return '';
  const [, year, month, day] = match;
  return `${day} ${MONTHS[Number(month) - 1] ?? ''} ${year}`;
}

export type SearchValues = { departure: string; arrival: string; date: string | null; airline: string };

/** What a search sends on: codes or cities upper-cased, the date, and the airline ('' for any). */
export type SearchRequest = { departure: string; arrival: string; date: string; airline: string };

type SearchTicketsFormProps = {
  initial?: Partial<SearchValues>;
  /** The signed-in dashboard's form also asks for an airline (decision 023). */
  withAirline?: boolean;
  /** Where a valid search goes; without it, to the public results /search/{dip}/{arriv}/{date}. */
  onSearch?: (search: SearchRequest) => void;
};

type Errors = Partial<Record<keyof SearchValues, string>>;

function validate(values: SearchValues): Errors {
  const errors: Errors = {};
  if (!values.departure.trim()) errors.departure = 'Departure is required';
  if (!values.arrival.trim()) errors.arrival = 'Arrival is required';
  if (!values.date) errors.date = 'Date is required';
  return errors;
}

/**
 * Search Group Tickets (000 §2, §5): Departure, Arrival and Date, all required; goes to /search/{dip}/{arriv}/{date}.
 * In the dashboard (decision 023) it also takes an optional Airline and hands the search to `onSearch`.
 */
export function SearchTicketsForm({ initial, withAirline = false, onSearch }: SearchTicketsFormProps) {
  const navigate = useNavigate();
  const [values, setValues] = useState<SearchValues>({
    departure: initial?.departure ?? '',
    arrival: initial?.arrival ?? '',
    date: initial?.date ?? null,
    airline: initial?.airline ?? '',
  });
  // Departure, Arrival, Date, Button; with the airline: Departure, Arrival, Date, Airline, Button.
  const spans = withAirline ? [2.75, 2.75, 2.5, 2.5, 1.5] : [3.5, 3.5, 3, 0, 2];
  const [errors, setErrors] = useState<Errors>({});

  const set = <K extends keyof SearchValues>(key: K, value: SearchValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  return (
    <form
      noValidate
      aria-label="Search Group Tickets"
      onSubmit={(event) => {
        event.preventDefault();
        const found = validate(values);
        setErrors(found);
        if (Object.keys(found).length > 0 || !values.date) return;
        const search = {
          departure: values.departure.trim().toUpperCase(),
          arrival: values.arrival.trim().toUpperCase(),
          date: values.date,
          airline: withAirline ? values.airline.trim() : '',
        };
        if (onSearch) onSearch(search);
        else void navigate(paths.search.getHref(search.departure, search.arrival, search.date));
      }}
    >
      <Grid gap="sm" align="flex-start">
        <Grid.Col span={{ base: 12, sm: 6, md: spans[0] }}>
          <TextInput
            label="Departure"
            placeholder="e.g. LHE"
            required
            leftSection={<IconPlaneDeparture size={16} />}
            value={values.departure}
            onChange={(event) => set('departure', event.currentTarget.value)}
            error={errors.departure}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: spans[1] }}>
          <TextInput
            label="Arrival"
            placeholder="e.g. DXB"
            required
            leftSection={<IconPlaneArrival size={16} />}
            value={values.arrival}
            onChange={(event) => set('arrival', event.currentTarget.value)}
            error={errors.arrival}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: spans[2] }}>
          <Suspense
            fallback={
              <TextInput
                label="Date"
                placeholder="Pick a date"
                required
                readOnly
                leftSection={<IconCalendar size={16} />}
                value={displayDate(values.date)}
                error={errors.date}
              />
            }
          >
            <SearchDateInput value={values.date} onChange={(value) => set('date', value)} error={errors.date} />
          </Suspense>
        </Grid.Col>
        {withAirline ? (
          <Grid.Col span={{ base: 12, sm: 6, md: spans[3] }}>
            <TextInput
              label="Airline"
              placeholder="Any airline"
              leftSection={<IconPlane size={16} />}
              value={values.airline}
              onChange={(event) => set('airline', event.currentTarget.value)}
            />
          </Grid.Col>
        ) : null}
        <Grid.Col span={{ base: 12, sm: withAirline ? 12 : 6, md: spans[4] }}>
          <Button type="submit" fullWidth mt={withAirline ? { base: 0, md: 25 } : { base: 0, sm: 25 }} leftSection={<IconSearch size={16} />} color="accent.7">
            Search
          </Button>
        </Grid.Col>
      </Grid>
    </form>
  );
}
