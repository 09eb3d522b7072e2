import { CONTACT_DESKS_MAX, SETTINGS_UPDATED_MESSAGE, updateSettingsRoute } from '@portal/contract/settings';
import { render, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '@/app/provider';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { buildAdminSettings } from '../testing/settings-fixtures';
import { BankAccountsForm } from './bank-accounts-form';
import { ContactDesksForm } from './contact-desks-form';

function renderWithApp(children: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <AppProvider queryClient={queryClient} env="test">
      {children}
    </AppProvider>,
  );
}

const settings = buildAdminSettings();
const MEEZAN = { bank_name: 'Meezan', account_title: 'Group Fares', account_number: '0101-2020', iban: 'PK36MEZN0001234567890123' };

describe('Settings lists: contact desks and bank accounts (000 §1)', () => {
  it('when desks are added up to the maximum, then each new card starts at +92, Add desk stops there and the last desk cannot be removed', async () => {
    const user = userEvent.setup();
    stubFetch({});
    renderWithApp(<ContactDesksForm desks={settings.contact_desks} />);
    expect(screen.getByRole('button', { name: 'Remove desk 1' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Add desk' }));
    const second = screen.getByLabelText('Desk 2');
    expect(within(second).getByRole('textbox', { name: 'Phone' })).toHaveValue('+92');
    expect(screen.getByRole('button', { name: 'Remove desk 1' })).toBeEnabled();
    for (let count = 2; count < CONTACT_DESKS_MAX; count += 1) await user.click(screen.getByRole('button', { name: 'Add desk' }));
    expect(screen.getByRole('button', { name: 'Add desk' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: `Remove desk ${CONTACT_DESKS_MAX}` }));
    expect(screen.queryByText(`Desk ${CONTACT_DESKS_MAX}`)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add desk' })).toBeEnabled();
  });

  it('when a second account is saved, then update-settings gets both accounts and the server message toasts; a 422 lands on its field', async () => {
    let refuse = false;
    const fetchMock = stubFetch({
      'POST /api/update-settings': () =>
        refuse
          ? reply(updateSettingsRoute, 422, { message: 'IBAN taken.', errors: { 'bank_accounts.1.iban': ['IBAN taken.'] } })
          : reply(updateSettingsRoute, 200, { message: SETTINGS_UPDATED_MESSAGE, data: { ...settings, bank_accounts: [...settings.bank_accounts, MEEZAN] } }),
    });
    const user = userEvent.setup();
    renderWithApp(<BankAccountsForm accounts={settings.bank_accounts} />);
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    expect(screen.getByText('Account 2')).toBeInTheDocument();
    const [, bank] = screen.getAllByRole('textbox', { name: 'Bank name' });
    const [, title] = screen.getAllByRole('textbox', { name: 'Account title' });
    const [, number] = screen.getAllByRole('textbox', { name: 'Account number' });
    const [, iban] = screen.getAllByRole('textbox', { name: 'IBAN' });
    expect(iban).toHaveValue('PK');
    await user.type(bank!, 'Meezan');
    await user.type(title!, 'Group Fares');
    await user.type(number!, '0101-2020');
    await user.type(iban!, '36MEZN0001234567890123');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(SETTINGS_UPDATED_MESSAGE)).toBeInTheDocument();
    const sent = JSON.parse(String(fetchMock.mock.calls[0]![1]!.body));
    expect(sent.bank_accounts).toHaveLength(2);
    expect(sent.bank_accounts[1]).toMatchObject(MEEZAN);

    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('IBAN taken.')).toBeInTheDocument();
  });
});
