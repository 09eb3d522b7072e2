import { Grid, Paper, Text, Title } from '@mantine/core';
import { GROUP_DEADLINE_FIELDS, type GroupDeadlineField } from '@portal/contract/groups';
import { Controller, get, type Control, type FieldErrors, type FormState, type UseFormTrigger } from 'react-hook-form';
import { DateField } from '@/components/date-field';
import { TimeField } from '@/components/time-field';
import { todayInKarachi } from '@/lib/format';
import type { DeadlinePartField, GroupFormOutput, GroupFormValues } from './group-form-values';

const LABELS: Record<GroupDeadlineField, string> = {
  deposit_deadline: 'Deposit deadline',
  name_deadline: 'Name deadline',
  ticketing_deadline: 'Ticketing deadline',
};

type DeadlineFieldsProps = {
  control: Control<GroupFormValues, unknown, GroupFormOutput>;
  errors: FieldErrors<GroupFormValues>;
  trigger: UseFormTrigger<GroupFormValues>;
  formState: Pick<FormState<GroupFormValues>, 'touchedFields' | 'isSubmitted' | 'errors'>;
};

/**
 * The group's deadlines (PRODUCT §6, decision 030): optional, each a date and a time in Pakistan time (the group
 * form's own date and time fields, decision 024). The order rules are said as they are typed: each before the
 * first departure, names not after ticketing; a change re-checks the other deadlines already showing a message.
 */
export function DeadlineFields({ control, errors, trigger, formState }: DeadlineFieldsProps) {
  const errorOf = (field: DeadlinePartField) => (get(errors, field) as { message?: string } | undefined)?.message;
  const recheck = (changed: DeadlinePartField) => {
    const { touchedFields, isSubmitted, errors: current } = formState;
    const others = GROUP_DEADLINE_FIELDS.flatMap((field) => [`${field}_date`, `${field}_time`] as DeadlinePartField[]).filter(
      (name) => name !== changed && (isSubmitted || get(touchedFields, name) !== undefined || get(current, name) !== undefined),
    );
    if (isSubmitted || get(touchedFields, changed) !== undefined) others.push(changed);
    if (others.length > 0) void trigger(others);
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Title order={3} fz="md">
        Deadlines
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Optional, in Pakistan time. Each before the first departure; names not after ticketing.
      </Text>
      <Grid gap="md">
        {GROUP_DEADLINE_FIELDS.map((field) => (
          <Grid.Col key={field} span={{ base: 12, md: 4 }}>
            <Grid gap="xs">
              <Grid.Col span={7}>
                <Controller
                  control={control}
                  name={`${field}_date`}
                  render={({ field: input }) => (
                    <DateField
                      label={LABELS[field]}
                      min={todayInKarachi()}
                      clearable
                      value={input.value}
                      onChange={(value) => {
                        input.onChange(value);
                        recheck(`${field}_date`);
                      }}
                      onBlur={input.onBlur}
                      error={errorOf(`${field}_date`)}
                    />
                  )}
                />
              </Grid.Col>
              <Grid.Col span={5}>
                <Controller
                  control={control}
                  name={`${field}_time`}
                  render={({ field: input }) => (
                    <TimeField
                      label="Time"
                      aria-label={`${LABELS[field]} time`}
                      value={input.value}
                      onChange={(value) => {
                        input.onChange(value);
                        recheck(`${field}_time`);
                      }}
                      onBlur={input.onBlur}
                      error={errorOf(`${field}_time`)}
                    />
                  )}
                />
              </Grid.Col>
            </Grid>
          </Grid.Col>
        ))}
      </Grid>
    </Paper>
  );
}
