import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@keymarket/contracts/messages';
import { keyLines } from '@keymarket/contracts/orders';
import {
  bodyText,
  errorReply,
  mockApi,
  okReply,
  requestedPaths,
  type Reply,
} from '@/testing/mock-api';
import { definitionsOf, getByRoleShowing } from '@/testing/queries';
import { renderWithProviders } from '@/testing/render-app';
import { aProduct, PRODUCT_ID } from '../catalogue-fixtures';
import { KeysDialog } from './keys-dialog';

const KEYS_PATH = `/products/${PRODUCT_ID}/keys`;
const emptyInventory = okReply({
  data: [],
  pagination: { page: 1, limit: 10, total: 0, totalPages: 0 },
});
/** The dialog also follows the product's key file imports: none here. */
const noFileImports = { [`GET ${KEYS_PATH}/imports`]: okReply({ data: [] }) };

/** A reply the test releases by hand, to look at the screen while a part is in flight. */
function deferred() {
  let release!: (reply: Reply) => void;
  const promise = new Promise<Reply>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

/** The `keys` text of every import request sent so far. */
function sentParts(fetchMock: ReturnType<typeof mockApi>): string[] {
  return fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([, init]) => (JSON.parse(bodyText(init!.body)) as { keys: string }).keys);
}

// Whole forms filled through the real app providers: seconds, not milliseconds, on a busy machine.
describe('keys dialog', { timeout: 15_000 }, () => {
  it('imports a long paste in parts of 1,000 keys, one after another, and adds up the counts', async () => {
    const replies = [deferred(), deferred(), deferred()];
    let call = 0;
    const fetchMock = mockApi({
      ...noFileImports,
      [`GET ${KEYS_PATH}`]: emptyInventory,
      [`POST ${KEYS_PATH}`]: () => replies[call++]!.promise,
    });
    renderWithProviders(<KeysDialog product={aProduct({ stockQuantity: 0 })} onClose={vi.fn()} />);
    const user = userEvent.setup();

    // 2,500 keys, one of them twice, and two blank lines.
    const keys = Array.from({ length: 2_500 }, (_, index) => `KEY-${index}`);
    const paste = ['KEY-0', '', ...keys.slice(0, 1_200), '   ', ...keys.slice(1_200)].join('\n');
    fireEvent.change(await screen.findByLabelText('Keys, one per line'), {
      target: { value: paste },
    });
    expect(screen.getByLabelText('Keys, one per line')).toHaveAccessibleDescription(
      'Keys to import: 2501 · Sent in parts of up to 1000 keys, one after another: 3 parts.',
    );
    await user.click(screen.getByRole('button', { name: 'Import keys' }));

    const progress = await screen.findByRole('progressbar', {
      name: 'Pasted keys import progress',
    });
    expect(progress).toHaveAttribute('aria-valuenow', '0');
    expect(progress).toHaveAttribute('aria-valuemax', '3');
    expect(screen.getByRole('button', { name: /Importing/ })).toBeDisabled();
    await vi.waitFor(() => expect(sentParts(fetchMock)).toHaveLength(1));
    // The second part waits for the first to be answered.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sentParts(fetchMock)).toHaveLength(1);

    replies[0]!.release(
      okReply({ added: 999, duplicates: 1, blanks: 1, stock: 999, backordersFilled: 0 }),
    );
    await vi.waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '1'));
    expect(screen.getByText('Part 1 of 3 sent')).toBeInTheDocument();
    await vi.waitFor(() => expect(sentParts(fetchMock)).toHaveLength(2));
    replies[1]!.release(
      okReply({ added: 1_000, duplicates: 0, blanks: 1, stock: 1_999, backordersFilled: 2 }),
    );
    await vi.waitFor(() => expect(sentParts(fetchMock)).toHaveLength(3));
    replies[2]!.release(
      okReply({ added: 501, duplicates: 0, blanks: 0, stock: 2_498, backordersFilled: 1 }),
    );

    const result = await screen.findByRole('region', { name: 'Import finished' });
    expect(definitionsOf(result)).toEqual({
      Added: '2500',
      'Duplicates skipped': '1',
      'Blank lines skipped': '2',
      // Three waiting orders took their keys as the parts landed.
      'Waiting orders filled': '3',
      'Stock now': '2498',
    });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Keys, one per line')).toHaveValue('');

    const parts = sentParts(fetchMock);
    expect(parts.map((part) => keyLines(part).length)).toEqual([1_000, 1_000, 501]);
    expect(parts.flatMap(keyLines)).toEqual(keyLines(paste));
  });

  it('says where an import stopped and what the parts before it did', async () => {
    let call = 0;
    mockApi({
      ...noFileImports,
      [`GET ${KEYS_PATH}`]: emptyInventory,
      [`POST ${KEYS_PATH}`]: () =>
        call++ === 0
          ? okReply({ added: 1_000, duplicates: 0, blanks: 0, stock: 1_000, backordersFilled: 0 })
          : errorReply('internal'),
    });
    renderWithProviders(<KeysDialog product={aProduct({ stockQuantity: 0 })} onClose={vi.fn()} />);
    const user = userEvent.setup();

    const paste = Array.from({ length: 1_500 }, (_, index) => `KEY-${index}`).join('\n');
    fireEvent.change(await screen.findByLabelText('Keys, one per line'), {
      target: { value: paste },
    });
    await user.click(screen.getByRole('button', { name: 'Import keys' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The import stopped at part 2 of 2');
    expect(alert).toHaveTextContent('importing the same text again skips them as duplicates');
    const result = screen.getByRole('region', { name: 'Import finished' });
    expect(definitionsOf(result)).toMatchObject({ Added: '1000' });
    // The text stays, so it can be sent again.
    expect(screen.getByLabelText('Keys, one per line')).toHaveValue(paste);
  });

  it('sends no further part once the dialog is closed mid-import, and says how far it got', async () => {
    const first = deferred();
    const fetchMock = mockApi({
      ...noFileImports,
      [`GET ${KEYS_PATH}`]: emptyInventory,
      [`POST ${KEYS_PATH}`]: () => first.promise,
    });
    function ClosableDialog() {
      const [open, setOpen] = useState(true);
      const product = aProduct({ stockQuantity: 0, name: 'Steam 20' });
      return <KeysDialog product={open ? product : null} onClose={() => setOpen(false)} />;
    }
    renderWithProviders(<ClosableDialog />);
    const user = userEvent.setup();
    const paste = Array.from({ length: 2_500 }, (_, index) => `KEY-${index}`).join('\n');
    fireEvent.change(await screen.findByLabelText('Keys, one per line'), {
      target: { value: paste },
    });
    await user.click(screen.getByRole('button', { name: 'Import keys' }));
    await vi.waitFor(() => expect(sentParts(fetchMock)).toHaveLength(1));

    // The admin closes the dialog while part 1 of 3 is in flight.
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      await screen.findByText(
        'The key import into Steam 20 stops after the part in progress: 0 of 3 parts were imported.',
      ),
    ).toBeInTheDocument();
    first.release(
      okReply({ added: 1_000, duplicates: 0, blanks: 0, stock: 1_000, backordersFilled: 0 }),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sentParts(fetchMock)).toHaveLength(1);
  });

  it('asks for keys before sending a paste of blank lines', async () => {
    const fetchMock = mockApi({ ...noFileImports, [`GET ${KEYS_PATH}`]: emptyInventory });
    renderWithProviders(<KeysDialog product={aProduct()} onClose={vi.fn()} />);
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Keys, one per line'), '   {enter}{enter}');
    await user.click(screen.getByRole('button', { name: 'Import keys' }));

    expect(screen.getByLabelText('Keys, one per line')).toHaveAccessibleDescription(
      messages.keysRequired,
    );
    // Only the reads of the inventory (its page and its unsold count) and of the file imports:
    // no import was sent.
    expect(requestedPaths(fetchMock).sort()).toEqual([
      `GET ${KEYS_PATH}`,
      `GET ${KEYS_PATH}`,
      `GET ${KEYS_PATH}/imports`,
    ]);
  });

  it('lists the inventory masked, sold and available', async () => {
    mockApi({
      ...noFileImports,
      [`GET ${KEYS_PATH}`]: okReply({
        data: [
          {
            id: '0b7d1f52-3c2e-4f7a-9a41-7c5e2d9b8a21',
            masked: '••••••••AB12',
            sold: false,
            orderId: null,
            soldAt: null,
            createdAt: '2025-02-01T09:00:00.000Z',
          },
          {
            id: '0b7d1f52-3c2e-4f7a-9a41-7c5e2d9b8a22',
            masked: '••••••••CD34',
            sold: true,
            orderId: '9b2d7e1a-3c4f-4a5b-8c6d-7e8f9a0b1c2d',
            soldAt: '2025-02-02T09:00:00.000Z',
            createdAt: '2025-02-01T09:00:00.000Z',
          },
        ],
        pagination: { page: 1, limit: 10, total: 2, totalPages: 1 },
      }),
    });
    renderWithProviders(<KeysDialog product={aProduct()} onClose={vi.fn()} />);

    expect(await screen.findByText('Keys in the inventory: 2')).toBeInTheDocument();
    const available = getByRoleShowing('listitem', '••••••••AB12');
    expect(within(available).getByText('Available')).toBeInTheDocument();
    const sold = getByRoleShowing('listitem', '••••••••CD34');
    expect(within(sold).getByText('Sold')).toBeInTheDocument();
    expect(within(sold).getByText(/^Sold Feb 2, 2025/)).toBeInTheDocument();
  });
});
