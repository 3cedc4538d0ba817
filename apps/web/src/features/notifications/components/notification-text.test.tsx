import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Notification } from '@keymarket/contracts/notifications';
import { renderWithProviders } from '@/testing/render-app';
import { NotificationText, notificationLink } from './notification-text';

const balanceLow: Notification = {
  id: '0b8b5f57-4d55-4a53-9b4a-8c3f3f6a1c09',
  type: 'upstream.balance_low',
  createdAt: '2026-12-07T10:00:00.000Z',
  readAt: null,
  data: {
    upstreamId: '2d0f5a4b-3c8e-4d9f-8a21-223344556688',
    upstreamName: 'Supplier A',
    balance: 15,
    threshold: 20,
  },
};

describe('a low balance at a supplier', () => {
  it('names the supplier, the balance and the alert, and leads to the suppliers', async () => {
    renderWithProviders(
      <p data-testid="entry">
        <NotificationText notification={balanceLow} />
      </p>,
    );
    const entry = await screen.findByTestId('entry');
    expect(entry).toHaveTextContent('Low balance at the supplier Supplier A · $15.00');
    expect(entry).toHaveTextContent('Below the alert of $20.00');
    expect(notificationLink(balanceLow, 'admin')).toBe('/admin/suppliers');
  });
});
