import { Alert, Button, Grid, Group, Loader, Paper, Radio, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { getGroupTripLabels, type Direction, type Group as GroupRecord, type TicketType } from '@portal/contract/groups';
import { IconAlertCircle, IconUser } from '@tabler/icons-react';
import { useMemo, useRef, type ReactNode } from 'react';
import { Controller, get, useForm, useWatch, type Path } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { NumberField } from '@/components/number-field';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useDiscardOnLeave } from '@/lib/discard-guard';
import { applyServerErrors } from '@/lib/form-errors';
import { todayInKarachi } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCreateGroup } from '../api/create-group';
import { useAddMySectorChoice, useGeneral } from '../api/get-general';
import { useUpdateGroup } from '../api/update-group';
import {
  COPIED_LEG_FIELDS,
  createGroupResolver,
  emptyGroupValues,
  getDateChain,
  getPairSources,
  groupToValues,
  legCountOf,
  toGroupField,
  type CopiedLegField,
  type GroupFormOutput,
  type GroupFormValues,
} from './group-form-values';
import { DeadlineFields } from './deadline-fields';
import { TripBlock, type TripDateField } from './trip-block';

/** Trips whose allowance the user set apart from its source: copies stop there (edit mode starts from the data). */
function initiallyEdited(values: GroupFormValues): Set<string> {
  const edited = new Set<string>();
  const sources = getPairSources(legCountOf(values));
  for (const field of COPIED_LEG_FIELDS) {
    sources.forEach((source, index) => {
      if (source !== null && String(values[field][index]) !== String(values[field][source])) edited.add(`${field}.${index}`);
    });
  }
  return edited;
}

/** Dates the user chose (edit mode: every stored one): the chain's defaults stop there (decision 024). */
function initiallyTypedDates(values: GroupFormValues): Set<string> {
  const typed = new Set<string>();
  for (const field of ['departure_date', 'arivval_date'] as const) {
    values[field].forEach((value, index) => {
      if (value !== '') typed.add(`${field}.${index}`);
    });
  }
  return typed;
}

export type AddMySectorSlot = (onCreated: (mySector: { id: number; name: string }) => void) => ReactNode;

type GroupFormProps = {
  group?: GroupRecord;
  /**
   * The inline 'Add My Sector' control under the My Sector field (issue 21 §9): the route renders it and the
   * my-sectors feature's Add My Sector dialog, and reports the new one (features do not import each other).
   */
  addMySector?: AddMySectorSlot;
};

/**
 * Add / Edit Group (001 §2, §5). Add mode without a group, edit mode with one; in edit mode the ticket
 * type and direction are locked. The contract's schema validates the form (and the server).
 */
