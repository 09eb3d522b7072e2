import { allBannersListRoute, type Banner } from '@portal/contract/banners';
import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { WAIT } from '@/testing/async-timeout';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { buildSession, storeSession } from '@/testing/fixtures';
import { popupClosedKey, POPUP_HIDDEN_KEY, POPUP_SEEN_DELAY_MS, POPUP_SEEN_KEY } from '../popup-storage';
import { getPopupBannerQueryOptions } from '../api/get-popup-banner';
import { buildPopupBanner, buildPopupBannersList } from '../testing/banner-popup-fixtures';
import { BannerPopup, BannerPopupDialog } from './banner-popup';

// The shared test setup hides the popup for every other test; here it starts from nothing stored.
beforeEach(() => {
  window.localStorage.removeItem(POPUP_HIDDEN_KEY);
});

const START = new Date('2031-03-10T09:00:00Z');
const HOUR = 60 * 60_000;

function showDialog() {
  return render(
    <AppProvider env="test">
      <BannerPopupDialog banner={buildPopupBanner()} userId={1} />
    </AppProvider>,
  );
}

const popup = (name = 'Umrah Groups from Lahore') => screen.queryByRole('dialog', { name });
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('banner popup timer (000 §4, §9)', () => {
  it('when nothing is stored, then it shows the banner and offers no permanent hide before 6 seconds', () => {
    vi.useFakeTimers({ now: START });
    showDialog();
    expect(popup()).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Umrah Groups from Lahore' })).toHaveAttribute('src', '/api/files/banner-3.png');
    expect(screen.queryByRole('button', { name: "Don't show again" })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(POPUP_SEEN_KEY)).toBeNull();
  });

  it('when it has been shown for 6 seconds, then the seen flag is stored and Don\'t show again appears', () => {
    vi.useFakeTimers({ now: START });
    showDialog();
    advance(POPUP_SEEN_DELAY_MS - 1);
    expect(window.localStorage.getItem(POPUP_SEEN_KEY)).toBeNull();
    advance(1);
    expect(window.localStorage.getItem(POPUP_SEEN_KEY)).toBe('1');
    expect(screen.getByRole('button', { name: "Don't show again" })).toBeInTheDocument();
  });

  it('when the seen flag is already stored, then Don\'t show again is offered at once', () => {
    vi.useFakeTimers({ now: START });
    window.localStorage.setItem(POPUP_SEEN_KEY, '1');
    showDialog();
    expect(screen.getByRole('button', { name: "Don't show again" })).toBeInTheDocument();
  });
});

/** One browser: each call is a new page load (a new session) with the given user signed in and these banners. */
function openDashboard(banners: Banner[], { userId = 1 } = {}) {
  storeSession(buildSession({ role: 'user', user_id: userId }));
  const fetch = stubFetch({ 'GET /api/allbanners-list': reply(allBannersListRoute, 200, buildPopupBannersList(banners)) });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <AppProvider env="test" queryClient={queryClient}>
      <BannerPopup />
    </AppProvider>,
  );
  return { ...view, fetch, queryClient };
}

/** Waits for the banners answer, then for the popup to have had its chance to show. */
async function settled(queryClient: QueryClient) {
  await vi.waitFor(() => expect(queryClient.getQueryState(getPopupBannerQueryOptions().queryKey)?.status).toBe('success'), WAIT);
  await act(async () => undefined);
}

const umrah = buildPopupBanner();

