import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { aUser } from '@/testing/fixtures';
import {
  bodyText,
  errorReply,
  mockApi,
  okReply,
  requestedPaths,
  type Reply,
  urlOf,
} from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

type User = ReturnType<typeof userEvent.setup>;

async function fillValidAccount(
  enterPhone = (user: User) => user.type(screen.getByLabelText('Phone'), '+33 6 12 34 56 78'),
) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Username'), 'nadia');
  await user.type(screen.getByLabelText('First name'), 'Nadia');
  await user.type(screen.getByLabelText('Last name'), 'Haddad');
  await user.type(screen.getByLabelText('Email'), 'nadia@example.com');
  await enterPhone(user);
  await user.type(screen.getByLabelText('Password'), 'Str0ng!pass');
  await user.type(screen.getByLabelText('Confirm password'), 'Str0ng!pass');
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

async function openSignup(path = '/signup') {
  const router = renderApp(path);
  await screen.findByRole('heading', { name: 'Create your account' });
  return router;
}

describe('signup form', () => {
  it('shows the specification’s message under each invalid field', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({});
    await openSignup();

    await user.type(screen.getByLabelText('Username'), 'ab');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Phone'), '12');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'different');
    await user.type(screen.getByLabelText('Invite code'), 'ABC');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const expectations = [
      ['Username', 'Username must be at least 3 characters'],
      ['First name', 'First name is required'],
      ['Last name', 'Last name is required'],
      ['Email', 'Please enter a valid email address'],
      ['Phone', 'Please enter a valid phone number in international format, e.g. +33612345678'],
      ['Password', 'Password must be at least 8 characters'],
      ['Confirm password', 'Passwords do not match'],
      ['Invite code', 'Invite code must be exactly 8 characters'],
    ] as const;
    for (const [label, message] of expectations) {
      const input = screen.getByLabelText(label);
      expect(input).toHaveAttribute('aria-invalid', 'true');
      // The password's description goes on with its rules, listed under it (each met or not).
      expect(input).toHaveAccessibleDescription(expect.stringContaining(message));
    }
    expect(requestedPaths(fetchMock)).toEqual([]);
  });

  it('names the missing kind of character in a weak password', async () => {
    const user = userEvent.setup();
    mockApi({});
    await openSignup();

    await user.type(screen.getByLabelText('Password'), 'longenough');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      expect.stringMatching(/^Password must contain an uppercase letter /),
    );
  });

  it('shows the messages in the reader’s language', async () => {
    const user = userEvent.setup();
    mockApi({});
    await i18n.changeLanguage('fr');
    renderApp('/signup');
    await screen.findByRole('heading', { name: 'Créer votre compte' });

    await user.click(screen.getByRole('button', { name: 'Créer le compte' }));

    expect(screen.getByLabelText('Nom d’utilisateur')).toHaveAccessibleDescription(
      'Le nom d’utilisateur doit contenir au moins 3 caractères',
    );
  });

  it('prefills the invite code from the link', async () => {
    mockApi({});
    await openSignup('/signup?code=K7M2QX9P');
    expect(screen.getByLabelText('Invite code')).toHaveValue('K7M2QX9P');
  });

  it('tells a user whose account awaits approval, without signing in', async () => {
    const fetchMock = mockApi({
      'POST /auth/register': okReply(
        { user: aUser({ status: 'inactive' }), pendingApproval: true },
        201,
      ),
    });
    await openSignup('/signup?code=K7M2QX9P');

    await fillValidAccount();

    expect(
      await screen.findByRole('heading', { name: 'Your account awaits approval' }),
    ).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toEqual(['POST /auth/register']);
    const [, registration] = fetchMock.mock.calls.find(([input]) =>
      urlOf(input).endsWith('/register'),
    )!;
    expect(JSON.parse(bodyText(registration!.body))).toMatchObject({
      phone: '+33612345678',
      inviteCode: 'K7M2QX9P',
      language: 'en',
    });
    expect(window.localStorage.getItem('userRole')).toBeNull();
  });

  it('sends the chosen country’s calling code before the national number', async () => {
    const fetchMock = mockApi({
      'POST /auth/register': okReply({ user: aUser(), pendingApproval: true }, 201),
    });
    await openSignup('/signup?code=K7M2QX9P');

    await fillValidAccount(async (user) => {
      const country = screen.getByRole('combobox', { name: 'Country' });
      await user.clear(country);
      await user.type(country, 'france');
      await user.keyboard('{Enter}');
      await user.type(screen.getByLabelText('Phone'), '06 12 34 56 78');
    });

    await screen.findByRole('heading', { name: 'Your account awaits approval' });
    const [, registration] = fetchMock.mock.calls.find(([input]) =>
      urlOf(input).endsWith('/register'),
    )!;
    expect(JSON.parse(bodyText(registration!.body))).toMatchObject({ phone: '+33612345678' });
  });

  it('puts a taken username under its field', async () => {
    const taken: Reply = {
      status: 409,
      body: {
        statusCode: 409,
        message: { type: 'conflict', text: 'This username is already taken' },
        details: [{ path: 'body.username', message: 'This username is already taken' }],
      },
    };
    mockApi({ 'POST /auth/register': taken });
    await openSignup('/signup?code=K7M2QX9P');

    await fillValidAccount();

    // Under the field for the reader, and in the form's alert beside the submit button.
    await waitFor(() =>
      expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(
        'This username is already taken',
      ),
    );
    expect(screen.getAllByText('This username is already taken')).toHaveLength(2);
  });

  it('explains a code that cannot be used', async () => {
    mockApi({
      'POST /auth/register': errorReply(
        'conflict',
        'This invite code is invalid, expired or already used',
      ),
    });
    await openSignup('/signup?code=K7M2QX9P');

    await fillValidAccount();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This invite code is invalid, expired or already used. Ask for a new one.',
    );
  });
});
