import { TextInput } from '@mantine/core';
import { CONTACT_DESKS_MAX, updateSettingsBodySchema, type ContactDesk } from '@portal/contract/settings';
import { useFieldArray, type Path } from 'react-hook-form';
import { z } from 'zod';
import { showFormError } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useUpdateSettings } from '../api/update-settings';
import { useZodForm } from '@/lib/zod-form';
import { SettingsListForm } from './settings-list-form';

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
    <SettingsListForm
      title="Contact desks"
      noun="Desk"
      namedCards
      ids={fields.map((field) => field.id)}
      max={CONTACT_DESKS_MAX}
      onAdd={() => append({ name: '', phone: '+92', display: '', whatsapp_message: '' })}
      onRemove={remove}
      error={errors?.message ?? errors?.root?.message}
      saving={mutation.isPending}
      onSubmit={submit}
    >
      {(index) => (
        <>
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
        </>
      )}
    </SettingsListForm>
  );
}
