import { type ComponentType, lazy, Suspense, useState } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import type { Role } from '@keymarket/contracts/users';
import { FullPageSpinner } from '@/components/ui/spinner';
import { i18n } from '@/lib/i18n';
import { AREA_DASHBOARD_PATH, areaPaths } from './area-paths';
import { RequireRole } from './guards/require-role';
import { NotFoundRoute } from './routes/not-found';

/*
 * The three areas' routes. routes.tsx patches them into the router on the first visit to an area
 * (`discoverAreaRoutes`), so the sign-in page downloads neither this table nor the list of every
 * screen's chunks that preloading them takes.
 */

// Each screen and the layout are chunks of their own, fetched when first shown.
// The layout waits for the texts the areas share too (the `area` namespace, see lib/i18n.ts),
// fetched alongside its chunk, and for those of the top bar's search and the shell's banners and
// player (`search`, `shell`): a part that suspends on its texts would show a fallback, and React
// holds back what is revealed after a fallback by up to 300 ms.
const loadLayout = () =>
  Promise.all([
    import('./layouts/area-layout'),
    i18n.loadNamespaces(['area', 'search', 'shell']),
  ]).then(([module]) => module.AreaLayout);
// The dashboard's heading (the page's largest text) waits for its namespace: fetched together.
const loadDashboard = () =>
  Promise.all([import('./routes/area/dashboard'), i18n.loadNamespaces('dashboard')]).then(
    ([module]) => module.DashboardRoute,
  );

/**
 * A lazy component that, once its module is here (`preload` was called and has settled), renders
 * at once instead of suspending: React.lazy suspends on its first render even for a module
 * already loaded, and the fallback it shows then delays what is revealed after it.
 */
