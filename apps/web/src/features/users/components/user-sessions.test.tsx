import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, okReply } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-app';
import { aUser } from '@/testing/fixtures';
import { ADMIN_ID, aUserProfile, aUserSummary, MANAGER_ID } from '@/testing/user-fixtures';
import { UserProfileScreen } from './user-profile-screen';

const nadia = aUserSummary();
const id = nadia.id;

const laptop = {
  id: '5b1f0c52-3c2e-4f7a-9a41-7c5e2d9b8a11',
  device: { type: 'desktop', browser: 'Firefox 131', os: 'Linux' },
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0',
  ip: '203.0.113.7',
  signedInAt: '2026-03-01T09:00:00.000Z',
  lastSeenAt: '2026-03-01T09:00:00.000Z',
  current: false,
};

describe("a user's profile: its Sessions tab", { timeout: 15_000 }, () => {
  it('shows an administrator the user’s devices, each of which it can sign out', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /users/me': okReply(aUser({ id: ADMIN_ID, role: 'admin' })),
      [`GET /users/${id}`]: okReply(aUserProfile({ id })),
      [`GET /users/${id}/sessions`]: okReply({ sessions: [laptop] }),
    });
    renderWithProviders(<UserProfileScreen userId={id} />);

    await user.click(await screen.findByRole('tab', { name: 'Sessions' }));
    const panel = await screen.findByRole('tabpanel');
    expect(await within(panel).findByText('Firefox 131 on Linux')).toBeVisible();
    expect(
      within(panel).getByRole('button', { name: 'Sign out Firefox 131 on Linux' }),
    ).toBeVisible();
    expect(within(panel).getByRole('button', { name: 'Sign out of every device' })).toBeVisible();
  });

  it('is not offered to a manager looking at its invitee', async () => {
    mockApi({
      'GET /users/me': okReply(aUser({ id: MANAGER_ID, role: 'manager' })),
      [`GET /users/${id}`]: okReply(aUserProfile({ id })),
    });
    renderWithProviders(<UserProfileScreen userId={id} />, { url: '/?tab=sessions' });

    expect(await screen.findByRole('tab', { name: 'Statement' })).toBeVisible();
    expect(screen.queryByRole('tab', { name: 'Sessions' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  });
});
