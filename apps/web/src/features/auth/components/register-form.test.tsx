import { registerRoute } from '@portal/contract/auth';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SECURITY_ANSWER_ERROR } from '@/config/constants';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';

async function fillForm(answer: (a: number, b: number) => number) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/Agency Name/), 'Ali Travels');
  await user.type(screen.getByLabelText(/Proprietor Name/), 'Ali Raza');
  await user.type(screen.getByLabelText(/^Email/), 'ali@travels.pk');
  await user.type(screen.getByLabelText(/^Phone/), '+923001112233');
  await user.type(screen.getByLabelText(/Office No/), '0421234567');
  await user.type(screen.getByLabelText(/^City/), 'Lahore');
  await user.type(screen.getByLabelText(/Office Address/), '12 Mall Road');
  const label = screen.getByText(/Security question: what is \d \+ \d\?/).textContent ?? '';
  const [, a, b] = /(\d) \+ (\d)/.exec(label) ?? [];
  await user.type(screen.getByLabelText(/Security question/), String(answer(Number(a), Number(b))));
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

describe('/signup (000 §3, §5)', () => {
  it('when the security answer is wrong, then the message shows and nothing is sent', async () => {
    const fetchMock = stubFetch({});
    renderApp('/signup');
    expect(await screen.findByRole('combobox', { name: /Country/ })).toHaveValue('Pakistan');
    await fillForm((a, b) => a + b + 1);
    expect(await screen.findByText(SECURITY_ANSWER_ERROR)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('when everything is right, then the agency is registered and the user goes to /thank-you', async () => {
    const fetchMock = stubFetch({ 'POST /api/register': reply(registerRoute, 201, { message: 'Registered successfully!' }) });
    const { router } = renderApp('/signup');
    await fillForm((a, b) => a + b);
    await waitFor(() => expect(router.state.location.pathname).toBe('/thank-you'));
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'ali@travels.pk',
      name: 'Ali Raza',
      office_no: '0421234567',
      phone: '+923001112233',
      office_address: '12 Mall Road',
      agency_name: 'Ali Travels',
      city: 'Lahore',
      country: 'Pakistan',
    });
    expect(await screen.findByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  });
});
