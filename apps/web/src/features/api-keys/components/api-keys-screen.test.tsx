import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ApiKey } from '@keymarket/contracts/integration';
import { mockApi, okReply, requestedPaths } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-app';
import { ApiKeysScreen } from './api-keys-screen';

const KEY = `km_${'A1b2C3d4E5'.repeat(4)}`;
const active: ApiKey = {
  id: '0b5e8f1c-2d3a-4b6c-8d9e-0f1a2b3c4d5e',
  name: 'Telegram bot',
  prefix: 'km_Zx81Qp0',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
};
const created = {
  id: '6f7e8d9c-0b1a-4c2d-9e3f-4a5b6c7d8e9f',
  name: 'My shop',
  prefix: KEY.slice(0, 10),
  key: KEY,
  createdAt: '2026-11-24T10:00:00.000Z',
};

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
    expect(JSON.parse(String(post![1]!.body))).toEqual({ name: 'My shop' });

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
  });
});
