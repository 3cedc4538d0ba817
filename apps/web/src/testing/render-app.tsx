import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProvider } from '@/app/provider';
import { AppToaster } from '@/app/toaster';
import { discoverAreaRoutes, routes } from '@/app/routes';
import { bindRouterToSession } from '@/app/session-navigation';

/** The whole app, as the browser would run it, starting at `path`. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, {
    initialEntries: [path],
    patchRoutesOnNavigation: discoverAreaRoutes,
  });
  bindRouterToSession(router);
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

/**
 * One component with the app's providers and toaster, under a route so router hooks work, at
 * `url` (a list screen reads its filters from the query).
 */
export function renderWithProviders(ui: ReactNode, { url = '/' }: { url?: string } = {}) {
  const screenRoute: RouteObject = {
    path: '/',
    element: (
      <>
        {ui}
        <AppToaster />
      </>
    ),
  };
  render(
    <AppProvider>
      <RouterProvider router={createMemoryRouter([screenRoute], { initialEntries: [url] })} />
    </AppProvider>,
  );
}
