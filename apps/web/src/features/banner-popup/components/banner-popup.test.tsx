import { allBannersListRoute } from '@portal/contract/banners';
import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { buildSession, storeSession } from '@/testing/fixtures';
import { POPUP_CLOSED_AT_KEY, POPUP_HIDDEN_KEY, POPUP_RESHOW_MS, POPUP_SEEN_DELAY_MS, POPUP_SEEN_KEY } from '../popup-storage';
import { getPopupBannerQueryOptions } from '../api/get-popup-banner';
import { buildPopupBanner, buildPopupBannersList } from '../testing/banner-popup-fixtures';
import { BannerPopup, BannerPopupDialog } from './banner-popup';

// The shared test setup hides the popup for every other test; here it starts from nothing stored.
beforeEach(() => {
  window.localStorage.removeItem(POPUP_HIDDEN_KEY);
});

const START = new Date('2031-03-10T09:00:00Z');
const MINUTE = 60_000;

function showDialog() {
  return render(
    <AppProvider env="test">
      <BannerPopupDialog banner={buildPopupBanner()} />
    </AppProvider>,
  );
}

const popup = () => screen.queryByRole('dialog', { name: 'Umrah Groups from Lahore' });
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('banner popup timing (000 §4, §9)', () => {
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

  it('when closed, then the close time is stored and it stays hidden for 1 hour, then shows again', () => {
    vi.useFakeTimers({ now: START });
    showDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(popup()).not.toBeInTheDocument();
    expect(window.localStorage.getItem(POPUP_CLOSED_AT_KEY)).toBe(String(START.getTime()));

    advance(POPUP_RESHOW_MS - MINUTE);
    expect(popup()).not.toBeInTheDocument();
    advance(MINUTE);
    expect(popup()).toBeInTheDocument();
  });

  it('when it was closed less than an hour before the page opens, then it stays hidden until the hour is up', () => {
    vi.useFakeTimers({ now: START });
    window.localStorage.setItem(POPUP_CLOSED_AT_KEY, String(START.getTime() - 59 * MINUTE));
    showDialog();
    expect(popup()).not.toBeInTheDocument();
    advance(MINUTE);
    expect(popup()).toBeInTheDocument();
  });

  it('when it was closed more than an hour ago, then it shows at once', () => {
    vi.useFakeTimers({ now: START });
    window.localStorage.setItem(POPUP_CLOSED_AT_KEY, String(START.getTime() - 61 * MINUTE));
    showDialog();
    expect(popup()).toBeInTheDocument();
  });

  it('when the permanent-hide flag is set, then it never shows, even hours after a close', () => {
    vi.useFakeTimers({ now: START });
    window.localStorage.setItem(POPUP_HIDDEN_KEY, '1');
    window.localStorage.setItem(POPUP_CLOSED_AT_KEY, String(START.getTime() - 5 * POPUP_RESHOW_MS));
    showDialog();
    expect(popup()).not.toBeInTheDocument();
    advance(3 * POPUP_RESHOW_MS);
    expect(popup()).not.toBeInTheDocument();
  });

  it("when Don't show again is clicked, then the permanent-hide flag is stored and it does not come back", () => {
    vi.useFakeTimers({ now: START });
    showDialog();
    advance(POPUP_SEEN_DELAY_MS);
    fireEvent.click(screen.getByRole('button', { name: "Don't show again" }));
    expect(popup()).not.toBeInTheDocument();
    expect(window.localStorage.getItem(POPUP_HIDDEN_KEY)).toBe('1');
    advance(2 * POPUP_RESHOW_MS);
    expect(popup()).not.toBeInTheDocument();
  });
});

function renderPopup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppProvider env="test" queryClient={queryClient}>
      <BannerPopup />
    </AppProvider>,
  );
  return queryClient;
}

describe('banner popup content (000 §2, §7)', () => {
  it('when the list holds inactive and image-less banners, then the first active banner with an image shows', async () => {
    storeSession(buildSession({ role: 'admin' }));
    stubFetch({
      'GET /api/allbanners-list': reply(
        allBannersListRoute,
        200,
        buildPopupBannersList([
          buildPopupBanner({ id: 9, name: 'Closed Offer', status: 0 }),
          { ...buildPopupBanner({ id: 8, name: 'No Picture' }), image: null },
          buildPopupBanner({ id: 7, name: 'Hajj Packages' }),
          buildPopupBanner({ id: 6, name: 'Older Offer' }),
        ]),
      ),
    });
    renderPopup();
    expect(await screen.findByRole('dialog', { name: 'Hajj Packages' })).toBeInTheDocument();
    expect(screen.queryByText('Older Offer')).not.toBeInTheDocument();
  });

  it('when there is no active banner, then nothing shows', async () => {
    storeSession(buildSession({ role: 'user' }));
    const fetch = stubFetch({
      'GET /api/allbanners-list': reply(allBannersListRoute, 200, buildPopupBannersList([buildPopupBanner({ status: 0 })])),
    });
    const queryClient = renderPopup();
    await vi.waitFor(() => expect(queryClient.getQueryState(getPopupBannerQueryOptions().queryKey)?.status).toBe('success'));
    await act(async () => undefined);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when the forced password change is pending, then the popup waits and banners are not asked for', async () => {
    storeSession(buildSession({ change_password: true }));
    const fetch = stubFetch({});
    renderPopup();
    await act(async () => undefined);
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
