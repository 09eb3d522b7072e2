import { Stack, TextInput } from '@mantine/core';
import {
  addButtonBodySchema,
  updateButtonBodySchema,
  type AddButtonBody,
  type DashButton,
  type UpdateButtonBody,
} from '@portal/contract/dashboard-buttons';
import { requiredFileField } from '@portal/contract/files';
import { Controller } from 'react-hook-form';
import { EntityFormModal, FormActions, ImageField, useEntitySubmit, useKeptImage } from '@/components/entity-form';
import { useZodForm } from '@/lib/zod-form';
import { useCreateButton } from '../api/create-button';
import { useUpdateButton } from '../api/update-button';
import { StatusSelect } from './status-select';

type ButtonFormValues = { title: string; target: string; image: File | null; status: string };

/** Edit without a stored image, or after 'Remove Image': choosing a file is required (001 §4-§5). */
const updateWithNewImageSchema = updateButtonBodySchema.extend({ image: requiredFileField('image') });

type ButtonFormProps = { button?: DashButton; onDone: () => void };

/** Button modal (001 §2, §4, §5): Title, Target and Image required; image kept unless removed. */
function ButtonForm({ button, onDone }: ButtonFormProps) {
  const image = useKeptImage(button?.image);
  const schema = !button ? addButtonBodySchema : image.keep ? updateButtonBodySchema : updateWithNewImageSchema;
  const form = useZodForm<ButtonFormValues, AddButtonBody | UpdateButtonBody>(schema, {
    defaultValues: { title: button?.title ?? '', target: button?.target ?? '', image: null, status: String(button?.status ?? 1) },
  });
  const { errors } = form.formState;
  // 001 §8: 'added successfully!' / 'updated successfully!' as the server answers them.
  const { submit, saving } = useEntitySubmit({
    form,
    fields: ['title', 'target', 'image', 'status'],
    id: button?.id,
    create: useCreateButton(),
    update: useUpdateButton(),
    onDone,
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <TextInput label="Title" required data-autofocus error={errors.title?.message} {...form.register('title')} />
        <TextInput
          label="Target"
          description="The page name in /dashboard/p/{id}/{target}"
          required
          error={errors.target?.message}
          {...form.register('target')}
        />
        <ImageField control={form.control} name="image" label="Image" existingUrl={button?.image} image={image} error={errors.image?.message} />
        <Controller
          control={form.control}
          name="status"
          render={({ field }) => <StatusSelect value={field.value} onChange={field.onChange} error={errors.status?.message} />}
        />
        <FormActions onCancel={onDone} saving={saving} />
      </Stack>
    </form>
  );
}

type ButtonFormModalProps = { opened: boolean; onClose: () => void; button?: DashButton };

/** 001 §2: the button modal is titled 'Add' or 'Edit'. */
export function ButtonFormModal({ opened, onClose, button }: ButtonFormModalProps) {
  return (
    <EntityFormModal opened={opened} onClose={onClose} title={button ? 'Edit' : 'Add'}>
      <ButtonForm button={button} onDone={onClose} />
    </EntityFormModal>
  );
}
