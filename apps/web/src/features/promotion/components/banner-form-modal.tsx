import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import {
  addBannerBodySchema,
  updateBannerBodySchema,
  type AddBannerBody,
  type Banner,
  type UpdateBannerBody,
} from '@portal/contract/banners';
import { requiredFileField } from '@portal/contract/files';
import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { ImagePicker } from '@/components/image-picker';
import { fieldsOf, showFormError } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useCreateBanner } from '../api/create-banner';
import { useAllDashButtons } from '../api/get-dash-buttons';
import { useUpdateBanner } from '../api/update-banner';
import { StatusSelect } from './status-select';

type BannerFormValues = { dash_btn_id: string; name: string; image: File | null; status: string };
type BannerFormOutput = AddBannerBody | UpdateBannerBody;

/** Edit without a stored image, or after 'Remove Image': choosing a file is required (001 §4-§5). */
const updateWithNewImageSchema = updateBannerBodySchema.extend({ image: requiredFileField('image') });

type BannerFormProps = { banner?: Banner; onDone: () => void };

/** Banner modal (001 §2, §4, §5): Name, Select Button and Image required; image kept unless removed. */
function BannerForm({ banner, onDone }: BannerFormProps) {
  const [keepImage, setKeepImage] = useState(Boolean(banner?.image));
  const buttons = useAllDashButtons();
  const createMutation = useCreateBanner();
  const updateMutation = useUpdateBanner();
  const schema = !banner ? addBannerBodySchema : keepImage ? updateBannerBodySchema : updateWithNewImageSchema;
  const form = useForm<BannerFormValues, unknown, BannerFormOutput>({
    resolver: zodResolver(schema) as unknown as Resolver<BannerFormValues, unknown, BannerFormOutput>,
    defaultValues: {
      dash_btn_id: banner?.dash_btn_id ? String(banner.dash_btn_id) : '',
      name: banner?.name ?? '',
      image: null,
      status: String(banner?.status ?? 1),
    },
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
      onError: (error: unknown) =>
        showFormError(error, form.setError, fieldsOf<BannerFormValues>(['dash_btn_id', 'name', 'image', 'status'])),
    };
    if (banner) updateMutation.mutate({ id: banner.id, body: body as UpdateBannerBody }, callbacks);
    else createMutation.mutate(body as AddBannerBody, callbacks);
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <TextInput label="Name" required data-autofocus error={errors.name?.message} {...form.register('name')} />
        <Controller
          control={form.control}
          name="dash_btn_id"
          render={({ field }) => (
            <Select
              label="Select Button"
              placeholder={buttons.isLoading ? 'Loading…' : 'Select Button'}
              required
              searchable
              data={(buttons.data ?? []).map((button) => ({ value: String(button.id), label: button.title }))}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              error={errors.dash_btn_id?.message}
            />
          )}
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
              existingUrl={keepImage ? banner?.image : null}
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

type BannerFormModalProps = { opened: boolean; onClose: () => void; banner?: Banner };

export function BannerFormModal({ opened, onClose, banner }: BannerFormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={banner ? 'Edit Banner' : 'Add Banner'}>
      {opened ? <BannerForm banner={banner} onDone={onClose} /> : null}
    </Modal>
  );
}
