import { Button, Grid, Group, TextInput } from '@mantine/core';
import { updateMyProfileBodySchema, type Agent, type UpdateMyProfileBody } from '@portal/contract/agents';
import { requiredFileField } from '@portal/contract/files';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { ImagePicker } from '@/components/image-picker';
import { fieldsOf, showFormError } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useUpdateMyProfile } from '../api/update-my-profile';
import { useZodForm } from '@/lib/zod-form';

type MyProfileValues = { name: string; email: string; phone: string; image: File | null };

const toField = fieldsOf<MyProfileValues>(['name', 'email', 'phone', 'image']);
/** After 'Remove Image' a new picture is needed: sending none keeps the stored one. */
const withNewImageSchema = updateMyProfileBodySchema.extend({ image: requiredFileField('image') });

/** An administrator's own profile (000 §2 My Profile; 001 §2: an admin sees the form): name, e-mail, phone, picture. */
export function MyProfileForm({ profile }: { profile: Agent }) {
  const [keepImage, setKeepImage] = useState(true);
  const mutation = useUpdateMyProfile();
  const schema = keepImage || !profile.image ? updateMyProfileBodySchema : withNewImageSchema;
  const form = useZodForm<MyProfileValues, UpdateMyProfileBody>(schema, {
    defaultValues: { name: profile.name, email: profile.email ?? '', phone: profile.phone ?? '', image: null },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((body) =>
    mutation.mutate(body, {
      onSuccess: (answer) => {
        notifySuccess(answer.message);
        setKeepImage(true);
        form.reset({ name: answer.data.name, email: answer.data.email ?? '', phone: answer.data.phone ?? '', image: null });
      },
      onError: (error) => showFormError(error, form.setError, toField),
    }),
  );

  const half = { base: 12, sm: 6 };
  return (
    <form noValidate onSubmit={submit}>
      <Grid gap="md">
        <Grid.Col span={half}>
          <TextInput label="Name" required autoComplete="name" error={errors.name?.message} {...form.register('name')} />
        </Grid.Col>
        <Grid.Col span={half}>
          <TextInput label="Email" type="email" required autoComplete="email" error={errors.email?.message} {...form.register('email')} />
        </Grid.Col>
        <Grid.Col span={half}>
          <TextInput label="Phone" type="tel" autoComplete="tel" error={errors.phone?.message} {...form.register('phone')} />
        </Grid.Col>
        <Grid.Col span={12}>
          <Controller
            control={form.control}
            name="image"
            render={({ field }) => (
              <ImagePicker
                label="Image"
                required={!keepImage && Boolean(profile.image)}
                value={field.value}
                onChange={field.onChange}
                existingUrl={keepImage ? profile.image : null}
                onRemoveExisting={() => setKeepImage(false)}
                error={errors.image?.message}
              />
            )}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Group justify="flex-end">
            <Button type="submit" loading={mutation.isPending}>
              Save
            </Button>
          </Group>
        </Grid.Col>
      </Grid>
    </form>
  );
}
