import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '@keymarket/contracts/notifications';
import { aUser } from '@/testing/fixtures';
import { mockApi, okReply, requestedPaths, urlOf } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { invalidationsFor } from '../api/live-updates';

/** The browser's EventSource, driven by the test: `emit` delivers a server event. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.OPEN;
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    super();
    FakeEventSource.opened.push(this);
  }
  emit(type: string, data: unknown, lastEventId = '') {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data), lastEventId }));
  }
  fail() {
    this.readyState = FakeEventSource.CLOSED;
    this.dispatchEvent(new Event('error'));
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

const completed: Notification = {
  id: '0b8b5f57-4d55-4a53-9b4a-8c3f3f6a1c01',
  type: 'order.completed',
  createdAt: '2026-11-24T10:00:00.000Z',
  readAt: null,
  data: {
    orderId: '1c9e4f3a-2b7d-4c8e-9f10-112233445566',
    productName: 'Netflix 1M',
    quantity: 1,
    totalAmount: 10,
  },
};
const profit: Notification = {
  id: '0b8b5f57-4d55-4a53-9b4a-8c3f3f6a1c02',
  type: 'profit.credited',
  createdAt: '2026-11-24T09:00:00.000Z',
  readAt: '2026-11-24T09:30:00.000Z',
  data: { amount: 12.4, orders: 3 },
};
const webhookDisabled: Notification = {
  id: '0b8b5f57-4d55-4a53-9b4a-8c3f3f6a1c03',
  type: 'webhook.disabled',
  createdAt: '2026-11-24T08:00:00.000Z',
  readAt: '2026-11-24T08:30:00.000Z',
  data: {
    webhookId: '2d0f5a4b-3c8e-4d9f-8a21-223344556677',
    url: 'https://shop.example/hooks',
  },
};
const listOf = (data: Notification[], unread: number) =>
  okReply({ data, pagination: { page: 1, limit: 8, total: data.length, totalPages: 1 }, unread });

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  window.localStorage.setItem('userRole', 'reseller');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the bell', () => {
  it('shows the unread count, lists the latest with links, and marks all read', async () => {
    const user = userEvent.setup();
    let unread = 2;
    const fetchMock = mockApi({
      'GET /users/me/role': okReply({ role: 'reseller' }),
      'GET /users/me': okReply(aUser()),
      'GET /notifications/unread-count': () => okReply({ unread }),
      'GET /notifications': () => listOf([completed, profit, webhookDisabled], unread),
      'POST /notifications/read-all': () => {
        unread = 0;
        return okReply({ updated: 2 });
      },
    });
    renderApp('/reseller/profile');

    // The first test of the file also waits for the area's chunks to load.
    await screen.findByLabelText('Your balance', {}, { timeout: 20_000 });
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await user.click(bell);
    const panel = await screen.findByRole('menu');
    const entry = await within(panel).findByRole('menuitem', { name: /Your order was completed/ });
    expect(entry).toHaveTextContent('Netflix 1M');
    expect(entry).toHaveAttribute('href', `/reseller/orders?order=${completed.data.orderId}`);
    expect(within(panel).getByRole('menuitem', { name: /3 sales/ })).toHaveTextContent('$12.40');
    const disabled = within(panel).getByRole('menuitem', { name: /failed every delivery/ });
    expect(disabled).toHaveTextContent('https://shop.example/hooks');
    expect(disabled).toHaveAttribute('href', '/reseller/api');

    await user.click(within(panel).getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toContain('POST /notifications/read-all');
  }, 30_000);
});

describe('live figures', () => {
  it('refreshes the balance and the bell when the stream says so, without a reload', async () => {
    let balance = 120.5;
    let unread = 0;
    mockApi({
      'GET /users/me/role': okReply({ role: 'reseller' }),
      'GET /users/me': () =>
        okReply(aUser({ balance: { current: balance, total: 300, spent: 0, profit: 4 } })),
      'GET /notifications/unread-count': () => okReply({ unread }),
    });
    renderApp('/reseller/profile');
    // The first render loads the area's lazy chunks: seconds on a busy machine (as above).
    const summary = await screen.findByLabelText('Your balance', {}, { timeout: 20_000 });
    expect(summary).toHaveTextContent('$120.50');
    const [stream] = FakeEventSource.opened;
    expect(stream?.url).toBe('/api/notifications/stream');

    balance = 150;
    act(() => stream?.emit('balance', {}));
    // The top bar's figure (the profile screen may show the balance too, once its chunk loads).
    expect(await within(summary).findByText('$150.00')).toBeInTheDocument();

    unread = 1;
    act(() => stream?.emit('notification', completed, '1795550000000000'));
    expect(
      await screen.findByRole('button', { name: 'Notifications, 1 unread' }),
    ).toBeInTheDocument();
  }, 30_000);

  it('falls back to refetching on focus while the stream is down, and reopens it from the last event', async () => {
    let balance = 10;
    mockApi({
      'GET /users/me/role': okReply({ role: 'reseller' }),
      'GET /users/me': () =>
        okReply(aUser({ balance: { current: balance, total: 10, spent: 0, profit: 0 } })),
    });
    renderApp('/reseller/profile');
    const summary = await screen.findByLabelText('Your balance', {}, { timeout: 20_000 });
    expect(await within(summary).findByText('$10.00')).toBeInTheDocument();
    // Faked only once the screen is up: the first render loads lazy chunks, which a busy
    // machine can take seconds over, and the reconnect delay is all this test needs to control.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const [stream] = FakeEventSource.opened;
    act(() => stream?.emit('notification', completed, '42'));
    act(() => stream?.fail());

    balance = 25;
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(await within(summary).findByText('$25.00')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(3_500));
    expect(FakeEventSource.opened.at(-1)?.url).toBe('/api/notifications/stream?lastEventId=42');
    vi.useRealTimers();
  }, 30_000);
});

describe('invalidationsFor', () => {
  const rejected: Notification = {
    ...completed,
    type: 'order.rejected',
    data: { ...completed.data, reason: 'Out of codes' },
  };

  it('refreshes every money figure on screen together: top bar, dashboard and statements', () => {
    const money = [['users', 'me'], ['analytics'], ['ledger']];
    expect(invalidationsFor('balance', {})).toEqual(money);
    for (const keys of [
      invalidationsFor('orders', { orderId: null }),
      invalidationsFor('notification', completed),
      invalidationsFor('notification', rejected),
      invalidationsFor('notification', profit),
    ]) {
      expect(keys).toEqual(expect.arrayContaining(money));
    }
  });

  it('refreshes the order lists, details and counts (and the dashboard) with any order change', () => {
    for (const keys of [
      invalidationsFor('orders', { orderId: null }),
      invalidationsFor('notification', rejected),
    ]) {
      expect(keys).toEqual(expect.arrayContaining([['orders'], ['analytics']]));
    }
    // An answered order resolves the administrators' order.pending entries: their bell reads again.
    expect(invalidationsFor('orders', { orderId: null })).toContainEqual(['notifications']);
  });

  it('names each query once, and nothing for an event it does not know', () => {
    const keys = invalidationsFor('notification', rejected);
    expect(new Set(keys.map((key) => JSON.stringify(key))).size).toBe(keys.length);
    expect(keys[0]).toEqual(['notifications']);
    expect(invalidationsFor('ready', {})).toEqual([]);
    expect(invalidationsFor('notification', { type: 'unknown' })).toEqual([['notifications']]);
  });
});

describe('the notifications screen', () => {
  it("filters by type, offering the role's types, and says when none of that type is there", async () => {
    const user = userEvent.setup();
    window.localStorage.setItem('userRole', 'admin');
    const fetchMock = mockApi({
      'GET /users/me/role': okReply({ role: 'admin' }),
      'GET /users/me': okReply(aUser({ role: 'admin' })),
      'GET /notifications/unread-count': okReply({ unread: 0 }),
      'GET /notifications': () => listOf([], 0),
    });
    renderApp('/admin/notifications');

    const filter = await screen.findByRole(
      'combobox',
      { name: 'Type of notification' },
      { timeout: 20_000 },
    );
    const options = within(filter)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toContain('An order waits for an answer');
    expect(options).not.toContain('An order of yours is completed');
    await user.selectOptions(filter, 'order.pending');

    expect(await screen.findByText('No notification of this type here.')).toBeInTheDocument();
    const urls = fetchMock.mock.calls.map(([input]) => urlOf(input));
    expect(
      urls.some((url) => url.includes('/notifications?') && url.includes('type=order.pending')),
    ).toBe(true);
  }, 30_000);
});
