import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Session } from '@keymarket/contracts/sessions';
import { errorReply, mockApi, okReply, requestedPaths, urlOf } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-app';
import { SessionsList } from './sessions-list';

/** The devices listed (toasts are list items too). */
const devices = async () =>
  within(await screen.findByRole('list', { name: 'Signed-in devices' })).getAllByRole('listitem');

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function aSession(overrides: Partial<Session> = {}): Session {
  return {
    id: '5b1f0c52-3c2e-4f7a-9a41-7c5e2d9b8a11',
    device: { type: 'desktop', browser: 'Chrome 131', os: 'Windows 10' },
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0.0.0',
    ip: '203.0.113.7',
    country: 'FR',
    signedInAt: minutesAgo(3 * 24 * 60),
    lastSeenAt: minutesAgo(0),
    current: true,
    ...overrides,
  };
}

const PHONE_ID = '7c2a1d63-4d3f-4a8b-8b52-8d6f3eac9b22';
const phone = aSession({
  id: PHONE_ID,
  device: { type: 'mobile', browser: 'Safari 17', os: 'iOS 17.5' },
  ip: '198.51.100.4',
  country: undefined,
  lastSeenAt: minutesAgo(180),
  current: false,
});

describe('signed-in devices (own)', () => {
  it('lists each device with its address, country and last seen, the current one marked', async () => {
    mockApi({ 'GET /users/me/sessions': okReply({ sessions: [aSession(), phone] }) });
    renderWithProviders(<SessionsList owner={{ me: true }} />);

    const [laptopRow, phoneRow] = await devices();
    expect(laptopRow).toHaveTextContent('Chrome 131 on Windows 10');
    expect(laptopRow).toHaveTextContent('203.0.113.7 · France · Active now');
    expect(within(laptopRow!).getByText('This device')).toBeInTheDocument();
    // The current device is signed out by signing out, not from here.
    expect(within(laptopRow!).queryByRole('button')).not.toBeInTheDocument();
    expect(phoneRow).toHaveTextContent('Safari 17 on iOS 17.5');
    expect(phoneRow).toHaveTextContent('198.51.100.4 · Last seen 3 hours ago');
    expect(phoneRow).not.toHaveTextContent('This device');
  });

  it('signs out one other device after a confirmation', async () => {
    const user = userEvent.setup();
    let sessions = [aSession(), phone];
    const fetchMock = mockApi({
      'GET /users/me/sessions': () => okReply({ sessions }),
      [`DELETE /users/me/sessions/${PHONE_ID}`]: () => {
        sessions = [aSession()];
        return okReply({ ended: 1 });
      },
    });
    renderWithProviders(<SessionsList owner={{ me: true }} />);

    await user.click(await screen.findByRole('button', { name: 'Sign out Safari 17 on iOS 17.5' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out this device?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByText('Safari 17 on iOS 17.5 is signed out')).toBeInTheDocument();
    await waitFor(async () => expect(await devices()).toHaveLength(1));
    expect(requestedPaths(fetchMock)).toContain(`DELETE /users/me/sessions/${PHONE_ID}`);
  });

  it('signs out every other device, asking for others=true', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      'GET /users/me/sessions': okReply({ sessions: [aSession(), phone] }),
      'DELETE /users/me/sessions': okReply({ ended: 1 }),
    });
    renderWithProviders(<SessionsList owner={{ me: true }} />);

    await user.click(await screen.findByRole('button', { name: 'Sign out all other devices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out all other devices?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out all other devices' }));

    expect(await screen.findByText('All other devices are signed out')).toBeInTheDocument();
    const deletes = fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    expect(urlOf(deletes[0]![0])).toMatch(/\/api\/users\/me\/sessions\?others=true$/);
  });

  it('offers no "all other devices" when this is the only one, and names an unknown device', async () => {
    mockApi({
      'GET /users/me/sessions': okReply({
        sessions: [aSession({ device: { type: 'unknown', browser: null, os: null }, ip: null })],
      }),
    });
    renderWithProviders(<SessionsList owner={{ me: true }} />);

    expect(await screen.findByText('Unknown device')).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Sign out all other devices' }),
    ).not.toBeInTheDocument();
  });

  it('keeps the dialog open with the reason when the server refuses', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /users/me/sessions': okReply({ sessions: [aSession(), phone] }),
      [`DELETE /users/me/sessions/${PHONE_ID}`]: errorReply(
        'not_found',
        'This session does not exist or has already ended',
      ),
    });
    renderWithProviders(<SessionsList owner={{ me: true }} />);

    await user.click(await screen.findByRole('button', { name: 'Sign out Safari 17 on iOS 17.5' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This session does not exist or has already ended',
    );
  });

  it('says the list could not be loaded', async () => {
    mockApi({ 'GET /users/me/sessions': errorReply('internal') });
    renderWithProviders(<SessionsList owner={{ me: true }} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The signed-in devices could not be loaded.',
    );
  });
});

describe("signed-in devices (another user's, administrators)", () => {
  const USER_ID = '2e8c1b74-5e40-4b9c-9c63-9e7f4fbdac33';

  it('signs the user out of every device', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      [`GET /users/${USER_ID}/sessions`]: okReply({
        sessions: [{ ...phone, current: false }],
      }),
      [`DELETE /users/${USER_ID}/sessions`]: okReply({ ended: 1 }),
    });
    renderWithProviders(<SessionsList owner={{ userId: USER_ID }} username="karim" />);

    // Every device of another user can be ended, none being the viewer's.
    expect(
      await screen.findByRole('button', { name: 'Sign out Safari 17 on iOS 17.5' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out of every device' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign @karim out everywhere?' });
    expect(dialog).toHaveTextContent('This is recorded in the audit log.');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out of every device' }));

    expect(await screen.findByText('@karim is signed out everywhere')).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toContain(`DELETE /users/${USER_ID}/sessions`);
  });
});
