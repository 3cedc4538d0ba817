// cleanup ends the first visit of a test that then visits again (renderApp keeps no unmount).
// eslint-disable-next-line testing-library/no-manual-cleanup
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Alert } from '@keymarket/contracts/settings';
import type { Role } from '@keymarket/contracts/users';
import { i18n } from '@/lib/i18n';
import { defaultSystemSettings, okReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { preloadArea, signedInAs } from './area-test-setup';

function anAlert(overrides: Partial<Alert>): Alert {
  return {
    id: '3f8e0c5a-2b1d-4c6e-9f7a-1d2e3c4b5a60',
    messageEn: 'Steam keys are delayed today.',
    messageFr: 'Les clés Steam sont retardées aujourd’hui.',
    messageAr: 'مفاتيح ستيم متأخرة اليوم.',
    severity: 'warning',
    active: true,
    createdAt: '2025-03-01T08:00:00.000Z',
    updatedAt: '2025-03-01T08:00:00.000Z',
    ...overrides,
  };
}

const delayed = anAlert({});
const newProducts = anAlert({
  id: '3f8e0c5a-2b1d-4c6e-9f7a-1d2e3c4b5a61',
  messageEn: 'New gift cards are in the shop.',
  messageFr: 'De nouvelles cartes cadeaux sont en boutique.',
  messageAr: 'بطاقات هدايا جديدة في المتجر.',
  severity: 'info',
});

function signedIn(role: Role, alerts: Alert[], settings: object = {}) {
  signedInAs(role, {
    'GET /alerts': okReply({ alerts }),
    'GET /system-settings': okReply({ ...defaultSystemSettings, ...settings }),
  });
}

const announcements = () => screen.findByRole('region', { name: 'Announcements' });

// Whole-app renders: slow on a machine shared with other test runs.
describe('alert banners', { timeout: 20_000 }, () => {
  beforeAll(preloadArea, 60_000);

  it('shows the active alerts, and a dismissed one stays dismissed', async () => {
    const user = userEvent.setup();
    signedIn('reseller', [delayed, newProducts]);
    renderApp('/reseller/profile');

    const region = await announcements();
    expect(within(region).getAllByRole('listitem')).toHaveLength(2);
    expect(region).toHaveTextContent('Warning: Steam keys are delayed today.');
    expect(region).toHaveTextContent('Information: New gift cards are in the shop.');

    const [first] = within(region).getAllByRole('listitem');
    await user.click(within(first!).getByRole('button', { name: 'Dismiss announcement' }));

    expect(region).not.toHaveTextContent('Steam keys are delayed today.');
    expect(region).toHaveTextContent('New gift cards are in the shop.');
    expect(JSON.parse(window.localStorage.getItem('dismissed-alerts')!)).toEqual([delayed.id]);

    // A new visit: only local storage remembers the dismissal.
    cleanup();
    renderApp('/reseller/profile');
    const again = await announcements();
    expect(again).toHaveTextContent('New gift cards are in the shop.');
    expect(again).not.toHaveTextContent('Steam keys are delayed today.');
  });

  it('speaks the reader’s language', async () => {
    await i18n.changeLanguage('ar');
    signedIn('reseller', [delayed]);
    renderApp('/reseller/profile');

    const region = await screen.findByRole('region', { name: 'الإعلانات' });
    expect(region).toHaveTextContent('تحذير: مفاتيح ستيم متأخرة اليوم.');
    expect(within(region).getByRole('button', { name: 'إغلاق الإعلان' })).toBeInTheDocument();
  });

  it('shows an administrator only the active alerts, and that maintenance is on', async () => {
    signedIn('admin', [delayed, { ...newProducts, active: false }], { maintenanceMode: true });
    renderApp('/admin/profile');

    const region = await announcements();
    await waitFor(() => expect(region).toHaveTextContent('Maintenance mode is on'));
    expect(region).toHaveTextContent('Steam keys are delayed today.');
    expect(region).not.toHaveTextContent('New gift cards are in the shop.');
  });
});
