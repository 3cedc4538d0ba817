import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubXhr, type FakeXhr } from '@/testing/fake-xhr';
import { errorReply, mockApi, okReply } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-app';
import { aProduct, PRODUCT_ID } from '../catalogue-fixtures';
import { isKeyFileName } from './key-file-import';
import { KeysDialog } from './keys-dialog';

const KEYS_PATH = `/products/${PRODUCT_ID}/keys`;
const OTHER_ID = '0b0f6c1e-1111-4a57-9a0e-0f1d6c1b2a02';
const KEY_A = '11111111-1111-4111-8111-111111111111';
const KEY_B = '22222222-2222-4222-8222-222222222222';

const inventory = okReply({
  data: [
    {
      id: KEY_A,
      masked: 'ABCD••••WXYZ',
      sold: false,
      orderId: null,
      soldAt: null,
      createdAt: '2026-11-24T10:00:00.000Z',
    },
    {
      id: KEY_B,
      masked: 'EFGH••••WXYZ',
      sold: false,
      orderId: null,
      soldAt: null,
      createdAt: '2026-11-24T10:00:00.000Z',
    },
  ],
  pagination: { page: 1, limit: 10, total: 2, totalPages: 1 },
});

function bodyOf(fetchMock: ReturnType<typeof mockApi>, method: string) {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === method);
  return call ? JSON.parse(String(call[1]!.body)) : undefined;
}

describe('key pool', { timeout: 15_000 }, () => {
  it('tells key files by their extension', () => {
    expect(isKeyFileName('keys.TXT')).toBe(true);
    expect(isKeyFileName('export.csv')).toBe(true);
    expect(isKeyFileName('keys.xlsx')).toBe(false);
    expect(isKeyFileName('csv')).toBe(false);
  });

  it('streams a key file as the body, shows the upload progress, then the counts', async () => {
    mockApi({ [`GET ${KEYS_PATH}`]: inventory });
    const uploads = stubXhr();
    renderWithProviders(<KeysDialog product={aProduct({ stockQuantity: 2 })} onClose={vi.fn()} />);
    const user = userEvent.setup();
    const file = new File(['KEY-1\nKEY-2\n'], 'keys.txt', { type: 'text/plain' });

    await user.upload(await screen.findByLabelText('Key file'), file);
    await user.click(screen.getByRole('button', { name: 'Upload file' }));
    await vi.waitFor(() => expect(uploads).toHaveLength(1));
    const [xhr] = uploads as [FakeXhr];
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(`/api${KEYS_PATH}/file?name=keys.txt`);
    expect(xhr.body).toBe(file);
    expect(xhr.requestHeaders['Content-Type']).toBe('application/octet-stream');

    const progress = screen.getByRole('progressbar', { name: 'Key file upload progress' });
    act(() => xhr.progress(6, 12));
    expect(progress).toHaveAttribute('aria-valuenow', '50');
    expect(progress).toHaveAttribute('aria-valuetext', 'Uploading: 50%');
    act(() => xhr.progress(12, 12));
    expect(progress).toHaveAttribute('aria-valuetext', 'Uploaded; adding the keys…');

    act(() => xhr.respond(200, { added: 2, duplicates: 3, blanks: 4, stock: 4 }));
    const result = await screen.findByRole('region', { name: 'Import finished' });
    expect(within(result).getByText('Duplicates skipped').nextSibling).toHaveTextContent('3');
    expect(within(result).getByText('Blank lines skipped').nextSibling).toHaveTextContent('4');
    expect(screen.queryByRole('progressbar', { name: 'Key file upload progress' })).toBeNull();
  });

  it('refuses another file type before sending, and shows the server refusal of a file', async () => {
    mockApi({ [`GET ${KEYS_PATH}`]: inventory });
    const uploads = stubXhr();
    renderWithProviders(<KeysDialog product={aProduct()} onClose={vi.fn()} />);
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(
      await screen.findByLabelText('Key file'),
      new File(['x'], 'keys.xlsx', { type: 'application/vnd.ms-excel' }),
    );
    await user.click(screen.getByRole('button', { name: 'Upload file' }));
    expect(screen.getByLabelText('Key file')).toHaveAccessibleDescription(
      expect.stringContaining('Choose a .txt or .csv file'),
    );
    expect(uploads).toHaveLength(0);

    await user.upload(screen.getByLabelText('Key file'), new File(['\u0000'], 'keys.txt'));
    await user.click(screen.getByRole('button', { name: 'Upload file' }));
    await vi.waitFor(() => expect(uploads).toHaveLength(1));
    const refusal = errorReply('validation', 'This file is not a text file').body;
    act(() => uploads[0]!.respond(400, refusal));
    expect(await screen.findByText('The file was not imported')).toBeInTheDocument();
  });

  it('searches, then deletes the selected keys and moves one to another product', async () => {
    const fetchMock = mockApi({
      [`GET ${KEYS_PATH}`]: inventory,
      [`DELETE ${KEYS_PATH}`]: okReply({ deleted: 2, stock: 0 }),
      [`POST ${KEYS_PATH}/move`]: okReply({ moved: 1, stock: 1, targetStock: 1 }),
      'GET /products': okReply({
        data: [aProduct(), aProduct({ id: OTHER_ID, name: 'Hades II' })],
        pagination: { page: 1, limit: 10000, total: 2, totalPages: 1 },
      }),
    });
    renderWithProviders(<KeysDialog product={aProduct({ stockQuantity: 2 })} onClose={vi.fn()} />);
    const user = userEvent.setup();

    await user.type(await screen.findByRole('searchbox', { name: 'Search keys' }), 'WXYZ');
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some(([input]) => String(input).includes('q=WXYZ'))).toBe(true),
    );

    await user.click(await screen.findByRole('checkbox', { name: 'Select key ABCD••••WXYZ' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select key EFGH••••WXYZ' }));
    expect(screen.getByText('2 keys selected')).toBeInTheDocument();
    const selection = screen.getByRole('region', { name: 'Selected keys' });
    await user.click(within(selection).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete unsold keys?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(bodyOf(fetchMock, 'DELETE')).toEqual({ keyIds: [KEY_A, KEY_B] }));
    expect(await screen.findByText('2 keys deleted')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Select key ABCD••••WXYZ' }));
    await user.click(
      within(screen.getByRole('region', { name: 'Selected keys' })).getByRole('button', {
        name: 'Move',
      }),
    );
    const move = await screen.findByRole('dialog', { name: 'Move keys to another product' });
    // The product itself is no target.
    const target = within(move).getByLabelText('Product to move them to');
    await vi.waitFor(() =>
      expect(
        within(target)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Choose a product', 'Hades II']),
    );
    await user.selectOptions(target, OTHER_ID);
    await user.click(within(move).getByRole('button', { name: 'Move keys' }));
    await vi.waitFor(() =>
      expect(bodyOf(fetchMock, 'POST')).toEqual({ toProductId: OTHER_ID, keyIds: [KEY_A] }),
    );
    expect(await screen.findByText('1 key moved')).toBeInTheDocument();
  });
});
