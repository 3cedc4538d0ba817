import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@keymarket/contracts/messages';
import { bodyText, errorReply, mockApi, okReply, requestedPaths } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-app';
import { aUserProfile, aUserSummary } from '@/testing/user-fixtures';
import { AssignPackageDialog } from './assign-package-dialog';
import { BanUserDialog } from './ban-user-dialog';
import { ConfirmUserActionDialog } from './confirm-user-action-dialog';
import { EditUserDialog } from './edit-user-dialog';
import { ResetPasswordDialog } from './reset-password-dialog';

const nadia = aUserSummary();
const id = nadia.id;

function bodyOf(fetchMock: ReturnType<typeof mockApi>, route: string) {
  const index = requestedPaths(fetchMock).indexOf(route);
  expect(index, `${route} was not requested`).toBeGreaterThanOrEqual(0);
  return JSON.parse(bodyText(fetchMock.mock.calls[index]![1]!.body)) as unknown;
}

describe('ban dialog', () => {
  it('requires a reason, then sends it', async () => {
    const onClose = vi.fn();
    const fetchMock = mockApi({
      [`POST /users/ban-user/${id}`]: okReply({ ...nadia, status: 'banned' }),
    });
    renderWithProviders(<BanUserDialog user={nadia} onClose={onClose} />);
    const user = userEvent.setup();
    const reason = await screen.findByLabelText('Reason');

    await user.type(reason, '   ');
    await user.click(screen.getByRole('button', { name: 'Ban user' }));
    expect(reason).toHaveAccessibleDescription('Please provide a reason for the ban');
    expect(requestedPaths(fetchMock)).toEqual([]);

    await user.type(reason, 'Chargebacks on three orders');
    await user.click(screen.getByRole('button', { name: 'Ban user' }));

    expect(await screen.findByText('nadia has been banned')).toBeInTheDocument();
    expect(bodyOf(fetchMock, `POST /users/ban-user/${id}`)).toEqual({
      reason: 'Chargebacks on three orders',
    });
    expect(onClose).toHaveBeenCalled();
  });
});

describe('edit dialog', () => {
  it('checks the fields with the signup rules and sends only what changed', async () => {
    const fetchMock = mockApi({
      [`PATCH /users/${id}`]: okReply({ ...nadia, lastName: 'Haddad-Saleh' }),
    });
    renderWithProviders(<EditUserDialog user={nadia} onClose={vi.fn()} />);
    const user = userEvent.setup();

    await user.clear(await screen.findByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.clear(screen.getByLabelText('First name'));
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '12');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(messages.emailInvalid);
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription(
      messages.firstNameRequired,
    );
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription(messages.phoneInvalid);
    expect(requestedPaths(fetchMock)).toEqual([]);

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), nadia.email);
    await user.type(screen.getByLabelText('First name'), 'Nadia');
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '+33 6 12 34 56 78');
    await user.type(screen.getByLabelText('Last name'), '-Saleh');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('nadia has been updated')).toBeInTheDocument();
    expect(bodyOf(fetchMock, `PATCH /users/${id}`)).toEqual({ lastName: 'Haddad-Saleh' });
  });

  it('puts a taken email under its field', async () => {
    mockApi({
      [`PATCH /users/${id}`]: {
        status: 409,
        body: {
          statusCode: 409,
          message: { type: 'conflict', text: messages.emailTaken },
          details: [{ path: 'body.email', message: messages.emailTaken }],
        },
      },
    });
    renderWithProviders(<EditUserDialog user={nadia} onClose={vi.fn()} />);
    const user = userEvent.setup();

    await user.clear(await screen.findByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'taken@example.com');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await vi.waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(messages.emailTaken),
    );
  });
});

describe('reset password dialog', () => {
  it('asks for a strong password typed twice and sends it alone', async () => {
    const fetchMock = mockApi({ [`PUT /users/update-password/${id}`]: okReply(nadia) });
    renderWithProviders(<ResetPasswordDialog user={nadia} onClose={vi.fn()} />);
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('New password'), 'weakpass');
    await user.type(screen.getByLabelText('Confirm new password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      messages.passwordUppercase,
    );
    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription(
      messages.passwordsMismatch,
    );

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'Str0ng!pass');
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'Str0ng!pass');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByText('The password of nadia has been reset')).toBeInTheDocument();
    expect(bodyOf(fetchMock, `PUT /users/update-password/${id}`)).toEqual({
      newPassword: 'Str0ng!pass',
    });
  });
});