export function GroupForm({ group, addMySector }: GroupFormProps) {
  const navigate = useNavigate();
  const general = useGeneral();
  const addMySectorChoice = useAddMySectorChoice();
  const createMutation = useCreateGroup();
  const updateMutation = useUpdateGroup();
  const editing = Boolean(group);
  const defaultValues = useMemo(() => (group ? groupToValues(group) : emptyGroupValues()), [group]);
  const resolver = useMemo(
    () => createGroupResolver({ groupId: group?.id, storedFirstDeparture: group?.date }),
    [group?.id, group?.date],
  );
  // Each field says what is wrong once it is left, and again as it changes (PREAMBLE: forms validate on change/blur).
  const form = useForm<GroupFormValues, unknown, GroupFormOutput>({
    resolver,
    defaultValues,
    mode: 'onTouched',
  });
  const edited = useRef<Set<string>>(initiallyEdited(defaultValues));
  const typedDates = useRef<Set<string>>(initiallyTypedDates(defaultValues));
  const { errors } = form.formState;
  // Leaving with typed data asks first (issue 21 §2); a save leaves freely.
  const allowLeave = useDiscardOnLeave(form.formState.isDirty);
  const [ticketType, direction, departureDates, arrivalDates] = useWatch({
    control: form.control,
    name: ['ticket_type', 'direction', 'departure_date', 'arivval_date'],
  });
  const count = legCountOf({ ticket_type: ticketType, direction });
  const tripLabels = getGroupTripLabels(Number(ticketType) as TicketType, Number(direction) as Direction);

  const copyToPairs = (field: CopiedLegField, index: number, value: number | string) => {
    getPairSources(count).forEach((source, target) => {
      if (source !== index || edited.current.has(`${field}.${target}`)) return;
      form.setValue(`${field}.${target}`, value);
      copyToPairs(field, target, value);
    });
  };
  const onCopiedFieldChange = (field: CopiedLegField, index: number, value: number | string) => {
    form.setValue(`${field}.${index}`, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    edited.current.add(`${field}.${index}`);
    copyToPairs(field, index, value);
  };

  // The trip dates in time order: each one, until the user sets it, starts as the date before it (a return
  // leg starts on the outbound's date, never before it; issue 21 §9, decision 024).
  // Read at call time: a layout just chosen has its own chain.
  const currentChain = () => getDateChain(legCountOf(form.getValues()));
  const followDates = (from: number) => {
    const chain = currentChain();
    for (let position = from + 1; position < chain.length; position++) {
      const name = chain[position]!;
      if (typedDates.current.has(name)) break;
      const previous = form.getValues(chain[position - 1]!);
      if (form.getValues(name) !== previous) form.setValue(name, previous, { shouldDirty: true });
    }
  };
  const onDateChange = (field: TripDateField, index: number, value: string) => {
    const name = `${field}.${index}` as const;
    form.setValue(name, value, { shouldDirty: true });
    typedDates.current.add(name);
    followDates(currentChain().indexOf(name));
    // A past first departure or a date before the one it follows is said at once (issue 21 §9); the dates
    // already showing a message (or left before) are checked again, as a change here may settle theirs.
    const { touchedFields, errors: current, isSubmitted } = form.formState;
    const others = currentChain().filter(
      (other) => other !== name && (isSubmitted || get(touchedFields, other) !== undefined || get(current, other) !== undefined),
    );
    void form.trigger([name, ...others]);
  };
  const minDateOf = (field: TripDateField, index: number): string | undefined => {
    const chain = getDateChain(count);
    const dateOf = (name: string) => {
      const [chainField, chainIndex] = name.split('.') as [TripDateField, string];
      return String((chainField === 'departure_date' ? departureDates : arrivalDates)[Number(chainIndex)] ?? '');
    };
    for (let previous = chain.indexOf(`${field}.${index}`) - 1; previous >= 0; previous--) {
      const value = dateOf(chain[previous]!);
      if (value) return value;
    }
    return todayInKarachi();
  };
  // A layout with more trips: their untouched dates start from the ones before them.
  const onLayoutChange = (onChange: (value: string) => void) => (value: string) => {
    onChange(value);
    followDates(0);
  };

  const submit = form.handleSubmit((body) => {
    const callbacks = {
      onSuccess: (answer: { message: string; data: { id: number } }) => {
        notifySuccess(answer.message);
        allowLeave();
        // The list opens with the saved group in view and marked for a moment (issue 21 §9).
        void navigate(paths.dashboard.groups.getHref({ saved: answer.data.id }));
      },
      onError: (error: unknown) => {
        applyServerErrors(error, form.setError, toGroupField);
        notifyError(errorMessage(error));
      },
    };
    if (group) updateMutation.mutate({ ...body, group_id: group.id }, callbacks);
    else createMutation.mutate(body, callbacks);
  });

  if (general.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label="Loading" />
      </Group>
    );
  }
  if (general.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
        {errorMessage(general.error)}
      </Alert>
    );
  }

  const airlines = general.data.airline.map((airline) => ({ value: String(airline.id), label: airline.full_name }));
  const mySectors = general.data.my_sectors.map((mySector) => ({ value: String(mySector.id), label: mySector.name }));
  const sectors = general.data.sectors.map((sector) => ({ value: String(sector.id), label: sector.sector_name }));
  const errorOf = (field: Path<GroupFormValues>) => (errors as Record<string, { message?: string } | undefined>)[field]?.message;
  const saving = createMutation.isPending || updateMutation.isPending;

  const numberField = (field: 'tickets_wehave' | 'total_ticket' | 'price' | 'infant_price', label: string, required: boolean) => (
    <Controller
      control={form.control}
      name={field}
      render={({ field: input }) => (
        <NumberField
          label={label}
          required={required}
          thousandSeparator={field === 'price' || field === 'infant_price' ? ',' : undefined}
          prefix={field === 'price' || field === 'infant_price' ? 'PKR ' : undefined}
          value={input.value}
          onChange={input.onChange}
          onBlur={input.onBlur}
          error={errorOf(field)}
        />
      )}
    />
  );

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="lg">
        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <Title order={3} fz="md" mb="md">
            Group details
          </Title>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
              <Controller
                control={form.control}
                name="airline"
                render={({ field }) => (
                  <Select
                    label="Airline"
                    placeholder="Choose an airline"
                    required
                    searchable
                    data={airlines}
                    value={field.value || null}
                    onChange={(value) => field.onChange(value ?? '')}
                    onBlur={field.onBlur}
                    error={errorOf('airline')}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
              <Controller
                control={form.control}
                name="my_section_id"
                render={({ field }) => (
                  <Select
                    label="My Sector"
                    placeholder="Choose a my sector"
                    required
                    searchable
                    data={mySectors}
                    value={field.value || null}
                    onChange={(value) => field.onChange(value ?? '')}
                    onBlur={field.onBlur}
                    error={errorOf('my_section_id')}
                  />
                )}
              />
              {addMySector
                ? addMySector((mySector) => {
                    addMySectorChoice(mySector);
                    form.setValue('my_section_id', String(mySector.id), { shouldDirty: true, shouldTouch: true, shouldValidate: true });
                  })
                : null}
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
              <TextInput label="PNR" required error={errorOf('pnr')} {...form.register('pnr')} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, md: 3 }}>{numberField('tickets_wehave', 'Tickets We Have', true)}</Grid.Col>
            <Grid.Col span={{ base: 6, md: 3 }}>{numberField('total_ticket', 'Total Tickets', true)}</Grid.Col>
            <Grid.Col span={{ base: 6, md: 3 }}>{numberField('price', 'Fare', true)}</Grid.Col>
            <Grid.Col span={{ base: 6, md: 3 }}>{numberField('infant_price', 'Infant Fare', true)}</Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <Controller
                control={form.control}
                name="meal"
                render={({ field }) => (
                  <Radio.Group label="Meal" required value={field.value} onChange={field.onChange} error={errorOf('meal')}>
                    <Group gap="md" mt={6}>
                      <Radio value="1" label="Yes" />
                      <Radio value="0" label="No" />
                    </Group>
                  </Radio.Group>
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <Controller
                control={form.control}
                name="ticket_type"
                render={({ field }) => (
                  <Radio.Group
                    label="Ticket Type"
                    required
                    value={field.value}
                    onChange={onLayoutChange(field.onChange)}
                    description={editing ? 'Locked while editing' : undefined}
                  >
                    <Group gap="md" mt={6}>
                      <Radio value="1" label="One Way" disabled={editing} />
                      <Radio value="2" label="Round Trip" disabled={editing} />
                    </Group>
                  </Radio.Group>
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <Controller
                control={form.control}
                name="direction"
                render={({ field }) => (
                  <Radio.Group
                    label="Direction"
                    required
                    value={field.value}
                    onChange={onLayoutChange(field.onChange)}
                    description={editing ? 'Locked while editing' : undefined}
                  >
                    <Group gap="md" mt={6}>
                      <Radio value="1" label="Direct" disabled={editing} />
                      <Radio value="2" label="Via" disabled={editing} />
                    </Group>
                  </Radio.Group>
                )}
              />
            </Grid.Col>
          </Grid>
        </Paper>

        {tripLabels.map((label, index) => (
          <TripBlock
            key={label}
            index={index}
            label={label}
            control={form.control}
            register={form.register}
            errors={errors}
            sectors={sectors}
            onCopiedFieldChange={onCopiedFieldChange}
            onDateChange={onDateChange}
            minDateOf={minDateOf}
          />
        ))}

        <DeadlineFields control={form.control} errors={errors} trigger={form.trigger} formState={form.formState} />

        <Paper withBorder p="md">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Group gap={6} c="dimmed">
              <IconUser size={16} />
              <Text size="sm">Added By You</Text>
            </Group>
            <Group gap="sm">
              <Button component={Link} to={paths.dashboard.groups.getHref()} variant="default">
                Cancel
              </Button>
              <Button type="submit" loading={saving}>
                Save
              </Button>
            </Group>
          </Group>
        </Paper>
      </Stack>
    </form>
  );
}
