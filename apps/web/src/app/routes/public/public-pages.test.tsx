import { publicSettingsRoute } from '@portal/contract/settings';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bankAccounts, contactDesks } from '@/config/contact';
import { buildPublicSettings } from '@/features/public-site/testing/public-site-fixtures';
import { networkError, reply, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';

function descriptionContent(): string | null {
  return document.head.querySelector('meta[name="description"]')?.getAttribute('content') ?? null;
}

describe('public pages (000 §1, 001 §2)', () => {
  // Mantine keeps its toasts in a module-level store: start every test without the previous one's.
  beforeEach(() => notifications.clean());

  it('when Updates opens, then it shows only coming soon.... and sets its title and description', async () => {
    renderApp('/updates');
    expect(await screen.findByText('coming soon....')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Updates | Group Fares'));
    expect(descriptionContent()).toMatch(/updates/i);
  });

  it('when About Us opens, then the title and description are its own', async () => {
    renderApp('/aboutus');
    expect(await screen.findByRole('heading', { name: 'About Us', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('About Us | Group Fares'));
    expect(descriptionContent()).toContain('group tickets for travel agents in Pakistan');
  });

  it('when Contact Us loads the settings, then each desk has a tel: +92 link and a wa.me link with its prefilled text', async () => {
    stubFetch({ 'GET /api/public-settings': reply(publicSettingsRoute, 200, buildPublicSettings()) });
    renderApp('/contactus');
    const desk = within(await screen.findByRole('article', { name: 'Umrah Desk' }));
    expect(desk.getByRole('link', { name: 'Call Umrah Desk' })).toHaveAttribute('href', 'tel:+923214567890');
    expect(desk.getByRole('link', { name: 'WhatsApp Umrah Desk' })).toHaveAttribute(
      'href',
      `https://wa.me/923214567890?text=${encodeURIComponent('Salam, I need Umrah group seats.')}`,
    );
    // The page and the footer both give the support e-mail from the settings.
    const mails = screen.getAllByRole('link', { name: /help@skyline\.pk/ });
    expect(mails).toHaveLength(2);
    for (const mail of mails) expect(mail).toHaveAttribute('href', 'mailto:help@skyline.pk');
    expect(screen.queryByRole('article', { name: contactDesks[0].name })).not.toBeInTheDocument();
    expect(document.title).toBe('Contact Us | Group Fares');
  });

  it('when the settings call fails, then Contact Us shows the fallback desks with +92 links', async () => {
    stubFetch({ 'GET /api/public-settings': { status: 500, body: { message: 'Server Error' } } });
    renderApp('/contactus');
    const first = contactDesks[0];
    const desk = within(await screen.findByRole('article', { name: first.name }));
    expect(desk.getByRole('link', { name: `Call ${first.name}` })).toHaveAttribute('href', `tel:${first.phone}`);
    expect(first.phone.startsWith('+92')).toBe(true);
    expect(desk.getByRole('link', { name: `WhatsApp ${first.name}` }).getAttribute('href')).toBe(
      `https://wa.me/${first.phone.slice(1)}?text=${encodeURIComponent(first.whatsapp_message)}`,
    );
  });

  it('when the settings call cannot reach the server, then Bank Accounts shows the 8 fallback bank cards', async () => {
    stubFetch({ 'GET /api/public-settings': networkError() });
    renderApp('/bankaccounts');
    expect(await screen.findByRole('heading', { name: 'Bank Accounts Details', level: 1 })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(8);
    expect(bankAccounts).toHaveLength(8);
    expect(document.title).toBe('Bank Accounts Details | Group Fares');
  });

  it.each([
    ['account title', 'Skyline Groups Ltd'],
    ['account number', '0550123456789'],
    ['iban', 'PK12ASCM0000550123456789'],
  ])('when the %s is clicked, then it is copied and a Copied toast shows', async (label, value) => {
    stubFetch({ 'GET /api/public-settings': reply(publicSettingsRoute, 200, buildPublicSettings()) });
    const user = userEvent.setup();
    // userEvent installs its own clipboard: replace it after setup.
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp('/bankaccounts');
    const card = within(await screen.findByRole('article', { name: /Askari Bank/ }));
    await user.click(card.getByRole('button', { name: `${value} (copy ${label})` }));
    expect(writeText).toHaveBeenCalledWith(value);
    expect(await screen.findByText('Copied')).toBeInTheDocument();
  });

  it('when the clipboard refuses, then no Copied toast shows but an error does', async () => {
    stubFetch({ 'GET /api/public-settings': reply(publicSettingsRoute, 200, buildPublicSettings()) });
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) }, configurable: true });
    renderApp('/bankaccounts');
    await user.click(await screen.findByRole('button', { name: 'PK12ASCM0000550123456789 (copy iban)' }));
    expect(await screen.findByText(/Could not copy/)).toBeInTheDocument();
    expect(screen.queryByText('Copied')).not.toBeInTheDocument();
  });
});
