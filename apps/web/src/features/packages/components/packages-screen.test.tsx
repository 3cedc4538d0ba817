import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@keymarket/contracts/messages';
import type { UserSummary } from '@keymarket/contracts/users-admin';
import { aProduct as aCatalogueProduct, aUser } from '@/testing/fixtures';
import {
  bodyText,
  errorReply,
  mockApi,
  okReply,
  requestedPaths,
  type Reply,
  urlOf,
} from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-app';
import type { PackageView } from '../api/packages';
import { PackagesScreen } from './packages-screen';

const PACKAGE_ID = '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a';

/** A product as an admin sees it: the platform's three prices. */
const aProduct = (index: number) =>
  aCatalogueProduct(index, {
    price: 5,
    sellingPrice: undefined,
    initialPrice: 5,
    managerPrice: 8,
    resellerPrice: 10,
  });

function aPackage(overrides: Partial<PackageView> = {}): PackageView {
  return {
    id: PACKAGE_ID,
    name: 'Gold',
    description: 'Best customers',
    products: [
      { productId: aProduct(1).id, productName: 'Product 1', managerPrice: 7, resellerPrice: 9 },
    ],
    assignedUsers: 3,
    createdAt: '2025-02-01T09:00:00.000Z',
    ...overrides,
  };
}

/** A manager's package: reseller prices only, and its owner. */
function aManagerPackage(): PackageView & { ownerId: string } {
  return {
    ...aPackage({
      products: [{ productId: aProduct(1).id, productName: 'Product 1', resellerPrice: 9 }],
    }),
    ownerId: '11111111-1111-4111-8111-111111111111',
  };
}

const page = (data: unknown[]): Reply =>
  okReply({ data, pagination: { page: 1, limit: 10, total: data.length, totalPages: 1 } });

function bodyOf(fetchMock: ReturnType<typeof mockApi>, route: string): unknown {
  const index = requestedPaths(fetchMock).indexOf(route);
  return JSON.parse(bodyText(fetchMock.mock.calls[index]![1]!.body));
}

function aSummary(overrides: Partial<UserSummary>): UserSummary {
  const { balance: _balance, orders: _orders, ...user } = aUser();
  return {
    ...user,
    balance: 0,
    profit: 0,
    ordersTotal: 0,
    inviteesCount: 0,
    limits: { dailySpendCap: null, maxOrderQuantity: null, spentToday: 0 },
    ...overrides,
  };
}

