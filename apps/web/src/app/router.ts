import { createBrowserRouter } from 'react-router';
import { routes } from './routes';
import { bindRouterToSession } from './session-navigation';

export const router = createBrowserRouter(routes);
bindRouterToSession(router);
