import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aUser } from '@/testing/fixtures';
import { bodyText, mockApi, okReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

function signedIn(role: 'reseller' | 'admin', extra: Parameters<typeof mockApi>[0]) {
  window.localStorage.setItem('userRole', role);
  return mockApi({
    'GET /users/me/role': okReply({ role }),
    'GET /users/me': okReply(aUser({ role })),
    ...extra,
  });
}

describe('email preferences on the profile screen', { timeout: 40_000 }, () => {
  it('offers the role’s types, and saves the chosen ones in the interface’s language', async () => {
    const fetchMock = signedIn('reseller', {
      'GET /users/me/notification-preferences': okReply({
        email: ['order.completed'],
        language: 'en',
        emailAvailable: true,
      }),
      'PUT /users/me/notification-preferences': okReply({
        email: ['order.completed', 'ticket.answered'],
        language: 'en',
        emailAvailable: true,
      }),
    });
    const user = userEvent.setup();
    renderApp('/reseller/profile');

    const completed = await screen.findByLabelText(
      'An order of yours is completed',
      {},
      { timeout: 25_000 },
    );
    expect(completed).toBeChecked();
    // An administrator's types are not offered to a reseller.
    expect(screen.queryByLabelText('A product runs low on stock')).toBeNull();
    // Every role owns webhooks, so every role may be told by email that one was disabled.
    expect(
      screen.getByLabelText('Your webhook is disabled after 24 hours of failures'),
    ).not.toBeChecked();
    await user.click(screen.getByLabelText('Your ticket is answered'));
    await user.click(screen.getByText('Save email choices'));

    expect(await screen.findByText('Email choices saved')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(bodyText(put![1]!.body))).toEqual({
      email: ['order.completed', 'ticket.answered'],
      language: 'en',
    });
  });

  it('is not shown when the server sends no email', async () => {
    signedIn('admin', {});
    renderApp('/admin/profile');
    expect(await screen.findByText('Change password', {}, { timeout: 10_000 })).toBeInTheDocument();
    // The preferences were read (emailAvailable: false): nothing is waiting to appear.
    await waitFor(() => expect(screen.queryByText('Loading…')).toBeNull());
    expect(screen.queryByText('Email notifications')).toBeNull();
  });
});
