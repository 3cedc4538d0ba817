import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { anInvitation } from '@/testing/fixtures';
import { errorReply, mockApi, okReply } from '@/testing/mock-api';
import { findByRoleShowing, getByRoleShowing } from '@/testing/queries';
import { renderWithProviders } from '@/testing/render-app';
import { InvitationsTable } from './invitations-table';

describe('invitations table', () => {
  it('lists the codes with their status and who used them', async () => {
    mockApi({
      'GET /invitations/': okReply({
        data: [
          anInvitation({ code: 'K7M2QX9P', status: 'unused' }),
          anInvitation({
            id: '9a0c1f52-3c2e-4f7a-9a41-7c5e2d9b8a11',
            code: 'P4N8RT2W',
            status: 'used',
            usedBy: { id: '1d2c1f52-3c2e-4f7a-9a41-7c5e2d9b8a12', username: 'karim' },
          }),
        ],
        pagination: { page: 1, limit: 10, total: 2, totalPages: 1 },
      }),
    });
    renderWithProviders(<InvitationsTable />);

    const usedRow = await findByRoleShowing('row', 'P4N8RT2W');
    expect(within(usedRow).getByText('Used')).toBeInTheDocument();
    expect(within(usedRow).getByText('karim')).toBeInTheDocument();
    const unusedRow = getByRoleShowing('row', 'K7M2QX9P');
    expect(within(unusedRow).getByText('Unused')).toBeInTheDocument();
    expect(within(unusedRow).getByText('Not used')).toBeInTheDocument();
  });

  it('copies a code to the clipboard and says so', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /invitations/': okReply({
        data: [anInvitation({ code: 'K7M2QX9P' })],
        pagination: { page: 1, limit: 10, total: 1, totalPages: 1 },
      }),
    });
    renderWithProviders(<InvitationsTable />);

    await user.click(await screen.findByRole('button', { name: 'Copy code K7M2QX9P' }));

    expect(await navigator.clipboard.readText()).toBe('K7M2QX9P');
    expect(await screen.findByText('Code K7M2QX9P copied to the clipboard')).toBeInTheDocument();
  });

  it('says the codes could not be loaded', async () => {
    mockApi({ 'GET /invitations/': errorReply('internal', 'Something went wrong') });
    renderWithProviders(<InvitationsTable />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load invitation codes');
  });
});
