import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import type { Role } from '@keymarket/contracts/users';
import { FullPageSpinner } from '@/components/ui/spinner';
import { RequireRole } from './guards/require-role';
import { RootRedirect } from './guards/root-redirect';
import { PublicLayout } from './layouts/public-layout';
import { areaPaths } from './navigation';
import { LoginRoute } from './routes/login';
import { NotFoundRoute } from './routes/not-found';
import { RouteError } from './routes/route-error';

// Everything behind a sign-in loads on demand, so the login page stays a small download.
const AreaLayout = lazy(() =>
  import('./layouts/area-layout').then((module) => ({ default: module.AreaLayout })),
);
const GenerateCodeRoute = lazy(() =>
  import('./routes/area/generate-code').then((module) => ({ default: module.GenerateCodeRoute })),
);
const ProfileRoute = lazy(() =>
  import('./routes/area/profile').then((module) => ({ default: module.ProfileRoute })),
);
const ProductsRoute = lazy(() =>
  import('./routes/area/products').then((module) => ({ default: module.ProductsRoute })),
);
const OrdersRoute = lazy(() =>
  import('./routes/area/orders').then((module) => ({ default: module.OrdersRoute })),
);
const SecurityRoute = lazy(() =>
  import('./routes/area/security').then((module) => ({ default: module.SecurityRoute })),
);
const SignupRoute = lazy(() =>
  import('./routes/signup').then((module) => ({ default: module.SignupRoute })),
);

/** `/admin/*`, `/manager/*`, `/reseller/*`: one guard, one layout, the screens of that role. */
function areaRoute(role: Role): RouteObject {
  return {
    path: role,
    element: <RequireRole allowed={[role]} />,
    children: [
      {
        element: (
          <Suspense fallback={<FullPageSpinner />}>
            <AreaLayout role={role} />
          </Suspense>
        ),
        children: [
          // Until the dashboard exists, an area opens on its first real screen.
          { index: true, element: <Navigate to={areaPaths.generateCode} replace /> },
          { path: areaPaths.generateCode, element: <GenerateCodeRoute /> },
          { path: areaPaths.profile, element: <ProfileRoute /> },
          { path: areaPaths.security, element: <SecurityRoute /> },
          { path: areaPaths.orders, element: <OrdersRoute role={role} /> },
          // Buying is for managers and resellers; the admin's products screen is its own.
          ...(role === 'admin' ? [] : [{ path: areaPaths.shop, element: <ProductsRoute /> }]),
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  };
}

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <RootRedirect /> },
      {
        element: <PublicLayout />,
        children: [
          { path: 'login', element: <LoginRoute /> },
          { path: 'signup', element: <SignupRoute /> },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
      areaRoute('admin'),
      areaRoute('manager'),
      areaRoute('reseller'),
    ],
  },
];
