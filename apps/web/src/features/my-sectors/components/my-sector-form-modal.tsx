import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { requiredFileField } from '@portal/contract/files';
import {
  addMySectorBodySchema,
  updateMySectorBodySchema,
  type AddMySectorBody,
  type MySector,
  type UpdateMySectorBody,
} from '@portal/contract/my-sectors';
import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { ImagePicker } from '@/components/image-picker';
import { fieldsOf, showFormError } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useCreateMySector } from '../api/create-my-sector';
import { useUpdateMySector } from '../api/update-my-sector';

type MySectorFormValues = { name: string; image: File | null };
type MySectorFormOutput = AddMySectorBody | UpdateMySectorBody;

/** Edit without a stored image, or after 'Remove Image': an image is required (001 §5). */
const updateWithNewImageSchema = updateMySectorBodySchema.extend({ image: requiredFileField('image') });

type MySectorFormProps = { mySector?: MySector; onDone: () => void; onCreated?: (mySector: MySector) => void };

/** Add/Edit My Sector (001 §2, §5): short name required; image required on add and when none is kept. */
function MySectorForm({ mySector, onDone, onCreated }: MySectorFormProps) {
  const [keepImage, setKeepImage] = useState(Boolean(mySector?.image));
  const createMutation = useCreateMySector();
  const updateMutation = useUpdateMySector();
  const schema = !mySector ? addMySectorBodySchema : keepImage ? updateMySectorBodySchema : updateWithNewImageSchema;
  const form = useForm<MySectorFormValues, unknown, MySectorFormOutput>({
    resolver: zodResolver(schema) as unknown as Resolver<MySectorFormValues, unknown, MySectorFormOutput>,
    defaultValues: { name: mySector?.name ?? '', image: null },
  });
  const { errors } = form.formState;

  const onError = (error: unknown) => showFormError(error, form.setError, fieldsOf<MySectorFormValues>(['name', 'image']));
  const submit = form.handleSubmit((body) => {
    if (mySector) {
      updateMutation.mutate(
        { id: mySector.id, body: body as UpdateMySectorBody },
        {
          onSuccess: (answer) => {
            notifySuccess(answer.message);
            onDone();
          },
          onError,
        },
      );
    } else {
      createMutation.mutate(body as AddMySectorBody, {
        onSuccess: (answer) => {
          notifySuccess(answer.message);
          onCreated?.(answer.data);
          onDone();
        },
        onError,
      });
    }
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
        <Controller
          control={form.control}
          name="image"
          render={({ field }) => (
            <ImagePicker
              label="Image"
              required={!keepImage}
              value={field.value}
              onChange={field.onChange}
              existingUrl={keepImage ? mySector?.image : null}
              onRemoveExisting={() => setKeepImage(false)}
              error={errors.image?.message}
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

type MySectorFormModalProps = {
  opened: boolean;
  onClose: () => void;
  mySector?: MySector;
  /** Add mode: told about the new my sector once it is saved. */
  onCreated?: (mySector: MySector) => void;
};

export function MySectorFormModal({ opened, onClose, mySector, onCreated }: MySectorFormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={mySector ? 'Edit My Sector' : 'Add My Sector'}>
      {opened ? <MySectorForm mySector={mySector} onDone={onClose} onCreated={onCreated} /> : null}
    </Modal>
  );
}
