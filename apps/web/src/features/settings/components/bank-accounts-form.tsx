import { ActionIcon, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { BANK_ACCOUNTS_MAX, updateSettingsBodySchema, type BankAccount } from '@portal/contract/settings';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useFieldArray, type Path } from 'react-hook-form';
import { z } from 'zod';
import { showFormError } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useUpdateSettings } from '../api/update-settings';
import { useZodForm } from '@/lib/zod-form';

type AccountValues = { bank_name: string; account_title: string; account_number: string; iban: string; branch: string };
type AccountsValues = { bank_accounts: AccountValues[] };
type AccountsOutput = { bank_accounts: BankAccount[] };

const accountsSchema = z.object({ bank_accounts: updateSettingsBodySchema.shape.bank_accounts.unwrap() });

const toField = (key: string) => (key.startsWith('bank_accounts') ? (key as Path<AccountsValues>) : undefined);
const toValues = (accounts: BankAccount[]): AccountValues[] => accounts.map((account) => ({ ...account, branch: account.branch ?? '' }));

/** Bank Accounts Details cards (000 §1): bank, title, account number, IBAN (PK + 22), branch. */
export function BankAccountsForm({ accounts }: { accounts: BankAccount[] }) {
  const mutation = useUpdateSettings();
  const form = useZodForm<AccountsValues, AccountsOutput>(accountsSchema, {
    defaultValues: { bank_accounts: toValues(accounts) },
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'bank_accounts' });
  const errors = form.formState.errors.bank_accounts;

  const submit = form.handleSubmit((body) =>
    mutation.mutate(body, {
      onSuccess: (answer) => {
        notifySuccess(answer.message);
        form.reset({ bank_accounts: toValues(answer.data.bank_accounts) });
      },
      onError: (error) => showFormError(error, form.setError, toField),
    }),
  );

  return (
    <Card withBorder padding="lg" radius="md">
      <Title order={3} fz="lg" mb="md">
        Bank accounts
      </Title>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          {fields.map((field, index) => (
            <Card key={field.id} withBorder padding="sm" radius="sm">
              <Group justify="space-between" mb="xs">
                <Text fw={600}>Account {index + 1}</Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove account ${index + 1}`}
                  disabled={fields.length <= 1}
                  onClick={() => remove(index)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Bank name" required error={errors?.[index]?.bank_name?.message} {...form.register(`bank_accounts.${index}.bank_name`)} />
                <TextInput
                  label="Account title"
                  required
                  error={errors?.[index]?.account_title?.message}
                  {...form.register(`bank_accounts.${index}.account_title`)}
                />
                <TextInput
                  label="Account number"
                  required
                  error={errors?.[index]?.account_number?.message}
                  {...form.register(`bank_accounts.${index}.account_number`)}
                />
                <TextInput
                  label="IBAN"
                  required
                  placeholder="PK36HABB0012345678901234"
                  error={errors?.[index]?.iban?.message}
                  {...form.register(`bank_accounts.${index}.iban`)}
                />
                <TextInput label="Branch" error={errors?.[index]?.branch?.message} {...form.register(`bank_accounts.${index}.branch`)} />
              </SimpleGrid>
            </Card>
          ))}
          {errors?.message || errors?.root?.message ? (
            <Text c="red" size="sm">
              {errors.message ?? errors.root?.message}
            </Text>
          ) : null}
          <Group justify="space-between">
            <Button
              variant="default"
              leftSection={<IconPlus size={16} />}
              disabled={fields.length >= BANK_ACCOUNTS_MAX}
              onClick={() => append({ bank_name: '', account_title: '', account_number: '', iban: 'PK', branch: '' })}
            >
              Add account
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
