import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ApiKey } from '@keymarket/contracts/integration';
import { messages } from '@keymarket/contracts/messages';
import { bodyText, mockApi, okReply, requestedPaths, type Reply, urlOf } from '@/testing/mock-api';
import { getByRoleShowing } from '@/testing/queries';
import { renderWithProviders } from '@/testing/render-app';
import { ApiKeysScreen } from './api-keys-screen';

const KEY = `km_${'A1b2C3d4E5'.repeat(4)}`;
const active: ApiKey = {
  id: '0b5e8f1c-2d3a-4b6c-8d9e-0f1a2b3c4d5e',
  name: 'Telegram bot',
  prefix: 'km_Zx81Qp0',
  allowedIps: [],
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
};
const restricted: ApiKey = {
  id: '3a4b5c6d-7e8f-4a0b-9c1d-2e3f4a5b6c7d',
  name: 'Shop server',
  prefix: 'km_Hq72Lm4',
  allowedIps: ['203.0.113.7', '198.51.100.0/24'],
  createdAt: '2026-11-21T10:00:00.000Z',
  lastUsedAt: '2026-11-23T08:30:00.000Z',
  revokedAt: null,
};
const created = {
  id: '6f7e8d9c-0b1a-4c2d-9e3f-4a5b6c7d8e9f',
  name: 'My shop',
  prefix: KEY.slice(0, 10),
  allowedIps: [],
  key: KEY,
  createdAt: '2026-11-24T10:00:00.000Z',
};

/** The server's refusal of a body, with one detail. */
const invalid = (path: string, message: string): Reply => ({
  status: 400,
  body: {
    statusCode: 400,
    message: { type: 'validation', text: 'Some fields are not valid' },
    details: [{ path, message }],
  },
});

/** The JSON body of the last request made with `method`. */
function sentBody(fetchMock: ReturnType<typeof mockApi>, method: string): unknown {
  const call = fetchMock.mock.calls.findLast(([, init]) => init?.method === method);
  return JSON.parse(bodyText(call![1]!.body));
}

/** The list's row of the key named `name`. */
function rowOf(name: string): HTMLElement {
  return getByRoleShowing('row', name);
}

