import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PlatformInvitation } from '@keymarket/contracts/invitations';
import { anInvitation } from '@/testing/fixtures';
import { mockApi, okReply, urlOf } from '@/testing/mock-api';
import { findByRoleShowing } from '@/testing/queries';
import { renderWithProviders } from '@/testing/render-app';
import { PlatformInvitations } from './platform-invitations';

const creator = { id: '1d2c1f52-3c2e-4f7a-9a41-7c5e2d9b8a12', username: 'demo_manager' };

function aPlatformInvitation(overrides: Partial<PlatformInvitation> = {}): PlatformInvitation {
  return { ...anInvitation(), createdBy: creator, ...overrides };
}

const page = (data: PlatformInvitation[]) =>
  okReply({ data, pagination: { page: 1, limit: 10, total: data.length, totalPages: 1 } });

describe('all invitation codes (administrators)', () => {
  it('lists every code with its creator, role, status and the account it created', async () => {
    mockApi({
      'GET /invitations/all': page([
        aPlatformInvitation({ code: 'K7M2QX9P' }),
        aPlatformInvitation({
          id: '9a0c1f52-3c2e-4f7a-9a41-7c5e2d9b8a11',
          code: 'P4N8RT2W',
          status: 'pending',
          role: 'manager',
          usedBy: { id: '3f4c1f52-3c2e-4f7a-9a41-7c5e2d9b8a13', username: 'karim' },
        }),
      ]),
    });
    renderWithProviders(<PlatformInvitations />);

    const pendingRow = await findByRoleShowing('row', 'P4N8RT2W');
    expect(within(pendingRow).getByText('@demo_manager')).toBeInTheDocument();
    expect(within(pendingRow).getByText('Manager')).toBeInTheDocument();
    expect(within(pendingRow).getByText('Pending')).toBeInTheDocument();
    expect(within(pendingRow).getByText('@karim')).toBeInTheDocument();
    const unusedRow = await findByRoleShowing('row', 'K7M2QX9P');
    expect(
      within(unusedRow).getByRole('button', { name: 'Copy invite link for K7M2QX9P' }),
    ).toBeInTheDocument();
  });

  it('filters by status and role, and by a creator picked from the table', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({ 'GET /invitations/all': page([aPlatformInvitation()]) });
    renderWithProviders(<PlatformInvitations />);

    await user.selectOptions(await screen.findByLabelText('Status'), 'expired');
    await user.selectOptions(screen.getByLabelText('Role'), 'manager');
    await user.click(await screen.findByTitle('Show the codes of demo_manager'));

    const last = new URL(urlOf(fetchMock.mock.calls.at(-1)![0]), 'http://localhost');
    expect(Object.fromEntries(last.searchParams)).toMatchObject({
      status: 'expired',
      role: 'manager',
      search: 'demo_manager',
    });
  });

  it('says when no code matches the filters', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /invitations/all': page([]) });
    renderWithProviders(<PlatformInvitations />);

    expect(await screen.findByText('No code has been generated yet.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'used');
    expect(await screen.findByText('No code matches these filters.')).toBeInTheDocument();
  });
});
