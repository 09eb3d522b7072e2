import { SETTINGS_UPDATED_MESSAGE, updateSettingsRoute } from '@portal/contract/settings';
import { render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { AppProvider } from '@/app/provider';
import { buildAdminSettings } from '../testing/settings-fixtures';
import { HoldWindowForm } from './hold-window-form';

function renderForm() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <AppProvider queryClient={queryClient} env="test">
      <HoldWindowForm minutes={180} />
    </AppProvider>,
  );
}

describe('Booking hold window form (PRODUCT §5 Settings)', () => {
  it('when the minutes are outside 15..10080 or not whole, then the field says so and nothing is sent', async () => {
    const fetchMock = stubFetch({});
    const user = userEvent.setup();
    renderForm();
    const input = screen.getByRole('textbox', { name: 'Minutes' });
    for (const [value, message] of [
      ['10', 'The hold window minutes must be at least 15.'],
      ['10081', 'The hold window minutes may not be greater than 10080.'],
      ['1.5', 'The hold window minutes must be an integer.'],
    ] as const) {
      await user.clear(input);
      await user.type(input, value);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('when 45 is saved, then update-settings gets hold_window_minutes 45 and the server message toasts; a 422 lands on the field', async () => {
    let refuse = false;
    const fetchMock = stubFetch({
      'POST /api/update-settings': () =>
        refuse
          ? reply(updateSettingsRoute, 422, { message: 'Server says no.', errors: { hold_window_minutes: ['Server says no.'] } })
          : reply(updateSettingsRoute, 200, { message: SETTINGS_UPDATED_MESSAGE, data: buildAdminSettings({ hold_window_minutes: 45 }) }),
    });
    const user = userEvent.setup();
    renderForm();
    const input = screen.getByRole('textbox', { name: 'Minutes' });
    expect(input).toHaveValue('180');
    await user.clear(input);
    await user.type(input, '45');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(SETTINGS_UPDATED_MESSAGE)).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({ hold_window_minutes: 45 });

    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Server says no.')).toBeInTheDocument();
  });
});
