import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Order } from '@keymarket/contracts/orders';
import { bodyText, errorReply, mockApi, okReply, requestedPaths } from '@/testing/mock-api';
import { i18n } from '@/lib/i18n';
import { renderWithProviders } from '@/testing/render-app';
import { limitKeyLines } from './limit-key-lines';
import { RejectOrderDialog } from './reject-order-dialog';
import { SendKeysDialog } from './send-keys-dialog';

const ORDER_ID = '9b2d7e1a-3c4f-4a5b-8c6d-7e8f9a0b1c2d';

function aPendingOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: ORDER_ID,
    status: 'pending',
    productId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    productName: 'Netflix account',
    buyer: { id: '6f1c2a4e-8a53-4c39-9d2b-3f0a3c1e7b11', username: 'nadia' },
    seller: null,
    category: null,
    quantity: 2,
    deliveryType: 'request',
    unitPrice: 5,
    totalAmount: 10,
    createdAt: '2025-02-01T09:00:00.000Z',
    deliveredAt: null,
    notes: null,
    rejectionReason: null,
    cancelledByBuyer: false,
    backordered: false,
    ...overrides,
  };
}

describe('limitKeyLines', () => {
  it('keeps up to the quantity of non-empty lines', () => {
    expect(limitKeyLines('a\n\nb\nc\nd', 2)).toEqual({ text: 'a\n\nb', cut: true });
    expect(limitKeyLines('a\nb\n', 2)).toEqual({ text: 'a\nb\n', cut: false });
    expect(limitKeyLines('a', 2)).toEqual({ text: 'a', cut: false });
  });
});

describe('send keys dialog', () => {
  it('counts lines through the language’s plural rules (Arabic has six forms)', async () => {
    renderWithProviders(
      <SendKeysDialog order={aPendingOrder({ quantity: 1 })} onClose={vi.fn()} />,
    );

    expect(
      screen.getByText('Enter 1 line for “Netflix account”: one key or account per line.'),
    ).toBeInTheDocument();
    expect(screen.getByText('0 / 1 line')).toBeInTheDocument();

    await i18n.changeLanguage('ar');
    expect(
      await screen.findByText(
        // The product's name isolated, whole, inside the right-to-left sentence.
        'أدخل سطرًا واحدًا لـ «\u2068Netflix account\u2069»: مفتاح أو حساب واحد في كل سطر.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('0 / 1 سطر')).toBeInTheDocument();
  });

  it('refuses lines beyond the quantity and sends only a complete set', async () => {
    const fetchMock = mockApi({
      [`PATCH /orders/${ORDER_ID}/respond`]: okReply(aPendingOrder({ status: 'completed' })),
    });
    renderWithProviders(<SendKeysDialog order={aPendingOrder()} onClose={vi.fn()} />);
    const user = userEvent.setup();
    const keys = screen.getByLabelText('Keys or account details');
    const submit = screen.getByRole('button', { name: 'Send keys' });

    await user.type(keys, 'KEY-1');
    expect(screen.getByText('1 / 2 lines')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    // A paste of three lines into an order of two.
    fireEvent.change(keys, { target: { value: 'KEY-1\nKEY-2\nKEY-3' } });
    expect(keys).toHaveValue('KEY-1\nKEY-2');
    expect(keys).toHaveAccessibleDescription(
      'This order takes 2 lines; the extra lines were removed.',
    );
    expect(screen.getByText('2 / 2 lines')).toBeInTheDocument();
    expect(submit).toBeEnabled();

    await user.click(submit);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(requestedPaths(fetchMock)).toEqual([`PATCH /orders/${ORDER_ID}/respond`]);
    expect(JSON.parse(bodyText(fetchMock.mock.calls[0]![1]!.body))).toEqual({
      status: 'completed',
      keys: 'KEY-1\nKEY-2',
    });
  });

  it('shows a refused delivery in place', async () => {
    mockApi({ [`PATCH /orders/${ORDER_ID}/respond`]: errorReply('conflict', 'Already answered') });
    renderWithProviders(
      <SendKeysDialog order={aPendingOrder({ quantity: 1 })} onClose={vi.fn()} />,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Keys or account details'), 'KEY-1');
    await user.click(screen.getByRole('button', { name: 'Send keys' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to send product keys. Please try again.');
  });
});

describe('reject order dialog', () => {
  it('requires a reason before rejecting', async () => {
    const fetchMock = mockApi({
      [`PATCH /orders/${ORDER_ID}/respond`]: okReply(aPendingOrder({ status: 'rejected' })),
    });
    renderWithProviders(
      <RejectOrderDialog order={aPendingOrder()} mode="reject" onClose={vi.fn()} />,
    );
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Reject order' }));
    expect(screen.getByLabelText('Reason')).toHaveAccessibleDescription(
      'Please provide a reason for rejection',
    );
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Reason'), 'Out of accounts');
    await user.click(screen.getByRole('button', { name: 'Reject order' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(JSON.parse(bodyText(fetchMock.mock.calls[0]![1]!.body))).toEqual({
      status: 'rejected',
      reason: 'Out of accounts',
    });
  });

  it('shows a refused cancellation in place', async () => {
    mockApi({ [`PATCH /orders/${ORDER_ID}/respond`]: errorReply('conflict', 'Already answered') });
    renderWithProviders(
      <RejectOrderDialog order={aPendingOrder()} mode="cancel" onClose={vi.fn()} />,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Why are you cancelling?'), 'Changed my mind');
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to cancel the order. Please try again.');
  });

  it('reads as a cancellation: "Keep order" beside "Cancel order", and asks why it cancels', async () => {
    const fetchMock = mockApi({});
    const onClose = vi.fn();
    renderWithProviders(
      <RejectOrderDialog order={aPendingOrder()} mode="cancel" onClose={onClose} />,
    );
    const user = userEvent.setup();

    expect(screen.getByRole('dialog', { name: 'Cancel this order?' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Cancel$/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(screen.getByLabelText('Why are you cancelling?')).toHaveAccessibleDescription(
      'Please say why you are cancelling this order',
    );
    expect(requestedPaths(fetchMock)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Keep order' }));
    expect(onClose).toHaveBeenCalled();
  });
});
