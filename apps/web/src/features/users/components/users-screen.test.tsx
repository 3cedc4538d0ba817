import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aUser } from '@/testing/fixtures';
import { mockApi, okReply, type Reply, urlOf } from '@/testing/mock-api';
import { findByRoleShowing, getByRoleShowing } from '@/testing/queries';
import { renderWithProviders } from '@/testing/render-app';
import { ADMIN_ID, MANAGER_ID, aPage, aUserSummary } from '@/testing/user-fixtures';
import { UsersScreen } from './users-screen';

const nadia = aUserSummary();
const omar = aUserSummary({
  id: '5b1f4e8d-7a6c-4d05-8f2a-4b5c6d7e8f90',
  username: 'omar',
  firstName: 'Omar',
  lastName: 'Benali',
  role: 'manager',
  status: 'banned',
  balance: 0,
  profit: 3,
});

/** The query strings sent to `path`, in order. */
function queriesTo(fetchMock: ReturnType<typeof mockApi>, path: string) {
  return fetchMock.mock.calls
    .map(([input]) => new URL(urlOf(input), 'http://localhost'))
    .filter((url) => url.pathname === `/api${path}`)
    .map((url) => Object.fromEntries(url.searchParams));
}

function adminApi(list: () => Reply = () => okReply(aPage([nadia, omar], 23))) {
  return mockApi({
    'GET /users/me': okReply(aUser({ id: ADMIN_ID, role: 'admin', username: 'admin' })),
    'GET /users/get-all-users': list,
  });
}

describe('users screen (admin)', () => {
  it('lists users from page 1 of 10, with their figures and status', async () => {
    const fetchMock = adminApi();
    renderWithProviders(<UsersScreen scope="all" />);

    const row = await findByRoleShowing('row', 'Nadia Haddad');
    expect(within(row).getByText('@nadia')).toBeInTheDocument();
    expect(within(row).getByText('Reseller')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByText('$120.50')).toBeInTheDocument();
    expect(within(row).getByText('$42.25')).toBeInTheDocument();
    expect(within(row).getByText('@admin')).toBeInTheDocument();
    const banned = getByRoleShowing('row', 'Omar Benali');
    expect(within(banned).getByText('Banned')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(queriesTo(fetchMock, '/users/get-all-users')[0]).toEqual({ page: '1', limit: '10' });
  });

  it('sends the role, status and text filters and goes back to page 1', async () => {
    const fetchMock = adminApi();
    renderWithProviders(<UsersScreen scope="all" />);
    const user = userEvent.setup();
    await screen.findByText('Nadia Haddad');

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await vi.waitFor(() =>
      expect(queriesTo(fetchMock, '/users/get-all-users').at(-1)).toEqual({
        page: '2',
        limit: '10',
      }),
    );
    await user.selectOptions(screen.getByLabelText('Role'), 'manager');
    await user.selectOptions(screen.getByLabelText('Status'), 'banned');
    await user.type(screen.getByLabelText('Search users'), 'omar');

    await vi.waitFor(
      () =>
        expect(queriesTo(fetchMock, '/users/get-all-users').at(-1)).toEqual({
          page: '1',
          limit: '10',
          role: 'manager',
          status: 'banned',
          search: 'omar',
        }),
      // The search waits for typing to pause, then goes through the URL.
      { timeout: 3000 },
    );
  });

  it('keeps the filters, page size and sort in the URL and sorts by a column header', async () => {
    const fetchMock = adminApi();
    renderWithProviders(<UsersScreen scope="all" />, {
      url: '/?role=reseller&sort=-balance&size=50&page=2&search=nad',
    });
    await screen.findByText('Nadia Haddad');
    expect(queriesTo(fetchMock, '/users/get-all-users')[0]).toEqual({
      page: '2',
      limit: '50',
      role: 'reseller',
      search: 'nad',
      sort: '-balance',
    });
    expect(screen.getByLabelText('Search users')).toHaveValue('nad');
    expect(screen.getByRole('columnheader', { name: /Balance/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Orders/ }));
    await vi.waitFor(() =>
      expect(queriesTo(fetchMock, '/users/get-all-users').at(-1)).toEqual({
        page: '1',
        limit: '50',
        role: 'reseller',
        search: 'nad',
        sort: '-orders',
      }),
    );
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeVisible();
  });

  it('hides profit figures while the profit toggle is off, but not balances', async () => {
    window.localStorage.setItem('profit-visibility', 'false');
    adminApi();
    renderWithProviders(<UsersScreen scope="all" />);

    const row = await findByRoleShowing('row', 'Nadia Haddad');
    expect(within(row).getByText('$120.50')).toBeInTheDocument();
    expect(within(row).queryByText('$42.25')).not.toBeInTheDocument();
    expect(within(row).getByText('Hidden')).toBeInTheDocument();
  });

  it('offers the actions that fit the user: upgrade for a reseller, activation for a ban', async () => {
    adminApi();
    renderWithProviders(<UsersScreen scope="all" />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Actions for nadia' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Upgrade to manager' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Suspend' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Activate' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Actions for omar' }));
    const second = await screen.findByRole('menu');
    expect(within(second).getByRole('menuitem', { name: 'Activate' })).toBeInTheDocument();
    expect(within(second).queryByRole('menuitem', { name: 'Ban' })).not.toBeInTheDocument();
    expect(
      within(second).queryByRole('menuitem', { name: 'Upgrade to manager' }),
    ).not.toBeInTheDocument();
  });

  it('opens the chosen action in its dialog', async () => {
    adminApi();
    renderWithProviders(<UsersScreen scope="all" />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Actions for nadia' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Add balance' }));

    const dialog = await screen.findByRole('dialog', { name: 'Add balance' });
    expect(within(dialog).getByText('Credit the balance of nadia.')).toBeInTheDocument();
  });

  it('says when nothing matches the filters', async () => {
    adminApi(() => okReply(aPage([])));
    renderWithProviders(<UsersScreen scope="all" />);

    expect(await screen.findByText('No users yet.')).toBeInTheDocument();
  });
});

