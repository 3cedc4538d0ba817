import type { createBrowserRouter } from 'react-router';
import { bindSessionNavigator } from '@/lib/api-client';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Lets the API client send an expired session to /login through the router (no page reload),
 * with the path the user was on.
 */
export function bindRouterToSession(router: AppRouter): void {
  bindSessionNavigator({
    navigate: (to) => void router.navigate(to, { replace: true }),
    currentPath: () => router.state.location.pathname + router.state.location.search,
  });
}
