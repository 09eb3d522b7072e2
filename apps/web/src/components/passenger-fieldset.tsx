import '@mantine/dates/styles.css';
import { Fieldset, NativeSelect, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { PASSENGER_TITLES, type PassengerType } from '@portal/contract/bookings';
import { titleForPassenger, type PassportData } from '@portal/contract/passport';
import { IconCalendar, IconId } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { parseTypedDate } from '@/lib/typed-date-time';
import { DocumentField } from './document-field';
import { PassportReader } from './passport-reader';

/** One passenger as both dialogs hold it (Book Ticket, Update Booking). Dates are 'YYYY-MM-DD'; null until picked. */
export type PassengerFieldValues = {
  type: PassengerType;
  title: string | null;
  firstname: string;
  lastname: string;
  dob: string | null;
  passport_no: string;
  passport_expiry_date: string | null;
  passport_img: File | null;
  visa_copy: File | null;
};

type PassengerForm = { passengers: PassengerFieldValues[] };

/** The fields a passport reading fills (PRODUCT §6); the form has no nationality field. */
type ReadField = 'title' | 'firstname' | 'lastname' | 'dob' | 'passport_no' | 'passport_expiry_date';

/** Typed dates, 4-digit years only: a 2-digit birth year could be either century (lib/typed-date-time.ts). */
const parsePassengerDate = (text: string) => parseTypedDate(text, { twoDigitYear: false });

export const READ_FROM_PASSPORT = 'Read from passport';

/** A field filled by a reading: a note under its label and a coloured left edge, until the agent changes it. */
function readMark(marked: boolean) {
  if (!marked) return {};
  return {
    description: (
      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4, color: 'var(--mantine-color-teal-8)' }}>
        <IconId size={14} aria-hidden />
        {READ_FROM_PASSPORT}
      </span>
    ),
    'data-read-from-passport': true,
    styles: { input: { borderLeft: '4px solid var(--mantine-color-teal-6)' } },
  };
}

type PassengerFieldsetProps = {
  index: number;
  type: PassengerType;
  /** The fieldset's legend: 'Adult 1' in Book Ticket, 'Passenger 1' with the type in Update Booking. */
  legend: ReactNode;
  today: string;
  /** Update Booking: the stored scans (signed links); a stored passport needs no new one. */
  stored?: { passport: string | null; visa: string | null };
};

/**
 * One passenger of the Book Ticket and Update Booking dialogs (000 §5, PRODUCT §6; decision 029): title, names,
 * date of birth, passport number and expiry, passport scan with 'Read passport' and 'Paste MRZ', visa copy. A
 * reading fills the fields and marks each one while it still holds what was read.
 */
