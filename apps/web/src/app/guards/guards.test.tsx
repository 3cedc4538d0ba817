import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '@keymarket/contracts/users';
import { emptyDashboardReplies } from '@/testing/dashboard-replies';
import { aUser } from '@/testing/fixtures';
import { errorReply, mockApi, okReply, requestedPaths } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

/** The server side of a signed-in user of `role` on its dashboard, a fresh platform's figures. */
function signedInAs(role: Role) {
  return mockApi({
    'GET /users/me/role': okReply({ role }),
    'GET /users/me': okReply(aUser({ role })),
    ...emptyDashboardReplies(role),
  });
}

function locationOf(router: ReturnType<typeof renderApp>): string {
  return router.state.location.pathname + router.state.location.search;
}

// The first visit to an area loads its layout and dashboard chunks, which takes seconds on a
// busy machine.
const FIRST_AREA_VISIT = { timeout: 15_000 };

describe('route guards', () => {
  it.each(['admin', 'manager', 'reseller'] as const)(
    'sends a stored %s from / to its area',
    FIRST_AREA_VISIT,
    async (role) => {
      window.localStorage.setItem('userRole', role);
      signedInAs(role);

      const router = renderApp('/');

      expect(
        await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, FIRST_AREA_VISIT),
      ).toBeInTheDocument();
      expect(locationOf(router)).toBe(`/${role}/dashboard`);
    },
  );

  it('sends an unknown stored role from / to /login without asking the server', async () => {
    window.localStorage.setItem('userRole', 'superuser');
    const fetchMock = mockApi({});

    const router = renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(locationOf(router)).toBe('/login');
    expect(requestedPaths(fetchMock)).toEqual([]);
  });

  it('sends a user to / when the area is not theirs, and / to their own area', async () => {
    window.localStorage.setItem('userRole', 'admin');
    signedInAs('reseller');

    const router = renderApp('/admin/profile');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(locationOf(router)).toBe('/reseller/dashboard');
    expect(window.localStorage.getItem('userRole')).toBe('reseller');
  });

  it('sends an unauthenticated visitor to /login, remembering the page', async () => {
    window.localStorage.setItem('userRole', 'manager');
    const fetchMock = mockApi({
      'GET /users/me/role': errorReply('unauthorized'),
      'GET /auth/refresh': errorReply('unauthorized'),
    });

    const router = renderApp('/manager/profile?tab=password');

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    await waitFor(() =>
      expect(locationOf(router)).toBe('/login?redirect=%2Fmanager%2Fprofile%3Ftab%3Dpassword'),
    );
    expect(requestedPaths(fetchMock)).toEqual(['GET /users/me/role', 'GET /auth/refresh']);
    expect(window.localStorage.getItem('userRole')).toBeNull();
  });

  it('shows a loading indicator while the session is checked', async () => {
    mockApi({ 'GET /users/me/role': () => new Promise(() => {}) });

    renderApp('/admin');

    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
  });

  it('shows the not-found page for unknown paths, in and out of the areas', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home page' })).toHaveAttribute('href', '/');
  });

  it('shows the not-found page inside an area for an unknown inner path', async () => {
    signedInAs('manager');
    renderApp('/manager/nothing-here');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });
});