function preloadable<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loading: Promise<ComponentType<Props>> | undefined;
  let loaded: ComponentType<Props> | undefined;
  const preload = () => (loading ??= load().then((component) => (loaded = component)));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Preloadable(props: Props) {
    // Chosen once per mount: switching from Lazy to the component would remount what is below.
    const [Component] = useState(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return [Preloadable, preload] as const;
}

const [AreaLayout, preloadLayout] = preloadable(loadLayout);
const [DashboardRoute, preloadDashboard] = preloadable(loadDashboard);

/**
 * Starts fetching what the first screen of an area needs as soon as the route table is here,
 * instead of one chunk after the other as each lazy element renders (layout, then screen). Every
 * area opens on its dashboard, so that screen comes along; modules are fetched once, and the lazy
 * elements above then find them ready.
 */
export function preloadArea(path: string) {
  // A failure shows when the lazy element renders (the route's error element), not here.
  preloadLayout().catch(() => undefined);
  if (AREA_DASHBOARD_PATH.test(path)) preloadDashboard().catch(() => undefined);
}

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
const CategoriesRoute = lazy(() =>
  import('./routes/area/categories').then((module) => ({ default: module.CategoriesRoute })),
);
const CatalogueProductsRoute = lazy(() =>
  import('./routes/area/catalogue-products').then((module) => ({
    default: module.CatalogueProductsRoute,
  })),
);
const TicketsRoute = lazy(() =>
  import('./routes/area/tickets').then((module) => ({ default: module.TicketsRoute })),
);
const FaqRoute = lazy(() =>
  import('./routes/area/faq').then((module) => ({ default: module.FaqRoute })),
);
const PriceControlRoute = lazy(() =>
  import('./routes/area/price-control').then((module) => ({ default: module.PriceControlRoute })),
);
const PackagesRoute = lazy(() =>
  import('./routes/area/packages').then((module) => ({ default: module.PackagesRoute })),
);
const UsersRoute = lazy(() =>
  import('./routes/area/users').then((module) => ({ default: module.UsersRoute })),
);
const UserProfileRoute = lazy(() =>
  import('./routes/area/user-profile').then((module) => ({ default: module.UserProfileRoute })),
);
const IntegrationsRoute = lazy(() =>
  import('./routes/area/integrations').then((module) => ({ default: module.IntegrationsRoute })),
);
const StatementRoute = lazy(() =>
  import('./routes/area/statement').then((module) => ({ default: module.StatementRoute })),
);
const AuditLogRoute = lazy(() =>
  import('./routes/area/audit-log').then((module) => ({ default: module.AuditLogRoute })),
);
const NotificationsRoute = lazy(() =>
  import('./routes/area/notifications').then((module) => ({
    default: module.NotificationsRoute,
  })),
);
const TopupRoute = lazy(() =>
  import('./routes/area/topup').then((module) => ({ default: module.TopupRoute })),
);
const TopupRequestsRoute = lazy(() =>
  import('./routes/area/topup-requests').then((module) => ({
    default: module.TopupRequestsRoute,
  })),
);
const PaymentMethodsRoute = lazy(() =>
  import('./routes/area/payment-methods').then((module) => ({
    default: module.PaymentMethodsRoute,
  })),
);
const SuppliersRoute = lazy(() =>
  import('./routes/area/suppliers').then((module) => ({ default: module.SuppliersRoute })),
);
const SalesAnalyticsRoute = lazy(() =>
  import('./routes/area/sales-analytics').then((module) => ({
    default: module.SalesAnalyticsRoute,
  })),
);
const SettingsRoute = lazy(() =>
  import('./routes/area/settings').then((module) => ({ default: module.SettingsRoute })),
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
          // Every area opens on its dashboard, under one address (`/<role>/dashboard`).
          { index: true, element: <Navigate to={areaPaths.dashboard} replace /> },
          { path: areaPaths.dashboard, element: <DashboardRoute role={role} /> },
          { path: areaPaths.generateCode, element: <GenerateCodeRoute /> },
          { path: areaPaths.profile, element: <ProfileRoute /> },
          { path: areaPaths.security, element: <SecurityRoute /> },
          { path: areaPaths.orders, element: <OrdersRoute role={role} /> },
          { path: areaPaths.tickets, element: <TicketsRoute role={role} /> },
          { path: areaPaths.faq, element: <FaqRoute /> },
          { path: areaPaths.integrations, element: <IntegrationsRoute /> },
          { path: areaPaths.statement, element: <StatementRoute role={role} /> },
          { path: areaPaths.notifications, element: <NotificationsRoute role={role} /> },
          // What sells: the platform's (admins), or a seller's own and its downline's.
          { path: areaPaths.sales, element: <SalesAnalyticsRoute role={role} /> },
          // Money in (DESIGN.md §13): every funder decides and offers; admins ask nobody.
          { path: areaPaths.topupRequests, element: <TopupRequestsRoute role={role} /> },
          { path: areaPaths.paymentMethods, element: <PaymentMethodsRoute role={role} /> },
          ...(role === 'admin' ? [] : [{ path: areaPaths.topup, element: <TopupRoute /> }]),
          { path: areaPaths.priceControl, element: <PriceControlRoute role={role} /> },
          // The platform's packages (admin) or a manager's own; resellers have none.
          ...(role === 'reseller'
            ? []
            : [{ path: areaPaths.packages, element: <PackagesRoute kind={role} /> }]),
          // The admin's Users screen; a manager's or reseller's own downline.
          { path: areaPaths.users, element: <UsersRoute role={role} /> },
          { path: `${areaPaths.users}/:userId`, element: <UserProfileRoute /> },
          // Buying is for managers and resellers; the admin's products screen is its own.
          ...(role === 'admin' ? [] : [{ path: areaPaths.shop, element: <ProductsRoute /> }]),
          // The admin's catalogue: its categories, and its products at the shop's path.
          ...(role === 'admin'
            ? [
                { path: areaPaths.categories, element: <CategoriesRoute /> },
                { path: areaPaths.products, element: <CatalogueProductsRoute /> },
                { path: areaPaths.suppliers, element: <SuppliersRoute /> },
              ]
            : []),
          // Platform settings, one section per URL below it, and the audit log (admins only).
          ...(role === 'admin'
            ? [
                { path: `${areaPaths.settings}/*`, element: <SettingsRoute /> },
                { path: areaPaths.auditLog, element: <AuditLogRoute /> },
              ]
            : []),
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  };
}

/** Children of the root route (`rootRouteId` in routes.tsx). */
export const areaRoutes: RouteObject[] = [
  areaRoute('admin'),
  areaRoute('manager'),
  areaRoute('reseller'),
];
