import { Select, Stack, TextInput } from '@mantine/core';
import {
  addBannerBodySchema,
  updateBannerBodySchema,
  type AddBannerBody,
  type Banner,
  type UpdateBannerBody,
} from '@portal/contract/banners';
import { requiredFileField } from '@portal/contract/files';
import { Controller } from 'react-hook-form';
import { EntityFormModal, FormActions, ImageField, useEntitySubmit, useKeptImage } from '@/components/entity-form';
import { useZodForm } from '@/lib/zod-form';
import { useCreateBanner } from '../api/create-banner';
import { useAllDashButtons } from '../api/get-dash-buttons';
import { useUpdateBanner } from '../api/update-banner';
import { StatusSelect } from './status-select';

type BannerFormValues = { dash_btn_id: string; name: string; image: File | null; status: string };

/** Edit without a stored image, or after 'Remove Image': choosing a file is required (001 §4-§5). */
const updateWithNewImageSchema = updateBannerBodySchema.extend({ image: requiredFileField('image') });

type BannerFormProps = { banner?: Banner; onDone: () => void };

/** Banner modal (001 §2, §4, §5): Name, Select Button and Image required; image kept unless removed. */
function BannerForm({ banner, onDone }: BannerFormProps) {
  const image = useKeptImage(banner?.image);
  const buttons = useAllDashButtons();
  const schema = !banner ? addBannerBodySchema : image.keep ? updateBannerBodySchema : updateWithNewImageSchema;
  const form = useZodForm<BannerFormValues, AddBannerBody | UpdateBannerBody>(schema, {
    defaultValues: {
      dash_btn_id: banner?.dash_btn_id ? String(banner.dash_btn_id) : '',
      name: banner?.name ?? '',
      image: null,
      status: String(banner?.status ?? 1),
    },
  });
  const { errors } = form.formState;
  // 001 §8: 'added successfully!' / 'updated successfully!' as the server answers them.
  const { submit, saving } = useEntitySubmit({
    form,
    fields: ['dash_btn_id', 'name', 'image', 'status'],
    id: banner?.id,
    create: useCreateBanner(),
    update: useUpdateBanner(),
    onDone,
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
              onBlur={field.onBlur}
              error={errors.dash_btn_id?.message}
            />
          )}
        />
        <ImageField control={form.control} name="image" label="Image" existingUrl={banner?.image} image={image} error={errors.image?.message} />
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

type BannerFormModalProps = { opened: boolean; onClose: () => void; banner?: Banner };

export function BannerFormModal({ opened, onClose, banner }: BannerFormModalProps) {
  return (
    <EntityFormModal opened={opened} onClose={onClose} title={banner ? 'Edit Banner' : 'Add Banner'}>
      <BannerForm banner={banner} onDone={onClose} />
    </EntityFormModal>
  );
}
