import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, okReply, requestedPaths, urlOf } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-app';
import { aUser } from '@/testing/fixtures';
import { ADMIN_ID, aUserProfile, aUserSummary, MANAGER_ID } from '@/testing/user-fixtures';
import { UserProfileScreen } from './user-profile-screen';

const nadia = aUserSummary();
const id = nadia.id;
const admin = aUser({ id: ADMIN_ID, role: 'admin' });

const statementReply = okReply({
  data: [
    {
      id: '9',
      createdAt: '2026-03-01T09:00:00.000Z',
      bucket: 'balance',
      kind: 'deposit',
      amount: 300,
      balanceAfter: 300,
      orderId: null,
      counterparty: null,
      actor: { id: MANAGER_ID, username: 'admin' },
      note: null,
    },
  ],
  pagination: { page: 1, limit: 10, total: 1, totalPages: 1 },
});

describe('user profile page', { timeout: 15_000 }, () => {
  it('shows balance, orders, inviter, invitees, package and country', async () => {
    mockApi({
      'GET /users/me': okReply(admin),
      [`GET /users/${id}`]: okReply(aUserProfile({ id })),
    });
    renderWithProviders(<UserProfileScreen userId={id} />);

    expect(await screen.findByRole('heading', { level: 1, name: 'User profile' })).toBeVisible();
    const panel = await screen.findByRole('tabpanel');
    expect(await within(panel).findByText('$120.50')).toBeInTheDocument();
    for (const text of ['$300.00', '$179.50', '$42.25', 'France', 'Gold', '@admin', '@karim']) {
      expect(within(panel).getByText(text)).toBeInTheDocument();
    }
    expect(within(panel).getByText('Invited users (2)')).toBeInTheDocument();
    // An administrator acts on the user from its page too.
    expect(await screen.findByRole('button', { name: /Actions for nadia/ })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to users' })).toBeVisible();
  });

  it('says "None" for a user without a package', async () => {
    mockApi({
      'GET /users/me': okReply(admin),
      [`GET /users/${id}`]: okReply(aUserProfile({ id, package: null, managerPackage: null })),
    });
    renderWithProviders(<UserProfileScreen userId={id} />);

    expect(await screen.findByText('None')).toBeVisible();
    expect(screen.queryByText('Not provided')).not.toBeInTheDocument();
  });

  it('hides the profit while the profit toggle is off', async () => {
    window.localStorage.setItem('profit-visibility', 'false');
    mockApi({
      'GET /users/me': okReply(admin),
      [`GET /users/${id}`]: okReply(aUserProfile({ id })),
    });
    renderWithProviders(<UserProfileScreen userId={id} />);

    expect(await screen.findByText('$120.50')).toBeInTheDocument();
    expect(screen.queryByText('$42.25')).not.toBeInTheDocument();
    expect(screen.getByText('Hidden')).toBeInTheDocument();
  });

  it('shows the reason of a ban', async () => {
    mockApi({
      'GET /users/me': okReply(admin),
      [`GET /users/${id}`]: okReply(
        aUserProfile({ id, status: 'banned', banReason: 'Chargebacks' }),
      ),
    });
    renderWithProviders(<UserProfileScreen userId={id} />);

    expect(await screen.findByText('Banned: Chargebacks')).toBeInTheDocument();
  });

  it('opens on the statement tab from its address, the statement filtered in the address', async () => {
    const fetchMock = mockApi({
      'GET /users/me': okReply(admin),
      [`GET /users/${id}`]: okReply(aUserProfile({ id })),
      'GET /ledger': statementReply,
    });
    renderWithProviders(<UserProfileScreen userId={id} />, { url: '/?tab=statement' });
    const user = userEvent.setup();

    expect(await screen.findByRole('tab', { name: 'Statement' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const table = await screen.findByRole('table', { name: 'Statement' });
    expect(within(table).getAllByText('+$300.00')[0]).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Kind'), 'deposit');

    // The user's statement, not the admin's own.
    const ledgerQueries = () =>
      fetchMock.mock.calls
        .map(([input]) => new URL(urlOf(input), 'http://localhost'))
        .filter((url) => url.pathname === '/api/ledger')
        .map((url) => Object.fromEntries(url.searchParams));
    expect(ledgerQueries()[0]).toEqual({ page: '1', limit: '10', userId: id });
    await expect
      .poll(() => ledgerQueries().at(-1))
      .toEqual({ page: '1', limit: '10', userId: id, kind: 'deposit' });

    await user.click(screen.getByRole('tab', { name: 'Profile' }));
    expect(await screen.findByText('$120.50')).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toContain(`GET /users/${id}`);
  });
});
