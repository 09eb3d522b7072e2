import '@mantine/dates/styles.css';
import { Badge, Fieldset, Group, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { PASSENGER_TITLES } from '@portal/contract/bookings';
import { IconCalendar } from '@tabler/icons-react';
import { Controller, useFormContext } from 'react-hook-form';
import { parseTypedDate } from '@/lib/typed-date-time';
import { DocumentField } from './document-field';
import type { EditBookingValues, PassengerEditValues } from './edit-booking-values';

/** Typed dates, 4-digit years only: a 2-digit birth year could be either century (lib/typed-date-time.ts). */
const parsePassengerDate = (text: string) => parseTypedDate(text, { twoDigitYear: false });

const TYPE_LABELS: Record<PassengerEditValues['type'], string> = { adult: 'Adult', child: 'Child', infant: 'Infant' };

type PassengerEditFieldsetProps = { index: number; type: PassengerEditValues['type']; today: string };

/** One passenger of Update Booking (000 §5): the type stays, everything else can change. */
export function PassengerEditFieldset({ index, type, today }: PassengerEditFieldsetProps) {
  const { register, control, formState, getValues } = useFormContext<EditBookingValues>();
  const errors = formState.errors.passengers?.[index];
  const name = <K extends keyof PassengerEditValues>(field: K) => `passengers.${index}.${field}` as const;
  const { current_passport: currentPassport, current_visa: currentVisa } = getValues(`passengers.${index}`);

  return (
    <Fieldset
      radius="md"
      variant="filled"
      legend={
        <Group gap="xs">
          <Text fw={600} size="sm">
            Passenger {index + 1}
          </Text>
          <Badge variant="light" size="sm">
            {TYPE_LABELS[type]}
          </Badge>
        </Group>
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm" verticalSpacing="sm">
        <Controller
          control={control}
          name={name('title')}
          render={({ field }) => (
            <Select
              label="Title"
              required
              placeholder="Select"
              data={[...PASSENGER_TITLES[type]]}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              error={errors?.title?.message}
              allowDeselect={false}
            />
          )}
        />
        <TextInput label="First Name" required error={errors?.firstname?.message} {...register(name('firstname'))} />
        <TextInput label="Last Name" required error={errors?.lastname?.message} {...register(name('lastname'))} />
        <Controller
          control={control}
          name={name('dob')}
          render={({ field }) => (
            <DateInput
              label="Date of Birth"
              required
              placeholder="DD/MM/YYYY"
              valueFormat="DD MMM YYYY"
              dateParser={parsePassengerDate}
              maxDate={today}
              leftSection={<IconCalendar size={16} />}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors?.dob?.message}
            />
          )}
        />
        <TextInput label="Passport Number" required error={errors?.passport_no?.message} {...register(name('passport_no'))} />
        <Controller
          control={control}
          name={name('passport_expiry_date')}
          render={({ field }) => (
            <DateInput
              label="Passport Expiry Date"
              required
              placeholder="DD/MM/YYYY"
              valueFormat="DD MMM YYYY"
              dateParser={parsePassengerDate}
              minDate={today}
              leftSection={<IconCalendar size={16} />}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors?.passport_expiry_date?.message}
            />
          )}
        />
        <Controller
          control={control}
          name={name('passport_img')}
          render={({ field }) => (
            <DocumentField
              label="Passport Image"
              required={!currentPassport}
              currentUrl={currentPassport}
              value={field.value}
              onChange={field.onChange}
              error={errors?.passport_img?.message}
            />
          )}
        />
        <Controller
          control={control}
          name={name('visa_copy')}
          render={({ field }) => (
            <DocumentField
              label="Visa Copy"
              currentUrl={currentVisa}
              value={field.value}
              onChange={field.onChange}
              error={errors?.visa_copy?.message}
            />
          )}
        />
      </SimpleGrid>
    </Fieldset>
  );
}
