import { changePasswordRoute, loginRoute } from '@portal/contract/auth';
import { healthRoute } from '@portal/contract/health';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GENERIC_ERROR_MESSAGE } from '@/config/constants';
import { networkError, reply, stubFetch } from '@/testing/fetch-stub';
import { storeSession } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { apiRequest, ApiError } from './api-client';

describe('api client', () => {
  it("when a dashboard call answers 401 'Unauthenticated.', then the token is cleared and the user goes to /signin", async () => {
    storeSession();
    stubFetch({ 'POST /api/changeuserpassword': reply(changePasswordRoute, 401, { message: 'Unauthenticated.' }) });
    const { router } = renderApp('/dashboard/notifications');
    expect(await screen.findByText('No Notification found')).toBeInTheDocument();

    await act(async () => {
      await expect(
        apiRequest(changePasswordRoute, { body: { old_password: 'a', new_password: 'abcdefgh' } }),
      ).rejects.toMatchObject({ status: 401, message: 'Unauthenticated.' });
    });

    expect(window.localStorage.getItem('token')).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
  });

  it('when a session is stored, then protected calls carry the bearer token and public ones do not', async () => {
    const session = storeSession();
    const fetchMock = stubFetch({
      'POST /api/changeuserpassword': reply(changePasswordRoute, 200, { message: 'Password changed successfully!' }),
      'GET /api/health': reply(healthRoute, 200, { status: 'ok' }),
    });
    await expect(
      apiRequest(changePasswordRoute, { body: { old_password: 'a', new_password: 'abcdefgh' } }),
    ).resolves.toEqual({ message: 'Password changed successfully!' });
    await apiRequest(healthRoute);
    const headersOf = (index: number) => new Headers(fetchMock.mock.calls[index]?.[1]?.headers);
    expect(headersOf(0).get('Authorization')).toBe(`Bearer ${session.token}`);
    expect(headersOf(1).get('Authorization')).toBeNull();
  });

  it('when the server answers 422, then ApiError carries the message and field errors', async () => {
    stubFetch({
      'POST /api/login': reply(loginRoute, 422, {
        message: 'The email field is required.',
        errors: { email: ['The email field is required.'] },
      }),
    });
    const error = await apiRequest(loginRoute, { body: { email: '', password: 'x' } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, errors: { email: ['The email field is required.'] } });
  });

  it('when the network fails, then ApiError has status 0 and the generic message', async () => {
    stubFetch({ 'GET /api/health': networkError() });
    await expect(apiRequest(healthRoute)).rejects.toMatchObject({ status: 0, message: GENERIC_ERROR_MESSAGE });
  });
});
