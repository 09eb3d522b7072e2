import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PAGE_NOT_FOUND_TEXT } from '@/config/constants';
import { storeSession } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

describe('session rules and unknown paths (000 §2, §4)', () => {
  it('when no token is stored, then /dashboard redirects to /signin', async () => {
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
  });

  it('when a token is stored, then /signin redirects to /dashboard', async () => {
    storeSession();
    const { router } = renderApp('/signin');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('when the path is unknown, then it shows Sorry! Page Not Found with Login and Home Page links', async () => {
    renderApp('/does-not-exist');
    expect(await screen.findByRole('heading', { name: PAGE_NOT_FOUND_TEXT })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/signin');
    expect(screen.getByRole('link', { name: 'Home Page' })).toHaveAttribute('href', '/');
  });

  it('when an agent opens an admin-only screen, then a not-allowed message shows', async () => {
    storeSession();
    window.localStorage.setItem(
      'token',
      JSON.stringify({ ...JSON.parse(window.localStorage.getItem('token') ?? '{}'), role: 'user', agent_id: 7 }),
    );
    renderApp('/dashboard/agents');
    expect(await screen.findByText('Not allowed')).toBeInTheDocument();
  });
});
