import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultSystemSettings, mockApi, okReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

describe('signup while registration is closed', { timeout: 20_000 }, () => {
  it('says so instead of showing the form', async () => {
    mockApi({
      'GET /system-settings': okReply({ ...defaultSystemSettings, registrationOpen: false }),
    });
    renderApp('/signup?code=K7M2QX9P');

    expect(
      await screen.findByRole('heading', { name: 'Registration is closed at the moment' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/New accounts cannot be created for now/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('Invite code')).not.toBeInTheDocument();
  });

  it('shows the form while registration is open', async () => {
    mockApi({});
    renderApp('/signup');

    expect(await screen.findByLabelText('Invite code')).toBeInTheDocument();
    expect(screen.queryByText('Registration is closed at the moment')).not.toBeInTheDocument();
  });
});
