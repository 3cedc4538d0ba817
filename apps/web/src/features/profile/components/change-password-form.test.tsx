import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorReply, mockApi, okReply } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-app';
import { ChangePasswordForm } from './change-password-form';

async function changePassword(confirmation = 'N3w!password') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Current password'), 'Old!passw0rd');
  await user.type(screen.getByLabelText('New password'), 'N3w!password');
  await user.type(screen.getByLabelText('Confirm new password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Update password' }));
}

describe('change password form', () => {
  it('refuses a confirmation that does not match', async () => {
    const fetchMock = mockApi({});
    renderWithProviders(<ChangePasswordForm />);

    await changePassword('N3w!passwor');

    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription(
      'Passwords do not match',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('confirms the change and empties the form', async () => {
    mockApi({ 'PUT /users/me/password': okReply({ ok: true }) });
    renderWithProviders(<ChangePasswordForm />);

    await changePassword();

    expect(await screen.findByText('Your password has been updated')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('says the password could not be updated', async () => {
    mockApi({ 'PUT /users/me/password': errorReply('internal') });
    renderWithProviders(<ChangePasswordForm />);

    await changePassword();

    expect(await screen.findByText('Failed to update password')).toBeInTheDocument();
  });
});
