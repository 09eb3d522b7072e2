import { Alert, Button, Grid, Select, Textarea, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { registerBodySchema } from '@portal/contract/auth';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import { DEFAULT_COUNTRY, SECURITY_ANSWER_ERROR } from '@/config/constants';
import { COUNTRIES } from '@/config/countries';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useRegister } from '../api/register';
import { createSecurityQuestion, isCorrectAnswer } from './security-question';
import { useZodForm } from '@/lib/zod-form';

type RegisterValues = z.input<typeof registerBodySchema>;
type RegisterOutput = z.output<typeof registerBodySchema>;

type RegisterFormProps = {
  onSuccess: (message: string) => void;
  /** Source of the security question's digits; tests pass a fixed one. */
  random?: () => number;
};

const fieldNames = ['email', 'name', 'agency_name', 'phone', 'office_no', 'office_address', 'city', 'country'] as const;

/** Agency registration (000 §3, §5): every field required, country defaults to Pakistan, a sum to answer. */
export function RegisterForm({ onSuccess, random }: RegisterFormProps) {
  const [question] = useState(() => createSecurityQuestion(random));
  const [answer, setAnswer] = useState('');
  const [answerError, setAnswerError] = useState<string | null>(null);
  const registerMutation = useRegister({ onSuccess });
  const form = useZodForm<RegisterValues, RegisterOutput>(registerBodySchema, {
    defaultValues: {
      email: '',
      name: '',
      agency_name: '',
      phone: '',
      office_no: '',
      office_address: '',
      city: '',
      country: DEFAULT_COUNTRY,
    },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    if (!isCorrectAnswer(question, answer)) {
      setAnswerError(SECURITY_ANSWER_ERROR);
      return;
    }
    setAnswerError(null);
    registerMutation.mutate(values, {
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        for (const field of fieldNames) {
          const message = error.errors[field]?.[0];
          if (message) form.setError(field, { message });
        }
      },
    });
  });

  return (
    <form noValidate onSubmit={submit}>
      <Grid gap="md">
        {registerMutation.isError ? (
          <Grid.Col span={12}>
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {errorMessage(registerMutation.error)}
            </Alert>
          </Grid.Col>
        ) : null}
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Agency Name" required error={errors.agency_name?.message} {...form.register('agency_name')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Proprietor Name" required autoComplete="name" error={errors.name?.message} {...form.register('name')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Email" type="email" required autoComplete="email" error={errors.email?.message} {...form.register('email')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label="Phone"
            type="tel"
            required
            autoComplete="tel"
            placeholder="+92 3xx xxxxxxx"
            error={errors.phone?.message}
            {...form.register('phone')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Office No" type="tel" required error={errors.office_no?.message} {...form.register('office_no')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="City" required autoComplete="address-level2" error={errors.city?.message} {...form.register('city')} />
        </Grid.Col>
        <Grid.Col span={12}>
          <Textarea
            label="Office Address"
            required
            autosize
            minRows={2}
            autoComplete="street-address"
            error={errors.office_address?.message}
            {...form.register('office_address')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Controller
            control={form.control}
            name="country"
            render={({ field }) => (
              <Select
                label="Country"
                required
                searchable
                allowDeselect={false}
                data={COUNTRIES as string[]}
                value={field.value ?? DEFAULT_COUNTRY}
                onChange={(value) => field.onChange(value ?? DEFAULT_COUNTRY)}
                onBlur={field.onBlur}
                error={errors.country?.message}
              />
            )}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label={`Security question: what is ${question.a} + ${question.b}?`}
            required
            inputMode="numeric"
            value={answer}
            onChange={(event) => setAnswer(event.currentTarget.value)}
            error={answerError}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Button type="submit" size="md" fullWidth loading={registerMutation.isPending}>
            Register
          </Button>
        </Grid.Col>
      </Grid>
    </form>
  );
}
