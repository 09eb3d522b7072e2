import { TextInput } from '@mantine/core';
import { BANK_ACCOUNTS_MAX, updateSettingsBodySchema, type BankAccount } from '@portal/contract/settings';
import { useFieldArray, type Path } from 'react-hook-form';
import { z } from 'zod';
import { showFormError } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useUpdateSettings } from '../api/update-settings';
import { useZodForm } from '@/lib/zod-form';
import { SettingsListForm } from './settings-list-form';

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
    <SettingsListForm
      title="Bank accounts"
      noun="Account"
      ids={fields.map((field) => field.id)}
      max={BANK_ACCOUNTS_MAX}
      onAdd={() => append({ bank_name: '', account_title: '', account_number: '', iban: 'PK', branch: '' })}
      onRemove={remove}
      error={errors?.message ?? errors?.root?.message}
      saving={mutation.isPending}
      onSubmit={submit}
    >
      {(index) => (
        <>
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
        </>
      )}
    </SettingsListForm>
  );
}
