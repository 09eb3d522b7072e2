import { PasswordInput, Stack, TextInput } from '@mantine/core';
import {
  addAdminBodySchema,
  updateAdminBodySchema,
  type AddAdminBody,
  type AdminUser,
  type UpdateAdminBody,
} from '@portal/contract/settings';
import { useEffect } from 'react';
import { EntityFormModal, FormActions, useEntitySubmit } from '@/components/entity-form';
import { useZodForm } from '@/lib/zod-form';
import { useAddAdmin } from '../api/add-admin';
import { useUpdateAdmin } from '../api/update-admin';

type AdminFormValues = { name: string; email: string; password: string };

type AdminUserFormProps = { admin?: AdminUser; onDone: () => void };

/** Add New User / Edit (001 §2 Settings): name, e-mail, password (at least 10, not a common one; on edit, empty keeps it). */
function AdminUserForm({ admin, onDone }: AdminUserFormProps) {
  // The common-password list (about 220 KB gzipped) loads with the open form, not with the settings page; from then
  // on the contract's schema checks new passwords against it too (issue 16 point 8).
  useEffect(() => {
    void import('@portal/contract/common-passwords');
  }, []);
  const form = useZodForm<AdminFormValues, AddAdminBody | UpdateAdminBody>(admin ? updateAdminBodySchema : addAdminBodySchema, {
    defaultValues: { name: admin?.name ?? '', email: admin?.email ?? '', password: '' },
  });
  const { errors } = form.formState;
  const { submit, saving } = useEntitySubmit({
    form,
    fields: ['name', 'email', 'password'],
    id: admin?.id,
    create: useAddAdmin(),
    update: useUpdateAdmin(),
    onDone,
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <TextInput label="Name" required data-autofocus error={errors.name?.message} {...form.register('name')} />
        <TextInput label="Email" type="email" required error={errors.email?.message} {...form.register('email')} />
        <PasswordInput
          label="Password"
          required={!admin}
          description={admin ? 'Leave empty to keep the current password.' : 'At least 8 characters.'}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <FormActions onCancel={onDone} saving={saving} />
      </Stack>
    </form>
  );
}

type AdminUserFormModalProps = { opened: boolean; onClose: () => void; admin?: AdminUser };

export function AdminUserFormModal({ opened, onClose, admin }: AdminUserFormModalProps) {
  return (
    <EntityFormModal opened={opened} onClose={onClose} title={admin ? 'Edit User' : 'Add New User'}>
      <AdminUserForm admin={admin} onDone={onClose} />
    </EntityFormModal>
  );
}
