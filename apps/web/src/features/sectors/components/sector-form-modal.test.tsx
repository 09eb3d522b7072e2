import { addSectorRoute, listSectorsRoute, SECTOR_ADDED_MESSAGE } from '@portal/contract/sectors';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { storeSession } from '@/testing/fixtures';
import { buildPage } from '@/testing/inventory-fixtures';
import { renderApp } from '@/testing/render-app';

describe('Add New sector dialog (001 §2, §5)', () => {
  it('when codes and cities are typed in lower case, then they show upper-case and the name reads FROM - TO', async () => {
    storeSession();
    const fetchMock = stubFetch({
      'GET /api/listofsectors': reply(listSectorsRoute, 200, buildPage([])),
      'POST /api/add-sector': reply(addSectorRoute, 201, {
        message: SECTOR_ADDED_MESSAGE,
        data: {
          id: 5,
          sector_name: 'LHE - JED',
          from_sector: 'LHE',
          from_city: 'LAHORE',
          to_sector: 'JED',
          to_city: 'JEDDAH',
          status: 1,
        },
      }),
    });
    renderApp('/dashboard/sectors');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add New sector' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New sector' });

    await user.type(within(dialog).getByLabelText(/From Sector/), 'lhe');
    await user.type(within(dialog).getByLabelText(/From City/), 'lahore');
    await user.type(within(dialog).getByLabelText(/To Sector/), 'jed');
    await user.type(within(dialog).getByLabelText(/To City/), 'jeddah');

    expect(within(dialog).getByLabelText(/From Sector/)).toHaveValue('LHE');
    expect(within(dialog).getByLabelText(/To City/)).toHaveValue('JEDDAH');
    const name = within(dialog).getByLabelText('Sector Name');
    expect(name).toHaveValue('LHE - JED');
    expect(name).toHaveAttribute('readonly');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(SECTOR_ADDED_MESSAGE)).toBeInTheDocument();
    const form = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')?.[1]?.body as FormData;
    expect(Object.fromEntries(form.entries())).toEqual({
      from_sector: 'LHE',
      from_city: 'LAHORE',
      to_sector: 'JED',
      to_city: 'JEDDAH',
      status: '1',
    });
  });
});
