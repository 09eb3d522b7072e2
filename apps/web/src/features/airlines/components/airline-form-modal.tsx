import { Stack, TextInput } from '@mantine/core';
import {
  addAirlineBodySchema,
  updateAirlineBodySchema,
  type AddAirlineBody,
  type Airline,
  type UpdateAirlineBody,
} from '@portal/contract/airlines';
import { requiredFileField } from '@portal/contract/files';
import { EntityFormModal, FormActions, ImageField, useEntitySubmit, useKeptImage } from '@/components/entity-form';
import { useZodForm } from '@/lib/zod-form';
import { useCreateAirline } from '../api/create-airline';
import { useUpdateAirline } from '../api/update-airline';

type AirlineFormValues = { full_name: string; short_name: string; logo: File | null };

/** Editing after 'Remove Image': a new logo is required again (001 §4). */
const updateWithNewLogoSchema = updateAirlineBodySchema.extend({ logo: requiredFileField('logo') });

type AirlineFormProps = { airline?: Airline; onDone: () => void };

/** Add/Edit airline (001 §2, §5): full and short name required, logo required when adding. */
function AirlineForm({ airline, onDone }: AirlineFormProps) {
  const logo = useKeptImage(airline?.logo);
  const schema = !airline ? addAirlineBodySchema : logo.keep ? updateAirlineBodySchema : updateWithNewLogoSchema;
  const form = useZodForm<AirlineFormValues, AddAirlineBody | UpdateAirlineBody>(schema, {
    defaultValues: { full_name: airline?.full_name ?? '', short_name: airline?.short_name ?? '', logo: null },
  });
  const { errors } = form.formState;
  const { submit, saving } = useEntitySubmit({
    form,
    fields: ['full_name', 'short_name', 'logo'],
    id: airline?.id,
    create: useCreateAirline(),
    update: useUpdateAirline(),
    onDone,
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <TextInput label="Full Name" required data-autofocus error={errors.full_name?.message} {...form.register('full_name')} />
        <TextInput label="Short Name" required error={errors.short_name?.message} {...form.register('short_name')} />
        <ImageField control={form.control} name="logo" label="Logo" existingUrl={airline?.logo} image={logo} error={errors.logo?.message} />
        <FormActions onCancel={onDone} saving={saving} />
      </Stack>
    </form>
  );
}

type AirlineFormModalProps = { opened: boolean; onClose: () => void; airline?: Airline };

export function AirlineFormModal({ opened, onClose, airline }: AirlineFormModalProps) {
  return (
    <EntityFormModal opened={opened} onClose={onClose} title={airline ? 'Edit Airline' : 'Add New Airline'}>
      <AirlineForm airline={airline} onDone={onClose} />
    </EntityFormModal>
  );
}
