import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import {
  addButtonBodySchema,
  updateButtonBodySchema,
  type AddButtonBody,
  type DashButton,
  type UpdateButtonBody,
} from '@portal/contract/dashboard-buttons';
import { requiredFileField } from '@portal/contract/files';
import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { ImagePicker } from '@/components/image-picker';
import { fieldsOf, showFormError } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useCreateButton } from '../api/create-button';
import { useUpdateButton } from '../api/update-button';
import { StatusSelect } from './status-select';

type ButtonFormValues = { title: string; target: string; image: File | null; status: string };
type ButtonFormOutput = AddButtonBody | UpdateButtonBody;

/** Edit without a stored image, or after 'Remove Image': choosing a file is required (001 §4-§5). */
const updateWithNewImageSchema = updateButtonBodySchema.extend({ image: requiredFileField('image') });

type ButtonFormProps = { button?: DashButton; onDone: () => void };

/** Button modal (001 §2, §4, §5): Title, Target and Image required; image kept unless removed. */
function ButtonForm({ button, onDone }: ButtonFormProps) {
  const [keepImage, setKeepImage] = useState(Boolean(button?.image));
  const createMutation = useCreateButton();
  const updateMutation = useUpdateButton();
  const schema = !button ? addButtonBodySchema : keepImage ? updateButtonBodySchema : updateWithNewImageSchema;
  const form = useForm<ButtonFormValues, unknown, ButtonFormOutput>({
    resolver: zodResolver(schema) as unknown as Resolver<ButtonFormValues, unknown, ButtonFormOutput>,
    defaultValues: { title: button?.title ?? '', target: button?.target ?? '', image: null, status: String(button?.status ?? 1) },
  });
  const { errors } = form.formState;
  const saving = createMutation.isPending || updateMutation.isPending;

  const submit = form.handleSubmit((body) => {
    const callbacks = {
      // 001 §8: 'added successfully!' / 'updated successfully!' as the server answers them.
      onSuccess: (answer: { message: string }) => {
        notifySuccess(answer.message);
        onDone();
      },
      onError: (error: unknown) => showFormError(error, form.setError, fieldsOf<ButtonFormValues>(['title', 'target', 'image', 'status'])),
    };
    if (button) updateMutation.mutate({ id: button.id, body: body as UpdateButtonBody }, callbacks);
    else createMutation.mutate(body as AddButtonBody, callbacks);
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
        <Controller
          control={form.control}
          name="image"
          render={({ field }) => (
            <ImagePicker
              label="Image"
              required={!keepImage}
              value={field.value}
              onChange={field.onChange}
              existingUrl={keepImage ? button?.image : null}
              onRemoveExisting={() => setKeepImage(false)}
              error={errors.image?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="status"
          render={({ field }) => <StatusSelect value={field.value} onChange={field.onChange} error={errors.status?.message} />}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={saving} disabled={saving}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type ButtonFormModalProps = { opened: boolean; onClose: () => void; button?: DashButton };

/** 001 §2: the button modal is titled 'Add' or 'Edit'. */
export function ButtonFormModal({ opened, onClose, button }: ButtonFormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={button ? 'Edit' : 'Add'}>
      {opened ? <ButtonForm button={button} onDone={onClose} /> : null}
    </Modal>
  );
}
