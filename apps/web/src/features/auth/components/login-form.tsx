import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconAt, IconLock } from '@tabler/icons-react';
import { loginBodySchema, type Session } from '@portal/contract/auth';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useLogin } from '../api/login';

type LoginFormValues = z.input<typeof loginBodySchema>;

type LoginFormProps = {
  onSuccess: (session: Session) => void;
  /** Turns any failure into this text (the modal shows 'Invalid email or password', 000 §8). */
  failureMessage?: (error: unknown) => string;
  submitLabel?: string;
};

/** E-mail and password, both required (000 §5). Shows the server's message or the generic text (000 §8). */
export function LoginForm({ onSuccess, failureMessage = errorMessage, submitLabel = 'Log In' }: LoginFormProps) {
  const loginMutation = useLogin({ onSuccess });
  const form = useForm<LoginFormValues, unknown, z.output<typeof loginBodySchema>>({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => loginMutation.mutate(values))}>
      <Stack gap="md">
        {loginMutation.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {failureMessage(loginMutation.error)}
          </Alert>
        ) : null}
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@agency.com"
          required
          leftSection={<IconAt size={16} />}
          error={errors.email?.message}
          {...form.register('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          placeholder="Your password"
          required
          leftSection={<IconLock size={16} />}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <Group justify="flex-end">
          <Anchor component={Link} to={paths.forgot.getHref()} size="sm">
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" fullWidth size="md" loading={loginMutation.isPending}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
