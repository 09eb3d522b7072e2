import { Button, Grid, Stack, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { NumberField } from '@/components/number-field';
import { canStartBooking, countsErrors, toCount, type Counts } from './booking-rules';

type PassengerCountsProps = {
  counts: Counts;
  onChange: (counts: Counts) => void;
  onStart: () => void;
  starting: boolean;
  /** Passenger forms are open: Start Booking has done its work until the counts change. */
  started: boolean;
};

type Raw = { adults: string | number; children: string | number; infants: string | number };

/**
 * Adults, Children, Infants (000 §5): whole numbers, empty counts as 0; at most 5 adults and no more infants
 * than adults, with the seed's messages; Start Booking stays disabled while a rule is broken.
 */
export function PassengerCounts({ counts, onChange, onStart, starting, started }: PassengerCountsProps) {
  // The fields keep what was typed (an emptied field stays empty); the counts are their numbers.
  const [raw, setRaw] = useState<Raw>(counts);
  const errors = countsErrors(counts);

  const change = (key: keyof Raw, value: string | number) => {
    const next = { ...raw, [key]: value };
    setRaw(next);
    onChange({ adults: toCount(next.adults), children: toCount(next.children), infants: toCount(next.infants) });
  };

  return (
    <Grid gap="sm" align="flex-end">
      <Grid.Col span={{ base: 4, sm: 3 }}>
        <NumberField label="Adults" data-autofocus min={0} value={raw.adults} onChange={(value) => change('adults', value)} />
      </Grid.Col>
      <Grid.Col span={{ base: 4, sm: 3 }}>
        <NumberField label="Children" min={0} value={raw.children} onChange={(value) => change('children', value)} />
      </Grid.Col>
      <Grid.Col span={{ base: 4, sm: 3 }}>
        <NumberField label="Infants" min={0} value={raw.infants} onChange={(value) => change('infants', value)} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 3 }}>
        <Button
          fullWidth
          leftSection={<IconPlayerPlay size={14} />}
          onClick={onStart}
          loading={starting}
          disabled={!canStartBooking(counts) || started}
        >
          Start Booking
        </Button>
      </Grid.Col>
      {errors.length > 0 ? (
        <Grid.Col span={12}>
          <Stack gap={2} role="alert">
            {errors.map((error) => (
              <Text key={error} c="red.7" size="sm" fw={500}>
                {error}
              </Text>
            ))}
          </Stack>
        </Grid.Col>
      ) : null}
    </Grid>
  );
}
