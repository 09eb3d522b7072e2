import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconAt, IconCircleCheck } from '@tabler/icons-react';
import type { z } from 'zod';
import { errorMessage } from '@/lib/api-client';
import { forgotPasswordBodySchema } from '@portal/contract/auth';
import { useForgotPassword } from '../api/forgot-password';
import { useZodForm } from '@/lib/zod-form';

type ForgotValues = z.input<typeof forgotPasswordBodySchema>;

/** Forgot password (000 §5, §7): one e-mail field; shows the server's message or the generic error. */
export function ForgotPasswordForm() {
  const forgotMutation = useForgotPassword();
  const form = useZodForm<ForgotValues, z.output<typeof forgotPasswordBodySchema>>(forgotPasswordBodySchema, {
    defaultValues: { email: '' },
  });

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => forgotMutation.mutate(values))}>
      <Stack gap="md">
        {forgotMutation.isSuccess ? (
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status">
            {forgotMutation.data.message}
          </Alert>
        ) : null}
        {forgotMutation.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(forgotMutation.error)}
          </Alert>
        ) : null}
        <TextInput
          label="Email"
          type="email"
          required
          autoComplete="email"
          leftSection={<IconAt size={16} />}
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
        <Button type="submit" size="md" fullWidth loading={forgotMutation.isPending}>
          Send temporary password
        </Button>
      </Stack>
    </form>
  );
}
