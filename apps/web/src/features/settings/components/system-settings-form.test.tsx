import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SystemSettingsView } from '@keymarket/contracts/system-settings';
import { errorReply, mockApi, okReply, requestedPaths } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-app';
import { bodiesSentTo } from './settings-fixtures';
import { SystemSettingsForm } from './system-settings-form';

const stored: SystemSettingsView = {
  siteName: 'Keymarket',
  maintenanceMode: false,
  registrationOpen: true,
  signupApproval: false,
  adminTwoFactorRequired: false,
  defaultLanguage: 'en',
  supportContact: 'support@keymarket.test',
  passwordReset: false,
  lowStockThreshold: 5,
};

describe('system settings form', { timeout: 20_000 }, () => {
  it('shows the stored settings and saves every one of them', async () => {
    const fetchMock = mockApi({
      'GET /system-settings': okReply(stored),
      'PUT /system-settings': okReply({ ...stored, maintenanceMode: true, siteName: 'KM' }),
    });
    renderWithProviders(<SystemSettingsForm />);
    const user = userEvent.setup();

    const siteName = await screen.findByLabelText('Site name');
    expect(siteName).toHaveValue('Keymarket');
    expect(screen.getByRole('switch', { name: 'Registration open' })).toBeChecked();
    const maintenance = screen.getByRole('switch', { name: 'Maintenance mode' });
    expect(maintenance).not.toBeChecked();

    await user.clear(siteName);
    await user.type(siteName, 'KM');
    await user.click(maintenance);
    await user.selectOptions(screen.getByLabelText('Default language'), 'ar');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Changes saved')).toBeInTheDocument();
    // `passwordReset` is the server's to say (SMTP_URL set), not a setting: it is not sent.
    const { passwordReset: _passwordReset, ...editable } = stored;
    expect(bodiesSentTo(fetchMock, 'PUT /system-settings')).toEqual([
      { ...editable, siteName: 'KM', maintenanceMode: true, defaultLanguage: 'ar' },
    ]);
    // The saved state is what the screen shows now, including the maintenance warning.
    expect(
      await screen.findByText(
        'Maintenance mode is on: managers and resellers cannot use the platform.',
      ),
    ).toBeInTheDocument();
  });

  it('refuses an empty site name before sending', async () => {
    const fetchMock = mockApi({ 'GET /system-settings': okReply(stored) });
    renderWithProviders(<SystemSettingsForm />);
    const user = userEvent.setup();

    await user.clear(await screen.findByLabelText('Site name'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Site name')).toHaveAttribute('aria-invalid', 'true');
    expect(requestedPaths(fetchMock)).not.toContain('PUT /system-settings');
  });

  it('says in the user’s language why the server refused', async () => {
    mockApi({
      'GET /system-settings': okReply(stored),
      'PUT /system-settings': errorReply('forbidden', 'Only administrators can do this'),
    });
    renderWithProviders(<SystemSettingsForm />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('You are not allowed to do this.');
  });
});