export function PassengerFieldset({ index, type, legend, today, stored }: PassengerFieldsetProps) {
  const { register, control, formState, setValue } = useFormContext<PassengerForm>();
  const errors = formState.errors.passengers?.[index];
  // Issue 21 §1: on a touch screen the floating Title list inside the full-screen dialog flickered open and
  // closed (and, measured at 1482 px wide, widened the page); the phone's own picker is the reliable choice there.
  const touch = useMediaQuery('(pointer: coarse)', false, { getInitialValueInEffect: false });
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const name = <K extends keyof PassengerFieldValues>(field: K) => `passengers.${index}.${field}` as const;
  const current = useWatch({ control, name: `passengers.${index}` });
  // What the last reading put in each field; a field is marked while it still holds that value.
  const [read, setRead] = useState<Partial<Record<ReadField, string>>>({});
  const mark = (field: ReadField) => readMark(read[field] !== undefined && current?.[field] === read[field]);

  const fill = (data: PassportData) => {
    const title = titleForPassenger(type, data.sex);
    const values: Partial<Record<ReadField, string>> = {
      firstname: data.given_names,
      lastname: data.surname,
      dob: data.dob,
      passport_no: data.passport_no,
      passport_expiry_date: data.expiry,
      ...(title ? { title } : {}),
    };
    for (const [field, value] of Object.entries(values) as Array<[ReadField, string]>) {
      setValue(name(field), value, { shouldDirty: true, shouldTouch: true, shouldValidate: true });
    }
    setRead(values);
  };

  const titleField = (
    <Controller
      control={control}
      name={name('title')}
      render={({ field }) =>
        touch ? (
          <NativeSelect
            label="Title"
            required
            data={[{ value: '', label: 'Select', disabled: true }, ...PASSENGER_TITLES[type]]}
            value={field.value ?? ''}
            onChange={(event) => field.onChange(event.currentTarget.value)}
            onBlur={field.onBlur}
            error={errors?.title?.message}
            {...mark('title')}
          />
        ) : (
          <Select
            label="Title"
            required
            placeholder="Select"
            data={[...PASSENGER_TITLES[type]]}
            value={field.value || null}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errors?.title?.message}
            allowDeselect={false}
            {...mark('title')}
          />
        )
      }
    />
  );

  const dateField = (field: 'dob' | 'passport_expiry_date', label: string, limits: { minDate?: string; maxDate?: string }) => (
    <Controller
      control={control}
      name={name(field)}
      render={({ field: input }) => (
        <DateInput
          label={label}
          required
          placeholder="DD/MM/YYYY"
          valueFormat="DD MMM YYYY"
          dateParser={parsePassengerDate}
          {...limits}
          leftSection={<IconCalendar size={16} />}
          value={input.value}
          onChange={input.onChange}
          onBlur={input.onBlur}
          error={errors?.[field]?.message}
          {...mark(field)}
        />
      )}
    />
  );

  // From the sm breakpoint the scans come first: a reading fills the fields below, and nothing above the buttons
  // moves them as a field shows its message on leaving it (a click that lands after such a shift is lost, decision
  // 029). On a phone's single column they stay last, where the typed-by-hand order keeps its place (issue 21 §1).
  const scans = (
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm" {...(wide ? { mb: 'sm' } : { mt: 'sm' })}>
        <Controller
          control={control}
          name={name('passport_img')}
          render={({ field }) => (
            <Stack gap="xs">
              <DocumentField
                label="Passport Photo or PDF"
                required={!stored?.passport}
                currentUrl={stored?.passport}
                value={field.value}
                onChange={field.onChange}
                error={errors?.passport_img?.message}
              />
              <PassportReader file={field.value} onRead={fill} />
            </Stack>
          )}
        />
        <Controller
          control={control}
          name={name('visa_copy')}
          render={({ field }) => (
            <DocumentField
              label="Visa Copy"
              currentUrl={stored?.visa}
              value={field.value}
              onChange={field.onChange}
              error={errors?.visa_copy?.message}
            />
          )}
        />
      </SimpleGrid>
  );

  return (
    // Focusable by script only: Book Ticket moves focus here after Start Booking (issue 21 §12). Focusing the first
    // field instead marked it wrong as soon as the agent went to the scan, and on a phone the error line moved
    // 'Read passport' from under the finger between touch and release, so the tap was lost.
    <Fieldset legend={legend} radius="md" variant="filled" tabIndex={-1}>
      {wide ? scans : null}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm" verticalSpacing="sm">
        {titleField}
        <TextInput label="First Name" required error={errors?.firstname?.message} {...mark('firstname')} {...register(name('firstname'))} />
        <TextInput label="Last Name" required error={errors?.lastname?.message} {...mark('lastname')} {...register(name('lastname'))} />
        {dateField('dob', 'Date of Birth', { maxDate: today })}
        <TextInput
          label="Passport Number"
          required
          error={errors?.passport_no?.message}
          {...mark('passport_no')}
          {...register(name('passport_no'))}
        />
        {dateField('passport_expiry_date', 'Passport Expiry Date', { minDate: today })}
      </SimpleGrid>
      {wide ? null : scans}
    </Fieldset>
  );
}
