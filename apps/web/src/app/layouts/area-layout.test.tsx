import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aUser } from '@/testing/fixtures';
import { errorReply, mockApi, okReply, requestedPaths } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

function signedInReseller(extra: Parameters<typeof mockApi>[0] = {}) {
  window.localStorage.setItem('userRole', 'reseller');
  return mockApi({
    'GET /users/me/role': okReply({ role: 'reseller' }),
    'GET /users/me': okReply(
      aUser({ balance: { current: 120.5, total: 300, spent: 179.5, profit: 42.25 } }),
    ),
    ...extra,
  });
}

describe('area layout', () => {
  it('shows balance and profit, and hides the profit on request', async () => {
    const user = userEvent.setup();
    signedInReseller();
    renderApp('/reseller/profile');

    const summary = await screen.findByLabelText('Your balance');
    expect(summary).toHaveTextContent('$120.5');
    expect(summary).toHaveTextContent('$42.25');

    await user.click(within(summary).getByRole('button', { name: 'Hide profit' }));

    expect(summary).not.toHaveTextContent('$42.25');
    expect(window.localStorage.getItem('profit-visibility')).toBe('false');
    expect(within(summary).getByRole('button', { name: 'Show profit' })).toBeInTheDocument();
  });

  it('logs out after confirmation and forgets the role', async () => {
    const user = userEvent.setup();
    const fetchMock = signedInReseller({ 'GET /auth/logout': okReply({ ok: true }) });
    const router = renderApp('/reseller/profile');

    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out?' });
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }));

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem('userRole')).toBeNull();
    expect(requestedPaths(fetchMock)).toContain('GET /auth/logout');
  });

  it('stays and says so when logging out fails', async () => {
    const user = userEvent.setup();
    signedInReseller({ 'GET /auth/logout': errorReply('internal') });
    const router = renderApp('/reseller/profile');

    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out?' });
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }));

    expect(await screen.findByText('Logout failed')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reseller/profile');
  });
});
