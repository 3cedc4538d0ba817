import { createBrowserRouter } from 'react-router';
import { discoverAreaRoutes, routes } from './routes';
import { bindRouterToSession } from './session-navigation';

export const router = createBrowserRouter(routes, { patchRoutesOnNavigation: discoverAreaRoutes });
bindRouterToSession(router);
