import { Divider, Fieldset, Grid, Select, Text, TextInput } from '@mantine/core';
import { IconPlaneArrival, IconPlaneDeparture } from '@tabler/icons-react';
import { Controller, get, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { DateField } from '@/components/date-field';
import { NumberField } from '@/components/number-field';
import { TimeField } from '@/components/time-field';
import type { CopiedLegField, GroupFormOutput, GroupFormValues, LegField } from './group-form-values';

export type TripDateField = 'departure_date' | 'arivval_date';

type TripBlockProps = {
  index: number;
  label: string;
  control: Control<GroupFormValues, unknown, GroupFormOutput>;
  register: UseFormRegister<GroupFormValues>;
  errors: FieldErrors<GroupFormValues>;
  sectors: { value: string; label: string }[];
  /** Baggage and hand carry go through the form so they can be copied to the paired trip. */
  onCopiedFieldChange: (field: CopiedLegField, index: number, value: number | string) => void;
  /** Dates go through the form too: the later dates of the trip chain follow them (decision 024). */
  onDateChange: (field: TripDateField, index: number, value: string) => void;
  /** The first day a date may take: today for the first departure, else the date before it in the chain. */
  minDateOf: (field: TripDateField, index: number) => string | undefined;
};

/** One trip (leg) of a group (001 §2): sector, flight, allowances, then departure and arrival. */
export function TripBlock({ index, label, control, register, errors, sectors, onCopiedFieldChange, onDateChange, minDateOf }: TripBlockProps) {
  const errorOf = (field: LegField): string | undefined =>
    (get(errors, `${field}.${index}`) as { message?: string } | undefined)?.message;
  const name = <F extends LegField>(field: F) => `${field}.${index}` as `${F}.${number}`;

  // Typed or picked (issue 21 §9): 25/12/2026, 25 Dec 2026; 14:30, 1430, 2:30 PM.
  const dateField = (field: TripDateField, fieldLabel: string) => (
    <Controller
      control={control}
      name={name(field)}
      render={({ field: input }) => (
        <DateField
          label={fieldLabel}
          required
          min={minDateOf(field, index)}
          value={String(input.value ?? '')}
          onChange={(value) => onDateChange(field, index, value)}
          onBlur={input.onBlur}
          error={errorOf(field)}
        />
      )}
    />
  );

  const timeField = (field: 'departure_time' | 'arivval_time', fieldLabel: string) => (
    <Controller
      control={control}
      name={name(field)}
      render={({ field: input }) => (
        <TimeField
          label={fieldLabel}
          required
          value={String(input.value ?? '')}
          onChange={input.onChange}
          onBlur={input.onBlur}
          error={errorOf(field)}
        />
      )}
    />
  );

  const allowance = (field: CopiedLegField, fieldLabel: string) => (
    <Controller
      control={control}
      name={name(field)}
      render={({ field: input }) => (
        <NumberField
          label={fieldLabel}
          required
          placeholder="kg"
          value={input.value}
          onChange={(value) => onCopiedFieldChange(field, index, value)}
          onBlur={input.onBlur}
          error={errorOf(field)}
        />
      )}
    />
  );

  return (
    <Fieldset legend={`Trip ${label}`} radius="md" styles={{ legend: { fontWeight: 700, paddingInline: 6 } }}>
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
          <Controller
            control={control}
            name={name('departure_sector')}
            render={({ field: input }) => (
              <Select
                label="Sector"
                placeholder="Choose a sector"
                required
                searchable
                data={sectors}
                value={input.value ? String(input.value) : null}
                onChange={(value) => input.onChange(value ?? '')}
                onBlur={input.onBlur}
                error={errorOf('departure_sector')}
              />
            )}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
          <TextInput
            label="Flight Number"
            placeholder="PK-741"
            required
            error={errorOf('departure_flight_number')}
            {...register(name('departure_flight_number'))}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 3 }}>{allowance('departure_baggage', 'Baggage (kg)')}</Grid.Col>
        <Grid.Col span={{ base: 6, md: 3 }}>{allowance('departure_handcarry', 'Hand Carry (kg)')}</Grid.Col>

        <Grid.Col span={12}>
          <Divider
            label={
              <Text size="xs" fw={600} c="dimmed" style={{ display: 'inline-flex', gap: 4, alignItems: 'center' }}>
                <IconPlaneDeparture size={14} /> Departure
              </Text>
            }
            labelPosition="left"
          />
        </Grid.Col>
        {/* When, then where: date and time share a line on a phone (the terminal's long label no longer sits beside the time). */}
        <Grid.Col span={{ base: 6, md: 3 }}>{dateField('departure_date', 'Departure Date')}</Grid.Col>
        <Grid.Col span={{ base: 6, md: 3 }}>{timeField('departure_time', 'Departure Time')}</Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
          <TextInput
            label="Departure Airport Name"
            placeholder="Allama Iqbal Intl"
            required
            error={errorOf('departure_airport_name')}
            {...register(name('departure_airport_name'))}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
          <TextInput label="Departure Terminal" placeholder="Optional" error={errorOf('departure_terminal')} {...register(name('departure_terminal'))} />
        </Grid.Col>

        <Grid.Col span={12}>
          <Divider
            label={
              <Text size="xs" fw={600} c="dimmed" style={{ display: 'inline-flex', gap: 4, alignItems: 'center' }}>
                <IconPlaneArrival size={14} /> Arrival
              </Text>
            }
            labelPosition="left"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 3 }}>{dateField('arivval_date', 'Arrival Date')}</Grid.Col>
        <Grid.Col span={{ base: 6, md: 3 }}>{timeField('arivval_time', 'Arrival Time')}</Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
          <TextInput
            label="Arrival Airport Name"
            placeholder="King Abdulaziz Intl"
            required
            error={errorOf('arivval_airport_name')}
            {...register(name('arivval_airport_name'))}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
          <TextInput label="Arrival Terminal" placeholder="Optional" error={errorOf('arivval_terminal')} {...register(name('arivval_terminal'))} />
        </Grid.Col>
      </Grid>
    </Fieldset>
  );
}
