import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, PasswordInput, Stack, TextInput } from '@mantine/core';
import {
  addAdminBodySchema,
  updateAdminBodySchema,
  type AddAdminBody,
  type AdminUser,
  type UpdateAdminBody,
} from '@portal/contract/settings';
import { useEffect } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { fieldsOf, showFormError } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useAddAdmin } from '../api/add-admin';
import { useUpdateAdmin } from '../api/update-admin';

type AdminFormValues = { name: string; email: string; password: string };
type AdminFormOutput = AddAdminBody | UpdateAdminBody;

type AdminUserFormProps = { admin?: AdminUser; onDone: () => void };

/** Add New User / Edit (001 §2 Settings): name, e-mail, password (at least 10, not a common one; on edit, empty keeps it). */
function AdminUserForm({ admin, onDone }: AdminUserFormProps) {
  // The common-password list (about 220 KB gzipped) loads with the open form, not with the settings page; from then
  // on the contract's schema checks new passwords against it too (issue 16 point 8).
  useEffect(() => {
    void import('@portal/contract/common-passwords');
  }, []);
  const addMutation = useAddAdmin();
  const updateMutation = useUpdateAdmin();
  const form = useForm<AdminFormValues, unknown, AdminFormOutput>({
    resolver: zodResolver(admin ? updateAdminBodySchema : addAdminBodySchema) as unknown as Resolver<AdminFormValues, unknown, AdminFormOutput>,
    defaultValues: { name: admin?.name ?? '', email: admin?.email ?? '', password: '' },
  });
  const { errors } = form.formState;
  const toField = fieldsOf<AdminFormValues>(['name', 'email', 'password']);

  const submit = form.handleSubmit((body) => {
    const callbacks = {
      onSuccess: (answer: { message: string }) => {
        notifySuccess(answer.message);
        onDone();
      },
      onError: (error: unknown) => showFormError(error, form.setError, toField),
    };
    if (admin) updateMutation.mutate({ id: admin.id, body: body as UpdateAdminBody }, callbacks);
    else addMutation.mutate(body as AddAdminBody, callbacks);
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
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={addMutation.isPending || updateMutation.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type AdminUserFormModalProps = { opened: boolean; onClose: () => void; admin?: AdminUser };

export function AdminUserFormModal({ opened, onClose, admin }: AdminUserFormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={admin ? 'Edit User' : 'Add New User'}>
      {opened ? <AdminUserForm admin={admin} onDone={onClose} /> : null}
    </Modal>
  );
}
