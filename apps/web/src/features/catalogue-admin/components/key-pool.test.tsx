import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubXhr, type FakeXhr } from '@/testing/fake-xhr';
import type { KeyImport } from '@keymarket/contracts/catalogue';
import { bodyText, errorReply, mockApi, okReply, requestedPaths, urlOf } from '@/testing/mock-api';
import { definitionsOf } from '@/testing/queries';
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

const IMPORT_ID = '33333333-3333-4333-8333-333333333333';

/** A key file import of keys.txt (8 lines, 6 keys) as GET …/keys/imports lists it. */
function importJob(fields: Partial<KeyImport>): KeyImport {
  return {
    id: IMPORT_ID,
    productId: PRODUCT_ID,
    fileName: 'keys.txt',
    sizeBytes: 48,
    status: 'queued',
    linesTotal: 8,
    keysTotal: 6,
    linesRead: 0,
    added: 0,
    duplicates: 0,
    blanks: 0,
    backordersFilled: 0,
    error: null,
    createdBy: { id: '44444444-4444-4444-8444-444444444444', username: 'admin1' },
    createdAt: '2026-12-07T09:00:00.000Z',
    startedAt: null,
    finishedAt: null,
    ...fields,
  };
}

const pageOf = (total: number) => ({ page: 1, limit: 10, total, totalPages: 1 });
const noFileImports = { [`GET ${KEYS_PATH}/imports`]: okReply({ data: [] }) };

function bodyOf(fetchMock: ReturnType<typeof mockApi>, method: string) {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === method);
  return call ? (JSON.parse(bodyText(call[1]!.body)) as unknown) : undefined;
}

describe('key pool', { timeout: 15_000 }, () => {
  it('tells key files by their extension', () => {
    expect(isKeyFileName('keys.TXT')).toBe(true);
    expect(isKeyFileName('export.csv')).toBe(true);
    expect(isKeyFileName('keys.xlsx')).toBe(false);
    expect(isKeyFileName('csv')).toBe(false);
  });

  it('streams a key file as the body, shows the upload progress, then follows the import to its result', async () => {
    // The server's view of the product's file imports: none, then this one as it runs.
    let imports: object[] = [];
    let keys = inventory;
    const fetchMock = mockApi({
      [`GET ${KEYS_PATH}`]: () => keys,
      [`GET ${KEYS_PATH}/imports`]: () => okReply({ data: imports }),
    });
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

    // Stored and queued (202): the server imports it in the background, half of it so far.
    const queued = importJob({ status: 'queued' });
    imports = [importJob({ status: 'running', linesRead: 4, added: 1, duplicates: 2, blanks: 1 })];
    act(() => xhr.respond(202, queued));
    const job = await screen.findByRole('region', { name: 'Import of keys.txt' });
    await vi.waitFor(() => expect(within(job).getByText('Importing')).toBeInTheDocument());
    expect(within(job).getByText('Started by admin1, Dec 7, 2026, 9:00 AM')).toBeInTheDocument();
    expect(
      within(job).getByRole('progressbar', { name: 'Key file import progress' }),
    ).toHaveAttribute('aria-valuetext', '4 of 8 lines read (50%)');
    const soFar = within(job).getByRole('region', { name: 'Imported so far' });
    expect(definitionsOf(soFar)).toMatchObject({ Added: '1' });
    expect(screen.queryByRole('progressbar', { name: 'Key file upload progress' })).toBeNull();

    // Read again while it runs, until it is done; the inventory shows the last batch's keys.
    keys = okReply({ ...(inventory.body as object), pagination: { ...pageOf(4) } });
    imports = [
      importJob({
        status: 'done',
        linesRead: 8,
        added: 2,
        duplicates: 3,
        blanks: 3,
        backordersFilled: 1,
      }),
    ];
    await vi.waitFor(() => expect(within(job).getByText('Done')).toBeInTheDocument(), {
      timeout: 5_000,
    });
    const result = within(job).getByRole('region', { name: 'Import finished' });
    expect(definitionsOf(result)).toMatchObject({
      Added: '2',
      'Duplicates skipped': '3',
      'Blank lines skipped': '3',
      'Waiting orders filled': '1',
    });
    expect(await screen.findByText('Keys in the inventory: 4')).toBeInTheDocument();
    expect(within(job).queryByRole('progressbar')).toBeNull();
    expect(within(job).queryByRole('button', { name: 'Cancel import' })).toBeNull();
    // Ended: no more reads.
    const reads = requestedPaths(fetchMock).filter((path) => path.endsWith('/imports')).length;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(requestedPaths(fetchMock).filter((path) => path.endsWith('/imports'))).toHaveLength(
      reads,
    );
  });

  it('cancels a running import', async () => {
    let imports = [importJob({ status: 'running', linesRead: 2 })];
    const fetchMock = mockApi({
      [`GET ${KEYS_PATH}`]: inventory,
      [`GET ${KEYS_PATH}/imports`]: () => okReply({ data: imports }),
      [`POST ${KEYS_PATH}/imports/${IMPORT_ID}/cancel`]: () => {
        imports = [importJob({ status: 'cancelled', linesRead: 4, added: 4 })];
        return okReply(imports[0]);
      },
    });
    renderWithProviders(<KeysDialog product={aProduct()} onClose={vi.fn()} />);
    const user = userEvent.setup();
    // Opened while an import runs: the dialog shows where it is.
    const job = await screen.findByRole('region', { name: 'Import of keys.txt' });
    await user.click(await within(job).findByRole('button', { name: 'Cancel import' }));
    await vi.waitFor(() => expect(within(job).getByText('Cancelled')).toBeInTheDocument());
    expect(requestedPaths(fetchMock)).toContain(`POST ${KEYS_PATH}/imports/${IMPORT_ID}/cancel`);
    const result = within(job).getByRole('region', { name: 'Import finished' });
    expect(definitionsOf(result)).toMatchObject({ Added: '4' });
  });

  it('refuses another file type before sending, and shows the server refusal of a file', async () => {
    mockApi({ [`GET ${KEYS_PATH}`]: inventory, ...noFileImports });
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
      ...noFileImports,
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
      expect(fetchMock.mock.calls.some(([input]) => urlOf(input).includes('q=WXYZ'))).toBe(true),
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
    // The target is searched by name; the product itself is no target.
    await user.type(within(move).getByRole('combobox', { name: 'Choose a product' }), 'e');
    await vi.waitFor(() =>
      expect(
        within(move)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual([expect.stringContaining('Hades II')]),
    );
    await user.click(within(move).getByRole('option', { name: /Hades II/ }));
    await user.click(within(move).getByRole('button', { name: 'Move keys' }));
    await vi.waitFor(() =>
      expect(bodyOf(fetchMock, 'POST')).toEqual({ toProductId: OTHER_ID, keyIds: [KEY_A] }),
    );
    expect(await screen.findByText('1 key moved')).toBeInTheDocument();
  });
});
