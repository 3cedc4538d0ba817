import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@keymarket/contracts/users';
import { i18n } from '@/lib/i18n';
import { reportMaintenance } from '@/lib/maintenance';
import { aUser } from '@/testing/fixtures';
import { defaultSystemSettings, errorReply, layoutDefaults, okReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { preloadArea, signedInAs } from './area-test-setup';

/** A platform an administrator can put in and out of maintenance while the test runs. */
function platform(role: Role, supportContact = 'support@keymarket.test') {
  const state = { maintenance: true };
  const refusedDuringMaintenance = (reply: ReturnType<typeof okReply>) => () =>
    state.maintenance && role !== 'admin' ? errorReply('maintenance') : reply;
  signedInAs(role, {
    // The role and the settings still answer during maintenance, like on the server.
    'GET /system-settings': () =>
      okReply({ ...defaultSystemSettings, maintenanceMode: state.maintenance, supportContact }),
    'GET /users/me': refusedDuringMaintenance(okReply(aUser({ role }))),
    'GET /currencies': refusedDuringMaintenance(layoutDefaults['GET /currencies'] as never),
    'GET /alerts': refusedDuringMaintenance(okReply({ alerts: [] })),
    'GET /music': refusedDuringMaintenance(okReply({ url: null })),
  });
  return state;
}

const maintenanceHeading = () =>
  screen.findByRole('heading', { level: 1, name: 'We’ll be back soon' });

describe('maintenance page', { timeout: 20_000 }, () => {
  beforeAll(preloadArea, 60_000);

  it('replaces the screens of a non-administrator, with the support contact', async () => {
    platform('reseller');
    renderApp('/reseller/profile');

    expect(await maintenanceHeading()).toBeInTheDocument();
    expect(screen.getByText(/Keymarket is under maintenance/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@keymarket.test' })).toHaveAttribute(
      'href',
      'mailto:support@keymarket.test',
    );
    expect(screen.queryByRole('heading', { name: 'Profile' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('stays while maintenance lasts and gives the screens back once it ends', async () => {
    const user = userEvent.setup();
    const state = platform('manager');
    renderApp('/manager/profile');
    await maintenanceHeading();
    const retry = screen.getByRole('button', { name: 'Try again' });

    await user.click(retry);
    await waitFor(() => expect(retry).not.toHaveAttribute('aria-busy'));
    expect(await maintenanceHeading()).toBeInTheDocument();

    state.maintenance = false;
    await user.click(retry);

    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Your balance')).toHaveTextContent('$120.5');
    expect(screen.queryByText('We’ll be back soon')).not.toBeInTheDocument();
  });

  it('checks again by itself', async () => {
    const state = platform('reseller');
    renderApp('/reseller/profile');
    expect(await maintenanceHeading()).toBeInTheDocument();

    state.maintenance = false;

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Profile' }, { timeout: 8_000 }),
    ).toBeInTheDocument();
  });

  it('speaks the reader’s language and shows a contact that is not an address as text', async () => {
    await i18n.changeLanguage('fr');
    platform('reseller', 'Le support, au guichet');
    renderApp('/reseller/profile');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Nous revenons bientôt' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Le support, au guichet')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Le support, au guichet' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });

  it('lets administrators keep working', async () => {
    platform('admin');
    // Even when an earlier answer (before signing in) was a 503.
    reportMaintenance();
    renderApp('/admin/profile');

    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(screen.queryByText('We’ll be back soon')).not.toBeInTheDocument();
  });
});
