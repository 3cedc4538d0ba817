import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aProduct, aUser } from '@/testing/fixtures';
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

  it('shows an administrator no balance or profit: the platform’s money is not its own', async () => {
    window.localStorage.setItem('userRole', 'admin');
    mockApi({
      'GET /users/me/role': okReply({ role: 'admin' }),
      'GET /users/me': okReply(aUser({ role: 'admin' })),
    });
    renderApp('/admin/profile');

    // The top bar's figures come from the same GET /users/me as the profile below: the profile
    // showing the admin's own details means the answer is in, so an absent summary is a choice
    // made on the admin's data, not a summary still waiting for it.
    expect(await screen.findByText('nadia@example.com')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Account menu/ })).toBeInTheDocument();
    expect(screen.queryByLabelText('Your balance')).not.toBeInTheDocument();
  });

  it('logs out after confirmation and forgets the role', async () => {
    const user = userEvent.setup();
    const fetchMock = signedInReseller({ 'GET /auth/logout': okReply({ ok: true }) });
    const router = renderApp('/reseller/profile');

    await user.click(await screen.findByRole('button', { name: /^Account menu/ }));
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

    await user.click(await screen.findByRole('button', { name: /^Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out?' });
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }));

    expect(await screen.findByText('Logout failed')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reseller/profile');
  });

  it('keeps an open buy dialog as it is when the display currency changes', async () => {
    const user = userEvent.setup();
    signedInReseller({
      'GET /currencies': okReply({
        currencies: [
          { id: '5d0b8f0e-6c1a-4a57-9a0e-0f1d6c1b2a01', code: 'USD', symbol: '$', rateToUSD: 1 },
          { id: '5d0b8f0e-6c1a-4a57-9a0e-0f1d6c1b2a02', code: 'EUR', symbol: '€', rateToUSD: 0.9 },
        ],
      }),
      'GET /categories': okReply({ data: [] }),
      'GET /products': okReply({
        data: [aProduct(1)],
        pagination: { page: 1, limit: 10_000, total: 1, totalPages: 1 },
      }),
    });
    // jsdom has no layout: a screenful of height lets the product list's virtualiser show rows.
    vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(640);
    renderApp('/reseller/products');

    await user.click(await screen.findByRole('button', { name: 'Buy Product 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy Product 1' });
    const quantity = within(dialog).getByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '3');

    // Another tab chooses euros (the selector of this one is behind the modal dialog).
    act(() => {
      window.localStorage.setItem(
        'display-currency',
        JSON.stringify({ code: 'EUR', symbol: '€', rateToUSD: 0.9 }),
      );
      window.dispatchEvent(new StorageEvent('storage', { key: 'display-currency' }));
    });

    // 3 × 8 × 0.9 = 21.6, in the dialog that was open, with the quantity still typed.
    expect(within(dialog).getByTestId('order-total')).toHaveTextContent('€21.6');
    expect(dialog).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Quantity')).toHaveValue(3);
  });
});
