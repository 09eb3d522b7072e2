import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconAt, IconLock } from '@tabler/icons-react';
import type { Session } from '@portal/contract/auth';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useLoginForm } from '../api/use-login-form';

type LoginFormProps = {
  onSuccess: (session: Session) => void;
  /** Turns any failure into this text (the modal shows 'Invalid email or password', 000 §8). */
  failureMessage?: (error: unknown) => string;
  submitLabel?: string;
};

/**
 * E-mail and password, both required (000 §5). Shows the server's message or the generic text (000 §8).
 * Plain state rather than react-hook-form: two fields do not need it, and /signin's first paint is
 * 16 KB lighter without it (issue 8, decision 011).
 */
export function LoginForm({ onSuccess, failureMessage = errorMessage, submitLabel = 'Log In' }: LoginFormProps) {
  const { values, errors, pending, failure, setField, submit } = useLoginForm({ onSuccess });

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack gap="md">
        {failure ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {failureMessage(failure.error)}
          </Alert>
        ) : null}
        <TextInput
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@agency.com"
          required
          leftSection={<IconAt size={16} />}
          error={errors.email}
          value={values.email}
          onChange={(event) => setField('email', event.currentTarget.value)}
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          placeholder="Your password"
          required
          leftSection={<IconLock size={16} />}
          error={errors.password}
          value={values.password}
          onChange={(event) => setField('password', event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Anchor component={Link} to={paths.forgot.getHref()} size="sm">
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" fullWidth size="md" loading={pending}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
