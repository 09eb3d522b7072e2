import { availableSectorRoute } from '@portal/contract/tickets';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';

describe('Search Group Tickets form (000 §2, §5)', () => {
  it('when Search is pressed with nothing filled in, then Departure, Arrival and Date are each required', async () => {
    stubFetch({ 'GET /api/available-sector': reply(availableSectorRoute, 200, { mysectors: [], tickets: [] }) });
    const { router } = renderApp('/');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Search Group Tickets' });
    await user.click(within(form).getByRole('button', { name: 'Search' }));

    expect(within(form).getByText('Departure is required')).toBeInTheDocument();
    expect(within(form).getByText('Arrival is required')).toBeInTheDocument();
    expect(within(form).getByText('Date is required')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
