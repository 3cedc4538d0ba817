import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { BulkPreview, BulkResult } from '@keymarket/contracts/bulk-fulfilment';
import { bodyText, errorReply, mockApi, okReply, requestedPaths } from '@/testing/mock-api';
import { i18n } from '@/lib/i18n';
import { renderWithProviders } from '@/testing/render-app';
import { CompleteFromCsvDialog } from './complete-from-csv-dialog';
import { RejectSelectedDialog } from './reject-selected-dialog';
import type { Order } from '@keymarket/contracts/orders';

const READY = '9b2d7e1a-3c4f-4a5b-8c6d-7e8f9a0b1c2d';
const SHORT = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const CSV = `${READY},"KEY, 1",KEY-2\n${SHORT},ONE\nnot-an-id,X`;

const preview: BulkPreview = {
  orders: [
    {
      orderId: READY,
      lines: [1],
      productName: 'Netflix account',
      buyer: { id: '6f1c2a4e-8a53-4c39-9d2b-3f0a3c1e7b11', username: 'nadia' },
      quantity: 2,
      status: 'pending',
      keysGiven: 2,
      refusal: null,
      message: null,
    },
    {
      orderId: SHORT,
      lines: [2],
      productName: 'Spotify family',
      buyer: { id: '7f1c2a4e-8a53-4c39-9d2b-3f0a3c1e7b11', username: 'omar' },
      quantity: 3,
      status: 'pending',
      keysGiven: 1,
      refusal: 'line_count',
      message: 'Give exactly 3 keys, one per unit (the CSV gives 1)',
    },
  ],
  unparsable: [
    { line: 3, reason: 'not_an_order', message: 'Line 3: "not-an-id" is not an order id' },
  ],
  completable: 1,
};

const result: BulkResult = {
  orders: [
    { orderId: READY, outcome: 'completed', refusal: null, message: null },
    {
      orderId: SHORT,
      outcome: 'refused',
      refusal: 'line_count',
      message: 'Give exactly 3 keys, one per unit (the CSV gives 1)',
    },
  ],
  unparsable: preview.unparsable,
};

async function pasteAndPreview() {
  const user = userEvent.setup();
  const field = await screen.findByLabelText('Paste the CSV');
  await user.click(field);
  await user.paste(CSV);
  await user.click(screen.getByRole('button', { name: 'Preview' }));
  return user;
}

describe('Complete from CSV dialog', () => {
  it('previews each order, marks the refused with their reason, then completes the rest', async () => {
    const fetchMock = mockApi({
      'POST /orders/bulk-complete/preview': okReply(preview),
      'POST /orders/bulk-complete': okReply(result),
    });
    renderWithProviders(<CompleteFromCsvDialog open onClose={vi.fn()} />);
    const user = await pasteAndPreview();

    const table = await screen.findByRole('table', { name: 'Orders in the CSV' });
    const [, ready, short] = within(table).getAllByRole('row');
    expect(ready).toHaveTextContent('Netflix account');
    expect(ready).toHaveTextContent('Will be completed');
    expect(short).toHaveTextContent('Refused');
    expect(short).toHaveTextContent('Needs exactly 3 keys, one per unit (the CSV gives 1)');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Line 3: it does not start with an order id',
    );
    expect(screen.getByRole('status')).toHaveTextContent('1 order will be completed, 1 refused.');

    await user.click(screen.getByRole('button', { name: 'Complete 1 order' }));

    expect(await screen.findByRole('status')).toHaveTextContent('1 done, 1 refused.');
    const results = screen.getByRole('table', { name: 'Results' });
    expect(within(results).getAllByRole('row')[1]).toHaveTextContent('Completed');
    expect(requestedPaths(fetchMock)).toEqual([
      'POST /orders/bulk-complete/preview',
      'POST /orders/bulk-complete',
    ]);
    expect(JSON.parse(bodyText(fetchMock.mock.calls[1]![1]!.body))).toEqual({ csv: CSV });
  });

  it('asks for a new preview once the CSV changes, and offers nothing to complete when all are refused', async () => {
    mockApi({
      'POST /orders/bulk-complete/preview': okReply({
        ...preview,
        orders: [preview.orders[1]!],
        completable: 0,
      }),
    });
    renderWithProviders(<CompleteFromCsvDialog open onClose={vi.fn()} />);
    const user = await pasteAndPreview();

    expect(await screen.findByRole('button', { name: 'Complete 0 orders' })).toBeDisabled();
    await user.type(screen.getByLabelText('Paste the CSV'), 'x');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Preview' })).toBeEnabled();
  });

  it('says a refused CSV in place, in the reader’s language', async () => {
    mockApi({
      'POST /orders/bulk-complete/preview': errorReply(
        'validation',
        'The CSV cannot exceed 10000 lines',
      ),
    });
    await i18n.changeLanguage('fr');
    renderWithProviders(<CompleteFromCsvDialog open onClose={vi.fn()} />);
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Collez le CSV'));
    await user.paste(CSV);
    await user.click(screen.getByRole('button', { name: 'Aperçu' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Le CSV n’a pas pu être lu');
  });
});

describe('Reject selected dialog', () => {
  const order = (id: string, productName: string): Order => ({
    id,
    status: 'pending',
    productId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    productName,
    buyer: { id: '6f1c2a4e-8a53-4c39-9d2b-3f0a3c1e7b11', username: 'nadia' },
    seller: null,
    category: null,
    quantity: 1,
    deliveryType: 'request',
    unitPrice: 5,
    totalAmount: 5,
    createdAt: '2025-02-01T09:00:00.000Z',
    deliveredAt: null,
    notes: null,
    rejectionReason: null,
    cancelledByBuyer: false,
    backordered: false,
  });

  it('asks one reason, sends every selected order and shows each one’s result', async () => {
    const fetchMock = mockApi({
      'POST /orders/bulk-reject': okReply({
        orders: [
          { orderId: READY, outcome: 'rejected', refusal: null, message: null },
          {
            orderId: SHORT,
            outcome: 'refused',
            refusal: 'not_pending',
            message: 'This order is already completed',
          },
        ],
        unparsable: [],
      } satisfies BulkResult),
    });
    const onDone = vi.fn();
    renderWithProviders(
      <RejectSelectedDialog
        open
        orders={[order(READY, 'Netflix account'), order(SHORT, 'Spotify family')]}
        onClose={vi.fn()}
        onDone={onDone}
      />,
    );
    const user = userEvent.setup();
    const submit = await screen.findByRole('button', { name: 'Reject 2 orders' });
    await user.click(submit);
    expect(await screen.findByText('Please provide a reason for rejection')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Reason'), 'Supplier out of stock');
    await user.click(submit);

    const results = await screen.findByRole('table', { name: 'Results' });
    const [, first, second] = within(results).getAllByRole('row');
    expect(first).toHaveTextContent('Netflix account');
    expect(first).toHaveTextContent('Rejected and refunded');
    expect(second).toHaveTextContent('Already answered');
    expect(onDone).toHaveBeenCalled();
    expect(requestedPaths(fetchMock)).toEqual(['POST /orders/bulk-reject']);
    expect(JSON.parse(bodyText(fetchMock.mock.calls[0]![1]!.body))).toEqual({
      orderIds: [READY, SHORT],
      reason: 'Supplier out of stock',
    });
  });
});
