import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '@keymarket/contracts/messages';
import { bodyText, defaultSystemSettings, mockApi, okReply, urlOf } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const withEmail = {
  'GET /system-settings': okReply({ ...defaultSystemSettings, passwordReset: true }),
};

function bodyOf(fetchMock: ReturnType<typeof mockApi>, path: string): unknown {
  const call = fetchMock.mock.calls.find(([input]) => urlOf(input).endsWith(path));
  return call ? JSON.parse(bodyText(call[1]!.body)) : undefined;
}

describe('forgotten password', { timeout: 20_000 }, () => {
  it('the sign-in page links to it when the server sends email', async () => {
    mockApi(withEmail);
    renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('the sign-in page has no such link without email', async () => {
    mockApi({});
    renderApp('/login');
    await screen.findByLabelText('Username or email');
    expect(screen.queryByRole('link', { name: 'Forgot your password?' })).toBeNull();
  });

  it('asks for a link and says the same thing whether the account exists or not', async () => {
    const fetchMock = mockApi({
      ...withEmail,
      'POST /auth/forgot-password': okReply({ ok: true }, 202),
    });
    const user = userEvent.setup();
    renderApp('/forgot-password');
    await user.click(await screen.findByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText(messages.identifierRequired)).toBeInTheDocument();
    expect(bodyOf(fetchMock, '/auth/forgot-password')).toBeUndefined();

    await user.type(screen.getByLabelText('Username or email'), 'nadia@example.com');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(bodyOf(fetchMock, '/auth/forgot-password')).toEqual({
      identifier: 'nadia@example.com',
    });
  });

  it('sets a new password from the link’s token, with the signup rules', async () => {
    const fetchMock = mockApi({
      ...withEmail,
      'POST /auth/reset-password': okReply({ ok: true }),
    });
    const user = userEvent.setup();
    renderApp('/reset-password?token=tok_123');
    await user.type(await screen.findByLabelText('New password'), 'weakpass');
    await user.type(screen.getByLabelText('Confirm password'), 'weakpass');
    await user.click(screen.getByRole('button', { name: 'Set the new password' }));
    expect(await screen.findByText(messages.passwordUppercase)).toBeInTheDocument();
    expect(bodyOf(fetchMock, '/auth/reset-password')).toBeUndefined();

    await user.clear(screen.getByLabelText('New password'));
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('New password'), 'N3w-Passw0rd!');
    await user.type(screen.getByLabelText('Confirm password'), 'N3w-Passw0rd!');
    await user.click(screen.getByRole('button', { name: 'Set the new password' }));
    expect(
      await screen.findByRole('heading', { name: 'Your password was changed' }),
    ).toBeInTheDocument();
    expect(bodyOf(fetchMock, '/auth/reset-password')).toEqual({
      token: 'tok_123',
      newPassword: 'N3w-Passw0rd!',
      confirmPassword: 'N3w-Passw0rd!',
    });
  });

  it('says so when the link is used up or expired', async () => {
    mockApi({
      ...withEmail,
      'POST /auth/reset-password': () => ({
        status: 400,
        body: {
          statusCode: 400,
          message: { type: 'validation', text: messages.resetTokenInvalid },
          details: [{ path: 'token', message: messages.resetTokenInvalid }],
        },
      }),
    });
    const user = userEvent.setup();
    renderApp('/reset-password?token=used');
    await user.type(await screen.findByLabelText('New password'), 'N3w-Passw0rd!');
    await user.type(screen.getByLabelText('Confirm password'), 'N3w-Passw0rd!');
    await user.click(screen.getByRole('button', { name: 'Set the new password' }));
    expect(await screen.findByText(messages.resetTokenInvalid)).toBeInTheDocument();
  });

  it('does not exist without email on the server', async () => {
    mockApi({});
    renderApp('/forgot-password');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send the link' })).toBeNull();
  });
});
