import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aUser } from '@/testing/fixtures';
import { mockApi, okReply } from '@/testing/mock-api';
import { getByRoleShowing } from '@/testing/queries';
import { renderWithProviders } from '@/testing/render-app';
import { MANAGER_ID, aPage, aUserSummary } from '@/testing/user-fixtures';
import { UsersScreen } from './users-screen';

const capped = aUserSummary({
  invitedBy: { id: MANAGER_ID, username: 'mona' },
  limits: { dailySpendCap: 50, maxOrderQuantity: 3, spentToday: 12 },
});
const free = aUserSummary({
  id: '5b1f4e8d-7a6c-4d05-8f2a-4b5c6d7e8f90',
  username: 'omar',
  firstName: 'Omar',
  lastName: 'Benali',
  invitedBy: { id: MANAGER_ID, username: 'mona' },
});

function managerApi() {
  return mockApi({
    'GET /users/me': okReply(aUser({ id: MANAGER_ID, role: 'manager', username: 'mona' })),
    'GET /users/downline': okReply(aPage([capped, free])),
    'PUT /users/6f1c2a4e-8a53-4c39-9d2b-3f0a3c1e7b11/limits': okReply(
      aUserSummary({ limits: { dailySpendCap: 20, maxOrderQuantity: null, spentToday: 12 } }),
    ),
  });
}

describe('purchase limits on the inviter’s users screen', () => {
  it('shows each invitee’s daily cap and what it spent of it today', async () => {
    managerApi();
    renderWithProviders(<UsersScreen scope="downline" />);

    const row = await screen.findByRole('row', { name: /Nadia Haddad/ });
    expect(within(row).getByRole('cell', { name: '$12.00 of $50.00' })).toBeInTheDocument();
    const other = getByRoleShowing('row', 'Omar Benali');
    expect(within(other).getByRole('cell', { name: 'No cap' })).toBeInTheDocument();
  });

  it('sets an invitee’s cap and clears its quantity limit, a day being a UTC day', async () => {
    const fetchMock = managerApi();
    renderWithProviders(<UsersScreen scope="downline" />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Actions for nadia' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Purchase limits' }));
    const dialog = await screen.findByRole('dialog', { name: 'Purchase limits for nadia' });
    expect(dialog).toHaveTextContent('the spending cap starts again at 00:00 UTC');
    expect(dialog).toHaveTextContent('Spent today: $12.00');
    const cap = within(dialog).getByLabelText('Daily spending cap (USD)');
    expect(cap).toHaveValue(50);
    await user.clear(cap);
    await user.type(cap, '20');
    await user.clear(within(dialog).getByLabelText('Most units in one order'));
    await user.click(within(dialog).getByRole('button', { name: 'Save limits' }));

    await screen.findByText('Purchase limits saved for nadia');
    const [, init] = fetchMock.mock.calls.find(([, call]) => call?.method === 'PUT')!;
    expect(JSON.parse(init!.body as string)).toEqual({ dailySpendCap: 20, maxOrderQuantity: null });
  });

  it('refuses a quantity limit below 1 in the reader’s words', async () => {
    const fetchMock = managerApi();
    renderWithProviders(<UsersScreen scope="downline" />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Actions for nadia' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Purchase limits' }));
    const dialog = await screen.findByRole('dialog');
    const quantity = within(dialog).getByLabelText('Most units in one order');
    await user.clear(quantity);
    await user.type(quantity, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save limits' }));

    expect(quantity).toHaveAccessibleDescription('Use at least 1');
    expect(fetchMock.mock.calls.some(([, call]) => call?.method === 'PUT')).toBe(false);
  });
});
