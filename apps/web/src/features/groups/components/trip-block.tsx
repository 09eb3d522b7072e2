import '@mantine/dates/styles.css';
import { Divider, Fieldset, Grid, Select, Text, TextInput } from '@mantine/core';
import { DatePickerInput, TimeInput } from '@mantine/dates';
import { IconCalendar, IconClock, IconPlaneArrival, IconPlaneDeparture } from '@tabler/icons-react';
import { Controller, get, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { NumberField } from '@/components/number-field';
import type { CopiedLegField, GroupFormOutput, GroupFormValues, LegField } from './group-form-values';

type TripBlockProps = {
  index: number;
  label: string;
  control: Control<GroupFormValues, unknown, GroupFormOutput>;
  register: UseFormRegister<GroupFormValues>;
  errors: FieldErrors<GroupFormValues>;
  sectors: { value: string; label: string }[];
  /** Baggage and hand carry go through the form so they can be copied to the paired trip. */
  onCopiedFieldChange: (field: CopiedLegField, index: number, value: number | string) => void;
};

/** One trip (leg) of a group (001 §2): sector, flight, allowances, then departure and arrival. */
export function TripBlock({ index, label, control, register, errors, sectors, onCopiedFieldChange }: TripBlockProps) {
  const errorOf = (field: LegField): string | undefined =>
    (get(errors, `${field}.${index}`) as { message?: string } | undefined)?.message;
  const name = <F extends LegField>(field: F) => `${field}.${index}` as `${F}.${number}`;

  const dateField = (field: 'departure_date' | 'arivval_date', fieldLabel: string) => (
    <Controller
      control={control}
      name={name(field)}
      render={({ field: input }) => (
        <DatePickerInput
          label={fieldLabel}
          placeholder="Pick a date"
          nextLabel="Next month"
          previousLabel="Previous month"
          required
          valueFormat="DD MMM YYYY"
          leftSection={<IconCalendar size={16} />}
          value={input.value ? String(input.value) : null}
          onChange={(value) => input.onChange(value ?? '')}
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
        <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>{dateField('departure_date', 'Departure Date')}</Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
          <TextInput
            label="Departure Airport Name"
            placeholder="Allama Iqbal Intl"
            required
            error={errorOf('departure_airport_name')}
            {...register(name('departure_airport_name'))}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 3 }}>
          <TimeInput
            label="Departure Time"
            required
            leftSection={<IconClock size={16} />}
            error={errorOf('departure_time')}
            {...register(name('departure_time'))}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 3 }}>
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
        <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>{dateField('arivval_date', 'Arrival Date')}</Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
          <TextInput
            label="Arrival Airport Name"
            placeholder="King Abdulaziz Intl"
            required
            error={errorOf('arivval_airport_name')}
            {...register(name('arivval_airport_name'))}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 3 }}>
          <TimeInput
            label="Arrival Time"
            required
            leftSection={<IconClock size={16} />}
            error={errorOf('arivval_time')}
            {...register(name('arivval_time'))}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 3 }}>
          <TextInput label="Arrival Terminal" placeholder="Optional" error={errorOf('arivval_terminal')} {...register(name('arivval_terminal'))} />
        </Grid.Col>
      </Grid>
    </Fieldset>
  );
}
