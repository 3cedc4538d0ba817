import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { anInvitation } from '@/testing/fixtures';
import { mockApi, okReply } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-app';
import { InvitationsTable } from './invitations-table';

const page = (data: ReturnType<typeof anInvitation>[]) =>
  okReply({ data, pagination: { page: 1, limit: 10, total: data.length, totalPages: 1 } });

describe('invite links', () => {
  it('copies the signup link of an unused code, which the signup page fills the code from', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /invitations/': page([anInvitation({ code: 'K7M2QX9P' })]) });
    renderWithProviders(<InvitationsTable />);

    await user.click(await screen.findByRole('button', { name: 'Copy invite link for K7M2QX9P' }));

    expect(await navigator.clipboard.readText()).toBe(
      `${window.location.origin}/signup?code=K7M2QX9P`,
    );
    expect(
      await screen.findByText('Invite link for K7M2QX9P copied to the clipboard'),
    ).toBeInTheDocument();
  });

  it('shows the link as a QR code with the link written beside it', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /invitations/': page([anInvitation({ code: 'K7M2QX9P' })]) });
    renderWithProviders(<InvitationsTable />);

    await user.click(
      await screen.findByRole('button', {
        name: 'Show the invite link of K7M2QX9P as a QR code',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Invite link for K7M2QX9P' });
    const image = await within(dialog).findByRole('img', {
      name: 'QR code of the invite link for K7M2QX9P',
    });
    const svg = decodeURIComponent(
      image.getAttribute('src')!.replace(/^data:image\/svg\+xml;utf8,/, ''),
    );
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('<path');
    expect(dialog).toHaveTextContent(`${window.location.origin}/signup?code=K7M2QX9P`);
    expect(
      within(dialog).getByRole('button', { name: 'Copy invite link for K7M2QX9P' }),
    ).toBeInTheDocument();
  });

  it('offers no link for a code that can no longer be used', async () => {
    mockApi({
      'GET /invitations/': page([
        anInvitation({ code: 'P4N8RT2W', status: 'expired' }),
        anInvitation({
          id: '9a0c1f52-3c2e-4f7a-9a41-7c5e2d9b8a11',
          code: 'Q3W5E7R9',
          status: 'used',
        }),
      ]),
    });
    renderWithProviders(<InvitationsTable />);

    expect(await screen.findByRole('button', { name: 'Copy code P4N8RT2W' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /invite link/ })).not.toBeInTheDocument();
  });
});