// Dialogs with several lazily loaded parts and much typing: slow on a busy machine, not stuck.
describe('packages screen', { timeout: 15_000 }, () => {
  /** Opens the create dialog of an admin package screen with `product` in the catalogue. */
  async function openCreateDialog(product: ReturnType<typeof aProduct>) {
    const fetchMock = mockApi({
      'GET /packages': page([]),
      'GET /products': page([product]),
      'POST /packages': okReply(aPackage({ name: 'Silver' }), 201),
    });
    renderWithProviders(<PackagesScreen kind="admin" />);
    const user = userEvent.setup();
    expect(await screen.findByText(/No packages yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New package' }));
    const dialog = await screen.findByRole('dialog', { name: 'New package' });
    return { fetchMock, user, dialog };
  }

  it('asks for a name and refuses prices under the initial price before sending', async () => {
    const { fetchMock, user, dialog } = await openCreateDialog(aProduct(2));

    await user.click(
      await within(dialog).findByRole('button', { name: 'Add Product 2 to the package' }),
    );
    const managerPrice = within(dialog).getByLabelText('Manager price of Product 2 (USD)');
    await user.clear(managerPrice);
    await user.type(managerPrice, '4');
    await user.click(within(dialog).getByRole('button', { name: 'Save package' }));

    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription(
      'Enter a name for the package',
    );
    expect(managerPrice).toHaveAccessibleDescription(
      "The price cannot be lower than the product's initial price",
    );
    expect(requestedPaths(fetchMock)).not.toContain('POST /packages');
  });

  it('creates an admin package from products picked in the catalogue', async () => {
    const product = aProduct(2);
    const { fetchMock, user, dialog } = await openCreateDialog(product);

    await user.type(within(dialog).getByLabelText('Name'), 'Silver');
    await user.click(
      await within(dialog).findByRole('button', { name: 'Add Product 2 to the package' }),
    );
    expect(
      within(dialog).getByRole('button', { name: 'Added: Product 2 is in the package' }),
    ).toBeDisabled();
    // The product's own prices to start from.
    expect(within(dialog).getByLabelText('Manager price of Product 2 (USD)')).toHaveValue('8');
    const resellerPrice = within(dialog).getByLabelText('Reseller price of Product 2 (USD)');
    expect(resellerPrice).toHaveValue('10');
    await user.clear(resellerPrice);
    await user.type(resellerPrice, '9');
    await user.click(within(dialog).getByRole('button', { name: 'Save package' }));

    await screen.findByText('Package Silver created');
    expect(bodyOf(fetchMock, 'POST /packages')).toEqual({
      name: 'Silver',
      description: '',
      products: [{ productId: product.id, managerPrice: 8, resellerPrice: 9 }],
    });
  });

  it("edits a manager's package with reseller prices only and shows a refused row", async () => {
    const fetchMock = mockApi({
      'GET /manager-packages/manager': page([aManagerPackage()]),
      'GET /products': page([]),
      [`PUT /manager-packages/manager/${PACKAGE_ID}`]: {
        status: 400,
        body: {
          statusCode: 400,
          message: { type: 'price_below_cost', text: messages.sellingBelowCost },
          details: [{ path: 'body.products.0.resellerPrice', message: 'Your buying price is $8' }],
        },
      },
    });
    renderWithProviders(<PackagesScreen kind="manager" />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit Gold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit package' });
    expect(within(dialog).queryByLabelText(/Manager price/)).not.toBeInTheDocument();
    const resellerPrice = within(dialog).getByLabelText('Reseller price of Product 1 (USD)');
    await user.clear(resellerPrice);
    await user.type(resellerPrice, '7');
    await user.click(within(dialog).getByRole('button', { name: 'Save package' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(messages.sellingBelowCost);
    expect(resellerPrice).toHaveAccessibleDescription(messages.sellingBelowCost);
    expect(bodyOf(fetchMock, `PUT /manager-packages/manager/${PACKAGE_ID}`)).toEqual({
      name: 'Gold',
      description: 'Best customers',
      products: [{ productId: aProduct(1).id, resellerPrice: 7 }],
    });
  });

  it('saves one product’s package prices on their own', async () => {
    const fetchMock = mockApi({
      'GET /packages': page([aPackage()]),
      [`PATCH /packages/${PACKAGE_ID}/products/${aProduct(1).id}/price`]: okReply(aPackage()),
    });
    renderWithProviders(<PackagesScreen kind="admin" />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Prices of Gold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Prices of Gold' });
    const resellerPrice = within(dialog).getByLabelText('Reseller price of Product 1 (USD)');
    await user.clear(resellerPrice);
    await user.type(resellerPrice, '11');
    await user.click(within(dialog).getByRole('button', { name: 'Save the prices of Product 1' }));

    await screen.findByText('Prices of Product 1 saved');
    expect(
      bodyOf(fetchMock, `PATCH /packages/${PACKAGE_ID}/products/${aProduct(1).id}/price`),
    ).toEqual({ managerPrice: 7, resellerPrice: 11 });
  });

  it('asks for a blank package price and refuses a negative one, sending nothing', async () => {
    const fetchMock = mockApi({ 'GET /packages': page([aPackage()]) });
    renderWithProviders(<PackagesScreen kind="admin" />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Prices of Gold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Prices of Gold' });
    const managerPrice = within(dialog).getByLabelText('Manager price of Product 1 (USD)');
    const resellerPrice = within(dialog).getByLabelText('Reseller price of Product 1 (USD)');
    await user.clear(managerPrice);
    await user.clear(resellerPrice);
    await user.type(resellerPrice, '-1');
    await user.click(within(dialog).getByRole('button', { name: 'Save the prices of Product 1' }));

    expect(managerPrice).toHaveAccessibleDescription('Enter a price');
    expect(resellerPrice).toHaveAccessibleDescription(messages.amountNegative);
    expect(requestedPaths(fetchMock).some((path) => path.startsWith('PATCH'))).toBe(false);
  });

  it('deletes a package only once confirmed', async () => {
    const fetchMock = mockApi({
      'GET /packages': page([aPackage()]),
      [`DELETE /packages/${PACKAGE_ID}`]: okReply({ ok: true }),
    });
    renderWithProviders(<PackagesScreen kind="admin" />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete Gold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Gold?' });
    expect(dialog).toHaveTextContent('The users holding it (3)');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requestedPaths(fetchMock)).not.toContain(`DELETE /packages/${PACKAGE_ID}`);

    await user.click(screen.getByRole('button', { name: 'Delete Gold' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete package' }),
    );
    await screen.findByText('Package Gold deleted');
    expect(requestedPaths(fetchMock)).toContain(`DELETE /packages/${PACKAGE_ID}`);
  });

  it('assigns a manager package to one of its direct invitees only', async () => {
    const me = aUser({ id: '11111111-1111-4111-8111-111111111111', role: 'manager' });
    const direct = aSummary({
      id: '22222222-2222-4222-8222-222222222222',
      username: 'direct_one',
      invitedBy: { id: me.id, username: me.username },
    });
    const deeper = aSummary({
      id: '33333333-3333-4333-8333-333333333333',
      username: 'deeper_one',
      invitedBy: { id: direct.id, username: direct.username },
    });
    // The server's answer: with `direct`, only the manager's own invitees.
    const fetchMock: ReturnType<typeof mockApi> = mockApi({
      'GET /manager-packages/manager': page([aManagerPackage()]),
      'GET /users/downline': () => {
        const calls = fetchMock.mock.calls.filter(([input]) => urlOf(input).includes('downline'));
        const url = new URL(urlOf(calls.at(-1)![0]), 'http://localhost');
        return url.searchParams.get('direct') === 'true' ? page([direct]) : page([direct, deeper]);
      },
      [`POST /manager-packages/manager/assign/${direct.id}`]: okReply({
        userId: direct.id,
        packageId: PACKAGE_ID,
      }),
    });
    renderWithProviders(<PackagesScreen kind="manager" />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Assign Gold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Gold' });
    const choice = await within(dialog).findByRole('radio', { name: /direct_one/ });
    expect(within(dialog).queryByText('deeper_one')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Assign package' }));
    expect(within(dialog).getByText('Choose a user')).toBeInTheDocument();
    await user.click(choice);
    await user.click(within(dialog).getByRole('button', { name: 'Assign package' }));

    await screen.findByText('Gold assigned to direct_one');
    expect(bodyOf(fetchMock, `POST /manager-packages/manager/assign/${direct.id}`)).toEqual({
      packageId: PACKAGE_ID,
    });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers an admin package only to the users the platform prices', async () => {
    const admin = aSummary({
      id: '44444444-4444-4444-8444-444444444444',
      username: 'root',
      role: 'admin',
    });
    const manager = aSummary({
      id: '55555555-5555-4555-8555-555555555555',
      username: 'mgr',
      role: 'manager',
      invitedBy: { id: admin.id, username: 'root' },
    });
    const ownReseller = aSummary({
      id: '66666666-6666-4666-8666-666666666666',
      username: 'direct_reseller',
      invitedBy: { id: admin.id, username: 'root' },
    });
    const managersReseller = aSummary({
      id: '77777777-7777-4777-8777-777777777777',
      username: 'managers_reseller',
      invitedBy: { id: manager.id, username: 'mgr' },
    });
    const fetchMock: ReturnType<typeof mockApi> = mockApi({
      'GET /packages': page([aPackage()]),
      'GET /users/get-all-users': () => {
        const lists = fetchMock.mock.calls.filter(([input]) =>
          urlOf(input).includes('get-all-users'),
        );
        const role = new URL(urlOf(lists.at(-1)![0]), 'http://localhost').searchParams.get('role');
        return role === 'admin'
          ? page([admin])
          : page([admin, manager, ownReseller, managersReseller]);
      },
      [`POST /packages/assign/${ownReseller.id}`]: errorReply(
        'conflict',
        'Packages can be assigned to managers and to resellers invited by an administrator only',
      ),
    });
    renderWithProviders(<PackagesScreen kind="admin" />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Assign Gold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Gold' });
    await within(dialog).findByRole('radio', { name: /mgr/ });
    expect(within(dialog).getAllByRole('radio')).toEqual([
      within(dialog).getByRole('radio', { name: /mgr/ }),
      within(dialog).getByRole('radio', { name: /direct_reseller/ }),
    ]);

    // Should the server still refuse (the reseller changed hands meanwhile), it says why.
    await user.click(within(dialog).getByRole('radio', { name: /direct_reseller/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign package' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This user cannot hold an admin package: only managers and resellers invited by an administrator can.',
    );
  });
});
