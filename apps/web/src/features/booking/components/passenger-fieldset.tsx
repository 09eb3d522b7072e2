import '@mantine/dates/styles.css';
import { Fieldset, NativeSelect, Select, SimpleGrid, TextInput } from '@mantine/core';
import { PASSENGER_TITLES } from '@portal/contract/bookings';
import { DateInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendar } from '@tabler/icons-react';
import { Controller, useFormContext } from 'react-hook-form';
import { parseTypedDate } from '@/lib/typed-date-time';
import type { BookingFormValues } from './booking-form-values';
import type { PassengerSlot } from './booking-rules';
import { DocumentInput } from './document-input';

/** Typed dates, 4-digit years only: a 2-digit birth year could be either century (lib/typed-date-time.ts). */
const parsePassengerDate = (text: string) => parseTypedDate(text, { twoDigitYear: false });

type PassengerFieldsetProps = {
  index: number;
  slot: PassengerSlot;
  today: string;
};

/** One passenger (000 §5): title, names, date of birth, passport number and expiry, passport scan, visa copy. */
export function PassengerFieldset({ index, slot, today }: PassengerFieldsetProps) {
  const { register, control, formState } = useFormContext<BookingFormValues>();
  const errors = formState.errors.passengers?.[index];
  // Issue 21 §1: on a touch screen the floating Title list inside the full-screen dialog flickered open and
  // closed (and, measured at 1482 px wide, widened the page); the phone's own picker is the reliable choice there.
  const touch = useMediaQuery('(pointer: coarse)', false, { getInitialValueInEffect: false });
  const name = <K extends keyof BookingFormValues['passengers'][number]>(field: K) => `passengers.${index}.${field}` as const;

  return (
    <Fieldset legend={slot.label} radius="md" variant="filled">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm" verticalSpacing="sm">
        <Controller
          control={control}
          name={name('title')}
          render={({ field }) =>
            touch ? (
              <NativeSelect
                label="Title"
                required
                data={[{ value: '', label: 'Select', disabled: true }, ...PASSENGER_TITLES[slot.type]]}
                value={field.value ?? ''}
                onChange={(event) => field.onChange(event.currentTarget.value)}
                onBlur={field.onBlur}
                error={errors?.title?.message}
              />
            ) : (
              <Select
                label="Title"
                required
                placeholder="Select"
                data={[...PASSENGER_TITLES[slot.type]]}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors?.title?.message}
                allowDeselect={false}
              />
            )
          }
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
            <DocumentInput
              label="Passport Photo or PDF"
              required
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
            <DocumentInput label="Visa Copy" value={field.value} onChange={field.onChange} error={errors?.visa_copy?.message} />
          )}
        />
      </SimpleGrid>
    </Fieldset>
  );
}
