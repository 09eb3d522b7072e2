import { listAirlinesRoute } from '@portal/contract/airlines';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { storeSession } from '@/testing/fixtures';
import { buildAirline, buildPage } from '@/testing/inventory-fixtures';
import { renderApp } from '@/testing/render-app';

const airline = (id: number) => buildAirline({ id, full_name: `Airline ${id}`, short_name: `A${id}` });

describe('paged lists (001 §4)', () => {
  it('when Next loads page 2, then its rows append; Previous drops them; Next follows next_page_url', async () => {
    storeSession();
    stubFetch({
      'GET /api/listofairlines': ({ url }) => {
        const page = new URL(url, 'http://localhost').searchParams.get('page');
        return page === '2'
          ? reply(listAirlinesRoute, 200, buildPage([airline(3)], { page: 2, total: 3, perPage: 2 }))
          : reply(listAirlinesRoute, 200, buildPage([airline(1), airline(2)], { total: 3, perPage: 2, hasNext: true }));
      },
    });
    renderApp('/dashboard/airlines');
    const user = userEvent.setup();

    expect(await screen.findByText('Airline 2')).toBeInTheDocument();
    expect(screen.getByTestId('pager-count')).toHaveTextContent('2 of 3');
    expect(screen.getByText('Per Page: 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Airline 3')).toBeInTheDocument();
    expect(screen.getByText('Airline 1')).toBeInTheDocument();
    expect(screen.getByTestId('pager-count')).toHaveTextContent('3 of 3');
    // The last page has no next_page_url.
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.queryByText('Airline 3')).not.toBeInTheDocument();
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(3); // heading + 2 rows of page 1
    expect(screen.getByTestId('pager-count')).toHaveTextContent('2 of 3');
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });
});