describe('users screen (downline)', () => {
  it("lists the caller's downline and acts only on its direct invitees", async () => {
    const direct = aUserSummary({ invitedBy: { id: MANAGER_ID, username: 'mona' } });
    const deeper = aUserSummary({
      ...omar,
      status: 'active',
      role: 'reseller',
      invitedBy: { id: direct.id, username: direct.username },
    });
    const fetchMock = mockApi({
      'GET /users/me': okReply(aUser({ id: MANAGER_ID, role: 'manager', username: 'mona' })),
      'GET /users/downline': okReply(aPage([direct, deeper])),
    });
    renderWithProviders(<UsersScreen scope="downline" />);
    const user = userEvent.setup();

    await screen.findByText('Nadia Haddad');
    expect(queriesTo(fetchMock, '/users/downline')[0]).toEqual({ page: '1', limit: '10' });
    expect(screen.getByRole('link', { name: 'View profile of nadia' })).toHaveAttribute(
      'href',
      `/${direct.id}`,
    );
    expect(screen.queryByRole('link', { name: 'View profile of omar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions for omar' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Actions for nadia' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Transfer balance', 'Assign package', 'Purchase limits']);
    // A downline holds no administrators: the role filter does not offer them.
    expect(
      within(screen.getByLabelText('Role'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All roles', 'Manager', 'Reseller']);
  });

  it('invites a manager without invitees to generate a code', async () => {
    mockApi({
      'GET /users/me': okReply(aUser({ id: MANAGER_ID, role: 'manager' })),
      'GET /users/downline': okReply(aPage([])),
    });
    renderWithProviders(<UsersScreen scope="downline" />);

    expect(
      await screen.findByText(
        'You have not invited anyone yet. Generate a signup code to invite someone.',
      ),
    ).toBeInTheDocument();
  });
});
