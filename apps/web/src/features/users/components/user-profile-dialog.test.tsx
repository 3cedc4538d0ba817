import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, okReply, requestedPaths } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-app';
import { aUserProfile, aUserSummary, MANAGER_ID } from '@/testing/user-fixtures';
import { UserProfileDialog } from './user-profile-dialog';

const nadia = aUserSummary();

describe('profile dialog: statement tab', { timeout: 15_000 }, () => {
  it('shows the user’s own statement, paged and filtered inside the dialog', async () => {
    const fetchMock = mockApi({
      [`GET /users/${nadia.id}`]: okReply(aUserProfile({ id: nadia.id })),
      'GET /ledger': okReply({
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
      }),
    });
    renderWithProviders(<UserProfileDialog user={nadia} onClose={vi.fn()} />);
    const user = userEvent.setup();

    const dialog = await screen.findByRole('dialog', { name: 'User profile' });
    await user.click(within(dialog).getByRole('tab', { name: 'Statement' }));
    expect(within(dialog).getByRole('tab', { name: 'Statement' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const table = await within(dialog).findByRole('table', { name: 'Statement' });
    expect(within(table).getAllByText('+$300.00')[0]).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Kind'), 'deposit');

    // The user's statement, not the admin's own; the filter stays in the dialog, not the URL.
    const ledgerQueries = () =>
      fetchMock.mock.calls
        .map(([input]) => new URL(String(input), 'http://localhost'))
        .filter((url) => url.pathname === '/api/ledger')
        .map((url) => Object.fromEntries(url.searchParams));
    expect(ledgerQueries()[0]).toEqual({ page: '1', limit: '10', userId: nadia.id });
    await expect
      .poll(() => ledgerQueries().at(-1))
      .toEqual({ page: '1', limit: '10', userId: nadia.id, kind: 'deposit' });
    expect(requestedPaths(fetchMock)[0]).toBe(`GET /users/${nadia.id}`);
  });
});
