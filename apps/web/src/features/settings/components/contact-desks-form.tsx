import { ActionIcon, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { CONTACT_DESKS_MAX, updateSettingsBodySchema, type ContactDesk } from '@portal/contract/settings';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useFieldArray, type Path } from 'react-hook-form';
import { z } from 'zod';
import { showFormError } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useUpdateSettings } from '../api/update-settings';
import { useZodForm } from '@/lib/zod-form';

type DesksValues = { contact_desks: Array<{ name: string; phone: string; display: string; whatsapp_message: string }> };
type DesksOutput = { contact_desks: ContactDesk[] };

const desksSchema = z.object({ contact_desks: updateSettingsBodySchema.shape.contact_desks.unwrap() });

/** 'contact_desks.1.phone' from the server is the same path in the form. */
const toField = (key: string) => (key.startsWith('contact_desks') ? (key as Path<DesksValues>) : undefined);

/** Contact desks of the Contact Us page (000 §1: call and WhatsApp links with a prefilled message, +92). */
export function ContactDesksForm({ desks }: { desks: ContactDesk[] }) {
  const mutation = useUpdateSettings();
  const form = useZodForm<DesksValues, DesksOutput>(desksSchema, {
    defaultValues: { contact_desks: desks.map((desk) => ({ ...desk })) },
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'contact_desks' });
  const errors = form.formState.errors.contact_desks;

  const submit = form.handleSubmit((body) =>
    mutation.mutate(body, {
      onSuccess: (answer) => {
        notifySuccess(answer.message);
        form.reset({ contact_desks: answer.data.contact_desks.map((desk) => ({ ...desk })) });
      },
      onError: (error) => showFormError(error, form.setError, toField),
    }),
  );

  return (
    <Card withBorder padding="lg" radius="md">
      <Title order={3} fz="lg" mb="md">
        Contact desks
      </Title>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          {fields.map((field, index) => (
            <Card key={field.id} withBorder padding="sm" radius="sm" aria-label={`Desk ${index + 1}`}>
              <Group justify="space-between" mb="xs">
                <Text fw={600}>Desk {index + 1}</Text>
                <ActionIcon variant="subtle" color="red" aria-label={`Remove desk ${index + 1}`} disabled={fields.length <= 1} onClick={() => remove(index)}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Name" required error={errors?.[index]?.name?.message} {...form.register(`contact_desks.${index}.name`)} />
                <TextInput
                  label="Phone"
                  required
                  placeholder="+923001234567"
                  error={errors?.[index]?.phone?.message}
                  {...form.register(`contact_desks.${index}.phone`)}
                />
                <TextInput
                  label="Display"
                  description="Empty: shown from the phone"
                  error={errors?.[index]?.display?.message}
                  {...form.register(`contact_desks.${index}.display`)}
                />
                <TextInput
                  label="WhatsApp message"
                  required
                  error={errors?.[index]?.whatsapp_message?.message}
                  {...form.register(`contact_desks.${index}.whatsapp_message`)}
                />
              </SimpleGrid>
            </Card>
          ))}
          {errors?.message || errors?.root?.message ? (
            <Text c="red" size="sm">
              {errors.message ?? errors.root?.message}
            </Text>
          ) : null}
          <Group justify="space-between">
            <Button
              variant="default"
              leftSection={<IconPlus size={16} />}
              disabled={fields.length >= CONTACT_DESKS_MAX}
              onClick={() => append({ name: '', phone: '+92', display: '', whatsapp_message: '' })}
            >
              Add desk
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
