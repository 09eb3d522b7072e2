import { notifications } from '@mantine/notifications';
import {
  AGENT_ADDED_MESSAGE,
  AGENT_UPDATED_MESSAGE,
  addAgentRoute,
  EMAIL_TAKEN_MESSAGE,
  editAgentRoute,
  listAgentsRoute,
  updateAgentRoute,
} from '@portal/contract/agents';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { FILE_TOO_LARGE_ALERT } from '@/config/constants';
import { DISCARD_TITLE } from '@/lib/discard-guard';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { storeSession } from '@/testing/fixtures';
import { buildPage } from '@/testing/inventory-fixtures';
import { renderApp } from '@/testing/render-app';
import { buildAgent, pendingAgent } from '../testing/agents-fixtures';

type User = ReturnType<typeof userEvent.setup>;

const posts = (fetchMock: ReturnType<typeof stubFetch>) => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'face.png', { type: 'image/png' });

async function openAddDialog(user: User) {
  renderApp('/dashboard/agents');
  await user.click(await screen.findByRole('button', { name: 'Add New Agent' }));
  return screen.findByRole('dialog', { name: 'Add Agent' });
}

async function openEditDialog(user: User, name: string) {
  renderApp('/dashboard/agents');
  await user.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Edit' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Agent' });
  await within(dialog).findByLabelText(/^Name/);
  return dialog;
}