describe('API keys screen', () => {
  it('creates a key, shows it once with a copy button, then forgets it', async () => {
    let keys: ApiKey[] = [];
    const fetchMock = mockApi({
      'GET /api-keys': () => okReply({ data: keys }),
      'POST /api-keys': () => {
        keys = [{ ...created, lastUsedAt: null, revokedAt: null, key: undefined } as ApiKey];
        return okReply(created, 201);
      },
    });
    const writeText = vi.fn(async () => undefined);
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(<ApiKeysScreen />);

    expect(await screen.findByText('No API keys yet.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), 'My shop');
    await user.click(screen.getByRole('button', { name: 'Create key' }));

    expect(await screen.findByText(KEY)).toBeInTheDocument();
    expect(screen.getByText(/it is shown only this once/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(writeText).toHaveBeenCalledWith(KEY);
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(bodyText(post![1]!.body))).toEqual({ name: 'My shop' });

    // The list shows the prefix only.
    expect(await screen.findByText(`${KEY.slice(0, 10)}…`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByText(KEY)).not.toBeInTheDocument();
  });

  it('links to the interactive API reference the server serves at /api/docs', async () => {
    mockApi({ 'GET /api-keys': okReply({ data: [] }) });
    renderWithProviders(<ApiKeysScreen />);
    const link = await screen.findByRole('link', { name: 'Open the API reference' });
    expect(link).toHaveAttribute('href', '/api/docs/');
    expect(link).toHaveAttribute('target', '_blank');
    // The written guide, served by the server too: not a path inside the repository.
    const guide = screen.getByRole('link', { name: 'Read the API guide (Markdown)' });
    expect(guide).toHaveAttribute('href', '/api/docs/guide.md');
  });

  it('refuses an empty name before calling the server', async () => {
    const fetchMock = mockApi({ 'GET /api-keys': okReply({ data: [] }) });
    const user = userEvent.setup();
    renderWithProviders(<ApiKeysScreen />);
    await user.click(await screen.findByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Give the key a name')).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).not.toContain('POST /api-keys');
  });

  it('revokes a key after asking', async () => {
    let keys = [active];
    const fetchMock = mockApi({
      'GET /api-keys': () => okReply({ data: keys }),
      [`DELETE /api-keys/${active.id}`]: () => {
        keys = [{ ...active, revokedAt: '2026-11-24T11:00:00.000Z' }];
        return okReply(keys[0]);
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ApiKeysScreen />);

    await user.click(await screen.findByRole('button', { name: 'Revoke Telegram bot' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));

    expect(await screen.findByText('Revoked')).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toContain(`DELETE /api-keys/${active.id}`);
    expect(screen.queryByRole('button', { name: 'Revoke Telegram bot' })).not.toBeInTheDocument();
    // A revoked key's addresses no longer matter.
    expect(
      screen.queryByRole('button', { name: 'Edit addresses of Telegram bot' }),
    ).not.toBeInTheDocument();
  });

  it('creates a key limited to the addresses typed, one a line or separated by commas', async () => {
    let keys: ApiKey[] = [];
    const allowedIps = ['203.0.113.7', '198.51.100.0/24', '2001:db8::/32'];
    const fetchMock = mockApi({
      'GET /api-keys': () => okReply({ data: keys }),
      'POST /api-keys': () => {
        keys = [{ ...created, allowedIps, lastUsedAt: null, revokedAt: null }];
        return okReply({ ...created, allowedIps }, 201);
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ApiKeysScreen />);

    await user.type(await screen.findByLabelText('Name'), 'My shop');
    const field = screen.getByLabelText('Allowed IP addresses');
    expect(field).toHaveAttribute('dir', 'ltr');
    // Blank lines, spaces and a repeat are dropped.
    await user.type(
      field,
      ' 203.0.113.7, 198.51.100.0/24{Enter}{Enter}2001:db8::/32 {Enter}203.0.113.7',
    );
    await user.click(screen.getByRole('button', { name: 'Create key' }));

    expect(await screen.findByText(KEY)).toBeInTheDocument();
    expect(sentBody(fetchMock, 'POST')).toEqual({ name: 'My shop', allowedIps });
    // The form starts afresh.
    expect(screen.getByLabelText('Allowed IP addresses')).toHaveValue('');
  });

  it('names the line of an address it cannot take, and sends nothing', async () => {
    const fetchMock = mockApi({ 'GET /api-keys': okReply({ data: [] }) });
    const user = userEvent.setup();
    renderWithProviders(<ApiKeysScreen />);

    await user.type(await screen.findByLabelText('Name'), 'My shop');
    const field = screen.getByLabelText('Allowed IP addresses');
    await user.type(field, '203.0.113.7{Enter}203.0.113.300');
    await user.click(screen.getByRole('button', { name: 'Create key' }));

    expect(await screen.findByText(`Line 2: ${messages.apiKeyAddress}`)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(requestedPaths(fetchMock)).not.toContain('POST /api-keys');

    // Corrected, the error goes.
    await user.type(field, '{Backspace}{Backspace}1');
    expect(screen.queryByText(/^Line 2:/)).not.toBeInTheDocument();
  });

  it('lists where each key may be used from', async () => {
    mockApi({ 'GET /api-keys': okReply({ data: [restricted, active] }) });
    renderWithProviders(<ApiKeysScreen />);

    await screen.findByText('Telegram bot');
    expect(within(rowOf('Telegram bot')).getByText('Any address')).toBeInTheDocument();
    const row = rowOf('Shop server');
    expect(within(row).queryByText('Any address')).not.toBeInTheDocument();
    for (const address of restricted.allowedIps) {
      const code = within(row).getByText(address);
      expect(code.tagName).toBe('CODE');
      expect(code).toHaveAttribute('dir', 'ltr');
    }
    // Labelled for the phone's card.
    expect(getByRoleShowing('cell', '203.0.113.7', row)).toHaveAttribute(
      'data-label',
      'Allowed from',
    );
  });

  it('edits the addresses of an active key', async () => {
    let keys = [restricted];
    const fetchMock = mockApi({
      'GET /api-keys': () => okReply({ data: keys }),
      [`PATCH /api-keys/${restricted.id}`]: () => {
        keys = [{ ...restricted, allowedIps: ['192.0.2.10'] }];
        return okReply(keys[0]);
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ApiKeysScreen />);

    await user.click(await screen.findByRole('button', { name: 'Edit addresses of Shop server' }));
    const dialog = await screen.findByRole('dialog');
    const field = within(dialog).getByLabelText('Allowed IP addresses');
    expect(field).toHaveValue('203.0.113.7\n198.51.100.0/24');
    await user.clear(field);
    await user.type(field, '192.0.2.10');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByText('The addresses of "Shop server" are saved.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sentBody(fetchMock, 'PATCH')).toEqual({ allowedIps: ['192.0.2.10'] });
    // The list is asked again.
    expect(await within(rowOf('Shop server')).findByText('192.0.2.10')).toBeInTheDocument();
    expect(screen.queryByText('203.0.113.7')).not.toBeInTheDocument();
  });

  it('lets a key be used from anywhere again by emptying its addresses', async () => {
    const fetchMock = mockApi({
      'GET /api-keys': okReply({ data: [restricted] }),
      [`PATCH /api-keys/${restricted.id}`]: okReply({ ...restricted, allowedIps: [] }),
    });
    const user = userEvent.setup();
    renderWithProviders(<ApiKeysScreen />);

    await user.click(await screen.findByRole('button', { name: 'Edit addresses of Shop server' }));
    const dialog = await screen.findByRole('dialog');
    await user.clear(within(dialog).getByLabelText('Allowed IP addresses'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await screen.findByText('The addresses of "Shop server" are saved.');
    expect(sentBody(fetchMock, 'PATCH')).toEqual({ allowedIps: [] });
  });

  it("shows the server's refusal of an address under the field, on its line", async () => {
    mockApi({
      'GET /api-keys': okReply({ data: [active] }),
      [`PATCH /api-keys/${active.id}`]: invalid('body.allowedIps.0', messages.apiKeyAddress),
    });
    const user = userEvent.setup();
    renderWithProviders(<ApiKeysScreen />);

    await user.click(await screen.findByRole('button', { name: 'Edit addresses of Telegram bot' }));
    const dialog = await screen.findByRole('dialog');
    const field = within(dialog).getByLabelText('Allowed IP addresses');
    expect(field).toHaveValue('');
    await user.type(field, '203.0.113.7');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(
      await within(dialog).findByText(`Line 1: ${messages.apiKeyAddress}`),
    ).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('says so when the key was revoked meanwhile, and reads the list again', async () => {
    let listed = active;
    const fetchMock = mockApi({
      'GET /api-keys': () => okReply({ data: [listed] }),
      [`PATCH /api-keys/${active.id}`]: {
        status: 409,
        body: {
          statusCode: 409,
          message: { type: 'conflict', text: messages.apiKeyRevoked },
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ApiKeysScreen />);

    await user.click(await screen.findByRole('button', { name: 'Edit addresses of Telegram bot' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Allowed IP addresses'), '203.0.113.7');
    listed = { ...active, revokedAt: '2026-11-25T10:00:00.000Z' };
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(messages.apiKeyRevoked);
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => urlOf(url).endsWith('/api-keys'))).toHaveLength(
        2,
      ),
    );
  });
});
