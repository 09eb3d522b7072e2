import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { SHARE_MARKUP_MAX, updateShareSettingsBodySchema, type UpdateShareSettingsBody } from '@portal/contract/share';
import { fieldsOf, showFormError } from '@/lib/form-errors';
import { formatPKR } from '@/lib/money';
import { notifySuccess } from '@/lib/notify';
import { useUpdateShareSettings } from '../api/update-share-settings';
import { useZodForm } from '@/lib/zod-form';

type ShareMarkupValues = { markup: string };

const toField = fieldsOf<ShareMarkupValues>(['markup']);

/**
 * An agent's markup on the fares it shares on WhatsApp (PRODUCT §6 "Sharing fares", decision 026): whole PKR,
 * 0 to 1,000,000, added to both the adult and the infant fare of every shared text.
 */
export function ShareMarkupForm({ markup }: { markup: number }) {
  const mutation = useUpdateShareSettings();
  const form = useZodForm<ShareMarkupValues, UpdateShareSettingsBody>(updateShareSettingsBodySchema, {
    defaultValues: { markup: String(markup) },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((body) =>
    mutation.mutate(body, {
      onSuccess: (answer) => {
        notifySuccess(answer.message);
        form.reset({ markup: String(answer.data.share_markup) });
      },
      onError: (error) => showFormError(error, form.setError, toField),
    }),
  );

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <Title order={4}>Sharing fares</Title>
        <Text size="sm" c="dimmed">
          Added to the adult and the infant fare of every fare you share on WhatsApp (up to {formatPKR(SHARE_MARKUP_MAX)}). Your customers see
          only the total.
        </Text>
        <Group align="flex-start" gap="sm">
          <TextInput
            label="Markup (PKR)"
            inputMode="numeric"
            w={220}
            error={errors.markup?.message}
            {...form.register('markup')}
          />
          <Button type="submit" mt={25} loading={mutation.isPending}>
            Save Markup
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
