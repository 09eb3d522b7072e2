import { Button, Card, Group, Text, TextInput, Title } from '@mantine/core';
import { HOLD_WINDOW_MAX_MINUTES, HOLD_WINDOW_MIN_MINUTES, updateSettingsBodySchema } from '@portal/contract/settings';
import { z } from 'zod';
import { fieldsOf, showFormError } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useUpdateSettings } from '../api/update-settings';
import { useZodForm } from '@/lib/zod-form';

type HoldWindowValues = { hold_window_minutes: string };
type HoldWindowOutput = { hold_window_minutes: number };

const holdWindowSchema = z.object({ hold_window_minutes: updateSettingsBodySchema.shape.hold_window_minutes.unwrap() });

/** Booking hold window (PRODUCT §4-§5): how long an agent's booking is held before it is cancelled. */
export function HoldWindowForm({ minutes }: { minutes: number }) {
  const mutation = useUpdateSettings();
  const form = useZodForm<HoldWindowValues, HoldWindowOutput>(holdWindowSchema, {
    defaultValues: { hold_window_minutes: String(minutes) },
  });
  const toField = fieldsOf<HoldWindowValues>(['hold_window_minutes']);

  const submit = form.handleSubmit((body) =>
    mutation.mutate(body, {
      onSuccess: (answer) => notifySuccess(answer.message),
      onError: (error) => showFormError(error, form.setError, toField),
    }),
  );

  return (
    <Card withBorder padding="lg" radius="md">
      <Title order={3} fz="lg" mb="xs">
        Booking hold window
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        An agent&apos;s booking stays on hold this many minutes, then it is cancelled unless confirmed. Applies to the next
        bookings.
      </Text>
      <form noValidate onSubmit={submit}>
        <Group align="flex-start" gap="sm">
          <TextInput
            label="Minutes"
            inputMode="numeric"
            description={`${HOLD_WINDOW_MIN_MINUTES} to ${HOLD_WINDOW_MAX_MINUTES}`}
            error={form.formState.errors.hold_window_minutes?.message}
            {...form.register('hold_window_minutes')}
          />
          <Button type="submit" mt={25} loading={mutation.isPending}>
            Save
          </Button>
        </Group>
      </form>
    </Card>
  );
}
