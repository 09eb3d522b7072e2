import { Stack, TextInput } from '@mantine/core';
import { requiredFileField } from '@portal/contract/files';
import {
  addMySectorBodySchema,
  updateMySectorBodySchema,
  type AddMySectorBody,
  type MySector,
  type UpdateMySectorBody,
} from '@portal/contract/my-sectors';
import { EntityFormModal, FormActions, ImageField, useEntitySubmit, useKeptImage } from '@/components/entity-form';
import { useZodForm } from '@/lib/zod-form';
import { useCreateMySector } from '../api/create-my-sector';
import { useUpdateMySector } from '../api/update-my-sector';

type MySectorFormValues = { name: string; image: File | null };

/** Edit without a stored image, or after 'Remove Image': an image is required (001 §5). */
const updateWithNewImageSchema = updateMySectorBodySchema.extend({ image: requiredFileField('image') });

type MySectorFormProps = { mySector?: MySector; onDone: () => void; onCreated?: (mySector: MySector) => void };

/** Add/Edit My Sector (001 §2, §5): short name required; image required on add and when none is kept. */
function MySectorForm({ mySector, onDone, onCreated }: MySectorFormProps) {
  const image = useKeptImage(mySector?.image);
  const schema = !mySector ? addMySectorBodySchema : image.keep ? updateMySectorBodySchema : updateWithNewImageSchema;
  const form = useZodForm<MySectorFormValues, AddMySectorBody | UpdateMySectorBody>(schema, {
    defaultValues: { name: mySector?.name ?? '', image: null },
  });
  const { errors } = form.formState;
  const { submit, saving } = useEntitySubmit({
    form,
    fields: ['name', 'image'],
    id: mySector?.id,
    create: useCreateMySector(),
    update: useUpdateMySector(),
    onDone,
    onCreated: (answer) => onCreated?.(answer.data),
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <TextInput
          label="Short Name"
          placeholder="e.g. Umrah, Dubai"
          required
          data-autofocus
          error={errors.name?.message}
          {...form.register('name')}
        />
        <ImageField control={form.control} name="image" label="Image" existingUrl={mySector?.image} image={image} error={errors.image?.message} />
        <FormActions onCancel={onDone} saving={saving} />
      </Stack>
    </form>
  );
}

type MySectorFormModalProps = {
  opened: boolean;
  onClose: () => void;
  mySector?: MySector;
  /** Add mode: told about the new my sector once it is saved. */
  onCreated?: (mySector: MySector) => void;
};

export function MySectorFormModal({ opened, onClose, mySector, onCreated }: MySectorFormModalProps) {
  return (
    <EntityFormModal opened={opened} onClose={onClose} title={mySector ? 'Edit My Sector' : 'Add My Sector'}>
      <MySectorForm mySector={mySector} onDone={onClose} onCreated={onCreated} />
    </EntityFormModal>
  );
}
