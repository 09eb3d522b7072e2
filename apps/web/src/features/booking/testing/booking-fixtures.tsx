import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AppProvider } from '@/app/provider';
import { BookTicketButton, type BookTicketButtonProps } from '../components/book-ticket-button';

export const TICKET_PROPS: BookTicketButtonProps = {
  pnr: 'ABC123',
  price: 145000,
  infantPrice: 35000,
  updatedAt: '2031-01-01T10:00:00.000Z',
  departureDate: '2031-03-10',
  lastTravelDate: '2031-03-25',
  remaining: 31,
};

/** The Book button on a blank page, with the app's providers and a /dashboard/book/:id route to land on. */
export function renderBookButton(props: Partial<BookTicketButtonProps> = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const utils = render(
    <AppProvider queryClient={queryClient} env="test">
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="/" element={<BookTicketButton {...TICKET_PROPS} {...props} />} />
          <Route path="/dashboard/book/:id" element={<p>Booking page</p>} />
        </Routes>
      </MemoryRouter>
    </AppProvider>,
  );
  return { ...utils, queryClient };
}

/** A small file of the given type (the server checks content; the dialog only the size). */
export function buildFile(name: string, type: string, size = 16): File {
  return new File([new Uint8Array(size)], name, { type });
}