describe('Add Agent / Edit Agent modal (001 §2, §5, §8)', () => {
  beforeEach(() => notifications.clean());

  it('when a name has been typed and Cancel is pressed, then it asks first and Keep editing keeps the dialog (issue 21 §2)', async () => {
    storeSession();
    stubFetch({ 'GET /api/listofagents': reply(listAgentsRoute, 200, buildPage([])) });
    const user = userEvent.setup();
    const dialog = await openAddDialog(user);
    await user.type(within(dialog).getByLabelText(/^Name/), 'Bilal Travels');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('dialog', { name: DISCARD_TITLE });
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: DISCARD_TITLE })).not.toBeInTheDocument());
    expect(within(screen.getByRole('dialog', { name: 'Add Agent' })).getByLabelText(/^Name/)).toHaveValue('Bilal Travels');
  });

  it('when Add Agent is saved empty, then name, phone and image are required, e-mail is not, country defaults to Pakistan and nothing is sent', async () => {
    storeSession();
    const fetchMock = stubFetch({ 'GET /api/listofagents': reply(listAgentsRoute, 200, buildPage([])) });
    const user = userEvent.setup();
    const dialog = await openAddDialog(user);

    expect(within(dialog).getByRole('combobox', { name: /^Country/ })).toHaveValue('Pakistan');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The name field is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('The phone field is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('The image field is required.')).toBeInTheDocument();
    expect(within(dialog).queryByText(/The email/)).not.toBeInTheDocument();
    expect(posts(fetchMock)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Email/), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The email must be a valid email address.')).toBeInTheDocument();
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('when a wrong e-mail is typed and the field is left, then its rule shows before Save, and goes as it is corrected', async () => {
    storeSession();
    const fetchMock = stubFetch({ 'GET /api/listofagents': reply(listAgentsRoute, 200, buildPage([])) });
    const user = userEvent.setup();
    const dialog = await openAddDialog(user);
    await user.type(within(dialog).getByLabelText(/^Email/), 'not-an-email');
    await user.tab();
    expect(await within(dialog).findByText('The email must be a valid email address.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Email/), '@example.com');
    await waitFor(() => expect(within(dialog).queryByText('The email must be a valid email address.')).not.toBeInTheDocument());
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it("when an image over 2 MB is chosen, then 'File size should be less than 2MB' shows and the file is not kept", async () => {
    storeSession();
    stubFetch({ 'GET /api/listofagents': reply(listAgentsRoute, 200, buildPage([])) });
    const user = userEvent.setup();
    const dialog = await openAddDialog(user);
    const big = new File([new Uint8Array(2_097_153)], 'big.png', { type: 'image/png' });
    await user.upload(within(dialog).getByLabelText('Image file'), big);
    expect(await within(dialog).findByText(FILE_TOO_LARGE_ALERT)).toBeInTheDocument();
    expect(within(dialog).queryByAltText('Image preview')).not.toBeInTheDocument();
  });

  it("when Add Agent is complete, then it posts multipart, toasts 'Agent added successfully!', closes and the list shows the agent", async () => {
    storeSession();
    let listCalls = 0;
    const added = buildAgent({ id: 20, name: 'Hira Tours', email: null, phone: '+923004445566', agent_id: 1050, source: 'admin' });
    const fetchMock = stubFetch({
      'GET /api/listofagents': () => {
        listCalls += 1;
        return reply(listAgentsRoute, 200, buildPage(listCalls > 1 ? [added] : []));
      },
      'POST /api/add-agent': reply(addAgentRoute, 201, { message: AGENT_ADDED_MESSAGE, data: added }),
    });
    const user = userEvent.setup();
    const dialog = await openAddDialog(user);
    await user.type(within(dialog).getByLabelText(/^Name/), 'Hira Tours');
    await user.type(within(dialog).getByLabelText(/^Phone/), '+923004445566');
    await user.type(within(dialog).getByLabelText(/^City/), 'Karachi');
    await user.upload(within(dialog).getByLabelText('Image file'), png());
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(AGENT_ADDED_MESSAGE)).toBeInTheDocument();
    const form = posts(fetchMock)[0]?.[1]?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('name')).toBe('Hira Tours');
    expect(form.get('phone')).toBe('+923004445566');
    expect(form.get('city')).toBe('Karachi');
    expect(form.get('country')).toBe('Pakistan');
    expect((form.get('image') as File).name).toBe('face.png');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Hira Tours')).toBeInTheDocument();
  });

  it("when an agent with an image is edited, then the form holds editagent's values, no new image is needed and 'Agent updated successfully!' toasts; an emptied field is sent empty", async () => {
    storeSession();
    const fetchMock = stubFetch({
      'GET /api/listofagents': reply(listAgentsRoute, 200, buildPage([buildAgent()])),
      'GET /api/editagent/12': reply(editAgentRoute, 200, { data: buildAgent({ city: 'Multan' }) }),
      'POST /api/updateagent/12': reply(updateAgentRoute, 200, { message: AGENT_UPDATED_MESSAGE, data: buildAgent() }),
    });
    const user = userEvent.setup();
    const dialog = await openEditDialog(user, 'Bilal Ahmed');

    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Bilal Ahmed');
    expect(within(dialog).getByLabelText(/^City/)).toHaveValue('Multan');
    expect(within(dialog).getByAltText('Current image')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/^Office No/));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(AGENT_UPDATED_MESSAGE)).toBeInTheDocument();
    const form = posts(fetchMock)[0]?.[1]?.body as FormData;
    expect(form.get('image')).toBeNull();
    expect(form.get('office_no')).toBe('');
    expect(form.get('city')).toBe('Multan');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('when an agent without an image is edited, then an image is required; a 422 from the server shows on its field', async () => {
    storeSession();
    const fetchMock = stubFetch({
      'GET /api/listofagents': reply(listAgentsRoute, 200, buildPage([pendingAgent()])),
      'GET /api/editagent/13': reply(editAgentRoute, 200, { data: pendingAgent() }),
      'POST /api/updateagent/13': reply(updateAgentRoute, 422, { message: EMAIL_TAKEN_MESSAGE, errors: { email: [EMAIL_TAKEN_MESSAGE] } }),
    });
    const user = userEvent.setup();
    const dialog = await openEditDialog(user, 'Crescent Travel');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The image field is required.')).toBeInTheDocument();
    expect(posts(fetchMock)).toHaveLength(0);

    await user.upload(within(dialog).getByLabelText('Image file'), png());
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(EMAIL_TAKEN_MESSAGE)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Edit Agent' })).toBeInTheDocument();
  });
});