describe('banner popup once per banner and user (issue 21 §11, decision 021)', () => {
  it('when a user closes it, then it does not show again in a later session, hours later', async () => {
    vi.useFakeTimers({ now: START, shouldAdvanceTime: true });
    const first = openDashboard([umrah]);
    expect(await screen.findByRole('dialog', { name: 'Umrah Groups from Lahore' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(popup()).not.toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(popupClosedKey(1))!)).toEqual({ 3: umrah.updated_at });
    advance(3 * HOUR);
    expect(popup()).not.toBeInTheDocument();
    first.unmount();

    vi.setSystemTime(START.getTime() + 26 * HOUR);
    const next = openDashboard([umrah]);
    await settled(next.queryClient);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when it is closed with Esc, then that counts as closed too', async () => {
    const first = openDashboard([umrah]);
    fireEvent.keyDown(await screen.findByRole('dialog', { name: 'Umrah Groups from Lahore' }), { key: 'Escape' });
    expect(popup()).not.toBeInTheDocument();
    first.unmount();
    const next = openDashboard([umrah]);
    await settled(next.queryClient);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when another user signs in on the same browser, then the banner shows once for that user as well', async () => {
    window.localStorage.setItem(popupClosedKey(1), JSON.stringify({ 3: umrah.updated_at }));
    const mine = openDashboard([umrah], { userId: 1 });
    await settled(mine.queryClient);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    mine.unmount();

    openDashboard([umrah], { userId: 2 });
    expect(await screen.findByRole('dialog', { name: 'Umrah Groups from Lahore' })).toBeInTheDocument();
  });

  it('when an admin edits the closed banner, then it shows once more', async () => {
    window.localStorage.setItem(popupClosedKey(1), JSON.stringify({ 3: umrah.updated_at }));
    openDashboard([{ ...umrah, name: 'Umrah Groups from Lahore, new dates', updated_at: '2031-03-09T07:00:00.000Z' }]);
    expect(await screen.findByRole('dialog', { name: 'Umrah Groups from Lahore, new dates' })).toBeInTheDocument();
  });

  it('when a newer banner is added after one was closed, then the newer one shows', async () => {
    window.localStorage.setItem(popupClosedKey(1), JSON.stringify({ 3: umrah.updated_at }));
    openDashboard([buildPopupBanner({ id: 4, name: 'Dubai Group Deals', updated_at: '2031-03-05T07:00:00.000Z' }), umrah]);
    expect(await screen.findByRole('dialog', { name: 'Dubai Group Deals' })).toBeInTheDocument();
  });

  it("when Don't show again is clicked, then no banner shows on this browser any more, a new one neither", async () => {
    vi.useFakeTimers({ now: START, shouldAdvanceTime: true });
    const first = openDashboard([umrah]);
    await screen.findByRole('dialog', { name: 'Umrah Groups from Lahore' });
    advance(POPUP_SEEN_DELAY_MS);
    fireEvent.click(screen.getByRole('button', { name: "Don't show again" }));
    expect(window.localStorage.getItem(POPUP_HIDDEN_KEY)).toBe('1');
    first.unmount();

    const next = openDashboard([buildPopupBanner({ id: 4, name: 'Dubai Group Deals', updated_at: '2031-03-05T07:00:00.000Z' })]);
    await act(async () => undefined);
    expect(next.fetch).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('banner popup content (000 §2, §7)', () => {
  it('when the list holds inactive and image-less banners, then the active banner with an image changed last shows', async () => {
    openDashboard([
      buildPopupBanner({ id: 9, name: 'Closed Offer', status: 0, updated_at: '2031-03-09T07:00:00.000Z' }),
      { ...buildPopupBanner({ id: 8, name: 'No Picture', updated_at: '2031-03-09T07:00:00.000Z' }), image: null },
      buildPopupBanner({ id: 7, name: 'Hajj Packages' }),
      buildPopupBanner({ id: 6, name: 'Older Offer, edited today', updated_at: '2031-03-08T07:00:00.000Z' }),
      buildPopupBanner({ id: 5, name: 'Oldest Offer' }),
    ]);
    expect(await screen.findByRole('dialog', { name: 'Older Offer, edited today' })).toBeInTheDocument();
    expect(screen.queryByText('Hajj Packages')).not.toBeInTheDocument();
  });

  it('when there is no active banner, then nothing shows', async () => {
    const { fetch, queryClient } = openDashboard([buildPopupBanner({ status: 0 })]);
    await settled(queryClient);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when the forced password change is pending, then the popup waits and banners are not asked for', async () => {
    storeSession(buildSession({ change_password: true }));
    const fetch = stubFetch({});
    render(
      <AppProvider env="test">
        <BannerPopup />
      </AppProvider>,
    );
    await act(async () => undefined);
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
