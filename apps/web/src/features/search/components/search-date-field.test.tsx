import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';

// A file of its own: React.lazy keeps the calendar once it has loaded, so in a file where another test
// has rendered the form first the read-only field may never show (that made this test flaky in CI).
// Test files also share their worker's modules (isolate: false, vitest.config.ts): the form is loaded afresh here,
// so its calendar is still on its way whichever file ran before.
beforeAll(() => {
  vi.resetModules();
});

describe('Search Group Tickets form, Date field (000 §2; issue 8)', () => {
  it('when the form opens with a date, then the field shows it as DD MMM YYYY while the calendar loads and after', async () => {
    const { SearchTicketsForm } = await import('./search-tickets-form');
    const router = createMemoryRouter([{ path: '/', element: <SearchTicketsForm initial={{ departure: 'LHE', arrival: 'JED', date: '2026-12-05' }} /> }]);
    render(
      <AppProvider env="test">
        <RouterProvider router={router} />
      </AppProvider>,
    );
    // First paint: the light read-only field (issue 8); the calendar's code is still on its way.
    const placeholder = await screen.findByRole('textbox', { name: /Date/ });
    expect(placeholder).toHaveValue('05 Dec 2026');
    expect(placeholder).toHaveAttribute('readonly');
    // Then Mantine's date picker, with the same value.
    const picker = await screen.findByRole('button', { name: /Date/ });
    expect(picker).toHaveTextContent('05 Dec 2026');
    expect(screen.queryByRole('textbox', { name: /Date/ })).not.toBeInTheDocument();
  });
});
