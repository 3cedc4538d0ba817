import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { mockApi, okReply } from '@/testing/mock-api';
import { SettingsRoute } from './settings';

function renderSettings(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/admin/settings/*',
        element: (
          <Suspense fallback={null}>
            <SettingsRoute />
          </Suspense>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

describe('settings route', { timeout: 20_000 }, () => {
  it('opens on the system section and gives each section its own address', async () => {
    mockApi({
      'GET /thresholds': okReply({ minProfitToConvert: 10 }),
    });
    const router = renderSettings('/admin/settings');
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/settings/system'));
    const tabs = screen.getByRole('navigation', { name: 'Settings sections' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/admin/settings/system',
      '/admin/settings/currencies',
      '/admin/settings/alerts',
      '/admin/settings/faqs',
      '/admin/settings/social-links',
      '/admin/settings/music',
      '/admin/settings/banned-countries',
      '/admin/settings/thresholds',
    ]);
    await vi.waitFor(() =>
      expect(within(tabs).getByRole('link', { name: 'System' })).toHaveAttribute(
        'aria-current',
        'page',
      ),
    );

    await user.click(within(tabs).getByRole('link', { name: 'Thresholds' }));

    expect(router.state.location.pathname).toBe('/admin/settings/thresholds');
    expect(await screen.findByLabelText('Minimum profit to convert (USD)')).toHaveValue(10);
    expect(within(tabs).getByRole('link', { name: 'Thresholds' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('sends an unknown section to the first one', async () => {
    mockApi({});
    const router = renderSettings('/admin/settings/nothing-here');

    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/settings/system'));
  });
});
