import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import {
  addAirlineBodySchema,
  updateAirlineBodySchema,
  type AddAirlineBody,
  type Airline,
  type UpdateAirlineBody,
} from '@portal/contract/airlines';
import { requiredFileField } from '@portal/contract/files';
import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { ImagePicker } from '@/components/image-picker';
import { fieldsOf, showFormError } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useCreateAirline } from '../api/create-airline';
import { useUpdateAirline } from '../api/update-airline';

type AirlineFormValues = { full_name: string; short_name: string; logo: File | null };

/** Editing after 'Remove Image': a new logo is required again (001 §4). */
const updateWithNewLogoSchema = updateAirlineBodySchema.extend({ logo: requiredFileField('logo') });

type AirlineFormProps = { airline?: Airline; onDone: () => void };

/** Add/Edit airline (001 §2, §5): full and short name required, logo required when adding. */
function AirlineForm({ airline, onDone }: AirlineFormProps) {
  const [keepLogo, setKeepLogo] = useState(Boolean(airline?.logo));
  const createMutation = useCreateAirline();
  const updateMutation = useUpdateAirline();
  const schema = !airline ? addAirlineBodySchema : keepLogo ? updateAirlineBodySchema : updateWithNewLogoSchema;
  const form = useForm<AirlineFormValues, unknown, AddAirlineBody | UpdateAirlineBody>({
    resolver: zodResolver(schema) as unknown as Resolver<AirlineFormValues, unknown, AddAirlineBody | UpdateAirlineBody>,
    defaultValues: { full_name: airline?.full_name ?? '', short_name: airline?.short_name ?? '', logo: null },
  });
  const { errors } = form.formState;
  const toField = fieldsOf<AirlineFormValues>(['full_name', 'short_name', 'logo']);

  const submit = form.handleSubmit((body) => {
    const callbacks = {
      onSuccess: (answer: { message: string }) => {
        notifySuccess(answer.message);
        onDone();
      },
      onError: (error: unknown) => showFormError(error, form.setError, toField),
    };
    if (airline) updateMutation.mutate({ id: airline.id, body: body as UpdateAirlineBody }, callbacks);
    else createMutation.mutate(body as AddAirlineBody, callbacks);
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <TextInput label="Full Name" required data-autofocus error={errors.full_name?.message} {...form.register('full_name')} />
        <TextInput label="Short Name" required error={errors.short_name?.message} {...form.register('short_name')} />
        <Controller
          control={form.control}
          name="logo"
          render={({ field }) => (
            <ImagePicker
              label="Logo"
              required={!keepLogo}
              value={field.value}
              onChange={field.onChange}
              existingUrl={keepLogo ? airline?.logo : null}
              onRemoveExisting={() => setKeepLogo(false)}
              error={errors.logo?.message}
            />
          )}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={createMutation.isPending || updateMutation.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type AirlineFormModalProps = { opened: boolean; onClose: () => void; airline?: Airline };

export function AirlineFormModal({ opened, onClose, airline }: AirlineFormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={airline ? 'Edit Airline' : 'Add New Airline'}>
      {opened ? <AirlineForm airline={airline} onDone={onClose} /> : null}
    </Modal>
  );
}