describe('confirmed actions', () => {
  it.each([
    ['suspend', 'Suspend', `PUT /users/suspend/${id}`, 'nadia has been suspended'],
    ['activate', 'Activate', `PUT /users/activate/${id}`, 'nadia is active again'],
    ['upgrade', 'Upgrade', `PUT /users/upgrade/${id}`, 'nadia is now a manager'],
    [
      'resetTwoFactor',
      'Reset',
      `DELETE /users/${id}/two-factor`,
      'Two-factor sign-in of nadia has been reset',
    ],
  ] as const)(
    '%s asks for confirmation (“%s”), then calls the server',
    async (action, button, route, success) => {
      const fetchMock = mockApi({
        [route]: okReply(action === 'resetTwoFactor' ? { ok: true } : nadia),
      });
      renderWithProviders(
        <ConfirmUserActionDialog action={action} user={nadia} onClose={vi.fn()} />,
      );
      const user = userEvent.setup();

      const dialog = await screen.findByRole('dialog');
      expect(requestedPaths(fetchMock)).toEqual([]);
      await user.click(within(dialog).getByRole('button', { name: button }));

      expect(await screen.findByText(success)).toBeInTheDocument();
      expect(requestedPaths(fetchMock)).toEqual([route]);
    },
  );

  it('shows a refusal in the dialog', async () => {
    mockApi({
      [`PUT /users/upgrade/${id}`]: errorReply('conflict', 'nadia is already a manager'),
    });
    renderWithProviders(
      <ConfirmUserActionDialog action="upgrade" user={nadia} onClose={vi.fn()} />,
    );
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Upgrade' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The user could not be upgraded');
  });
});

describe('assign package dialog', () => {
  const gold = aUserProfile().package!;
  const silver = { id: '7d3b6a0f-9e8c-4f26-8b4c-6d7e8f9a0b1c', name: 'Silver' };
  const packageRow = (pkg: { id: string; name: string }) => ({
    ...pkg,
    description: '',
    products: [
      {
        productId: '8e4c7b1a-0f9d-4a37-9c5d-7e8f9a0b1c2d',
        productName: 'Steam',
        managerPrice: 8,
        resellerPrice: 10,
      },
    ],
    assignedUsers: 1,
    createdAt: '2025-01-01T00:00:00.000Z',
  });
  const page = (rows: unknown[]) => ({
    data: rows,
    pagination: { page: 1, limit: 100, total: rows.length, totalPages: 1 },
  });

  it("starts from the user's package and assigns another admin package", async () => {
    const fetchMock = mockApi({
      [`GET /users/${id}`]: okReply(aUserProfile({ id })),
      'GET /packages': okReply(page([packageRow(gold), packageRow(silver)])),
      [`POST /packages/assign/${id}`]: okReply({ userId: id, packageId: silver.id }),
    });
    renderWithProviders(<AssignPackageDialog kind="admin" user={nadia} onClose={vi.fn()} />);
    const user = userEvent.setup();

    const select = await screen.findByLabelText('Package');
    expect(select).toHaveDisplayValue('Gold — products: 1');
    expect(screen.getByRole('button', { name: 'Assign' })).toBeDisabled();
    await user.selectOptions(select, silver.id);
    await user.click(screen.getByRole('button', { name: 'Assign' }));

    expect(await screen.findByText('nadia now has the package Silver')).toBeInTheDocument();
    expect(bodyOf(fetchMock, `POST /packages/assign/${id}`)).toEqual({ packageId: silver.id });
  });

  it('takes the package away with "No package", and explains a refused assignment', async () => {
    const fetchMock = mockApi({
      [`GET /users/${id}`]: okReply(aUserProfile({ id })),
      'GET /packages': okReply(page([packageRow(gold)])),
      [`POST /packages/assign/${id}`]: errorReply('conflict', 'Packages can be assigned…'),
    });
    renderWithProviders(<AssignPackageDialog kind="admin" user={nadia} onClose={vi.fn()} />);
    const user = userEvent.setup();

    await user.selectOptions(await screen.findByLabelText('Package'), '');
    await user.click(screen.getByRole('button', { name: 'Assign' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Packages can be assigned to managers and to resellers invited by an administrator only.',
    );
    expect(bodyOf(fetchMock, `POST /packages/assign/${id}`)).toEqual({ packageId: null });
  });

  it("offers a manager its own packages and assigns through the manager's call", async () => {
    const fetchMock = mockApi({
      [`GET /users/${id}`]: okReply(aUserProfile({ id, package: null })),
      'GET /manager-packages/manager': okReply(
        page([{ ...packageRow(silver), ownerId: id, products: [] }]),
      ),
      [`POST /manager-packages/manager/assign/${id}`]: okReply({
        userId: id,
        packageId: silver.id,
      }),
    });
    renderWithProviders(<AssignPackageDialog kind="manager" user={nadia} onClose={vi.fn()} />);
    const user = userEvent.setup();

    await user.selectOptions(await screen.findByLabelText('Package'), silver.id);
    await user.click(screen.getByRole('button', { name: 'Assign' }));

    await vi.waitFor(() =>
      expect(requestedPaths(fetchMock)).toContain(`POST /manager-packages/manager/assign/${id}`),
    );
    expect(bodyOf(fetchMock, `POST /manager-packages/manager/assign/${id}`)).toEqual({
      packageId: silver.id,
    });
  });

  it('says when there is no package to assign', async () => {
    mockApi({
      [`GET /users/${id}`]: okReply(aUserProfile({ id, package: null })),
      'GET /packages': okReply(page([])),
    });
    renderWithProviders(<AssignPackageDialog kind="admin" user={nadia} onClose={vi.fn()} />);

    expect(
      await screen.findByText('There is no package yet. Create one in Packages first.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Assign' })).toBeDisabled();
  });
});
