import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { auditTargetTypes, type AuditEntry } from '@keymarket/contracts/balance';
import { AppProvider } from '@/app/provider';
import { mockApi, okReply, urlOf } from '@/testing/mock-api';
import { getByRoleShowing } from '@/testing/queries';
import { AuditLogScreen } from './audit-log-screen';

const admin = { id: '0b7e2b59-3a54-4c6b-9d1e-2f3a4b5c6d7e', username: 'admin' };
const entry: AuditEntry = {
  id: '7',
  actor: admin,
  action: 'user.update',
  targetType: 'user',
  targetId: '1c8f3c6a-4b65-4d7c-8e2f-3a4b5c6d7e8f',
  before: { email: 'old@example.test', firstName: 'Karim' },
  after: { email: 'new@example.test', firstName: 'Karim' },
  createdAt: '2026-03-01T09:00:00.000Z',
  names: { '1c8f3c6a-4b65-4d7c-8e2f-3a4b5c6d7e8f': { type: 'user', name: 'karim' } },
};
const page = (data: AuditEntry[]) =>
  okReply({ data, pagination: { page: 1, limit: 10, total: data.length, totalPages: 1 } });

function auditQueries(fetchMock: ReturnType<typeof mockApi>) {
  return fetchMock.mock.calls
    .map(([input]) => new URL(urlOf(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/audit')
    .map((url) => Object.fromEntries(url.searchParams));
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/', element: <AuditLogScreen /> }], {
    initialEntries: [path],
  });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

describe('audit log screen', { timeout: 30_000 }, () => {
  it('filters by action, actor and target, keeping them in the URL', async () => {
    const fetchMock = mockApi({ 'GET /audit': page([entry]) });
    const router = renderAt('/?from=2026-03-01&sort=createdAt');
    const user = userEvent.setup();

    await screen.findByRole('table', { name: 'Audit log' });
    expect(auditQueries(fetchMock)[0]).toEqual({
      page: '1',
      limit: '10',
      from: '2026-03-01',
      sort: 'createdAt',
    });
    // The actions are a list to pick from, each by its name.
    await user.selectOptions(screen.getByLabelText('Action'), 'Balance added');
    await user.selectOptions(screen.getByLabelText('Target type'), 'user');
    await expect
      .poll(() => auditQueries(fetchMock).at(-1))
      .toEqual({
        page: '1',
        limit: '10',
        from: '2026-03-01',
        sort: 'createdAt',
        action: 'balance.deposit',
        targetType: 'user',
      });
    // A row's actor filters by it.
    await user.click(screen.getByRole('button', { name: '@admin' }));
    await expect.poll(() => auditQueries(fetchMock).at(-1)?.actor).toBe('admin');
    expect(new URLSearchParams(router.state.location.search).get('action')).toBe('balance.deposit');
  });

  it('offers every kind of record the server audits as a target, each by its name', async () => {
    mockApi({ 'GET /audit': page([entry]) });
    renderAt('/');
    const select = await screen.findByLabelText('Target type');
    const options = within(select)
      .getAllByRole('option')
      .map((o) => [(o as HTMLOptionElement).value, o.textContent]);
    expect(options).toEqual(
      expect.arrayContaining([
        ['api_key', 'API key'],
        ['category', 'Category'],
        ['subcategory', 'Subcategory'],
        ['webhook', 'Webhook'],
      ]),
    );
    expect(options).toHaveLength(auditTargetTypes.length + 1);
    expect(options.filter(([, text]) => text?.includes('targetTypes'))).toEqual([]);
  });

  it('shows an entry’s fields before and after, side by side', async () => {
    mockApi({ 'GET /audit': page([entry]) });
    renderAt('/');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Before / after: User edited' }));
    const dialog = screen.getByRole('dialog', { name: 'Before and after' });
    const email = within(dialog).getByRole('row', { name: /email/ });
    expect(
      within(email)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['old@example.test', 'new@example.test']);
    expect(email).toHaveTextContent('changed');
    expect(within(dialog).getByRole('row', { name: /firstName/ })).not.toHaveTextContent('changed');
  });

  it('names actions, targets and values for a person: no codes, cents or bare ids', async () => {
    const orderId = '5e1d2c3b-4a59-4687-9a6b-7c8d9e0f1a2b';
    const productId = '6f2e3d4c-5b6a-4798-8b7c-8d9e0f1a2b3c';
    const refunded: AuditEntry = {
      id: '8',
      actor: admin,
      action: 'order.unit_refunded',
      targetType: 'order',
      targetId: orderId,
      before: null,
      after: { keyIndex: 2, refundCents: '1250', productId },
      createdAt: '2026-03-02T09:00:00.000Z',
      names: {
        [orderId]: { type: 'order', name: 'Steam 20 USD' },
        [productId]: { type: 'product', name: 'Steam 20 USD' },
      },
    };
    mockApi({ 'GET /audit': page([refunded]) });
    renderAt('/');
    const user = userEvent.setup();

    const table = await screen.findByRole('table', { name: 'Audit log' });
    const row = getByRoleShowing('row', 'Key refunded', table);
    expect(row).not.toHaveTextContent('order.unit_refunded');
    const target = within(row).getByTitle(orderId);
    expect(target).toHaveTextContent('#5e1d2c3b Steam 20 USD');
    const options = within(screen.getByLabelText('Action')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toContain('Order placed');
    expect(options.filter((option) => option.textContent.includes('.'))).toEqual([]);

    await user.click(within(row).getByRole('button', { name: 'Before / after: Key refunded' }));
    const dialog = screen.getByRole('dialog', { name: 'Before and after' });
    // The whole id stays available beside the name.
    expect(dialog).toHaveTextContent(orderId);
    const cellsOf = (field: RegExp) =>
      within(within(dialog).getByRole('row', { name: field }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cellsOf(/refundCents/)).toEqual(['—', '$12.50']);
    expect(cellsOf(/productId/)).toEqual(['—', 'Steam 20 USD']);
  });

  it('downloads the filtered log with its actions named in the language the screen is read in', async () => {
    mockApi({ 'GET /audit': page([entry]), 'GET /users/me/role': okReply({ role: 'admin' }) });
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.href);
    });
    renderAt('/?action=order.completed');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await expect.poll(() => clicked.length).toBe(1);
    const query = Object.fromEntries(new URL(clicked[0]!).searchParams);
    expect(query).toEqual({ action: 'order.completed', lang: 'en', format: 'csv' });
    click.mockRestore();
  });
});
