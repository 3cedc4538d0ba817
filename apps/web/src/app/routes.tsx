import { lazy } from 'react';
import type { PatchRoutesOnNavigationFunction, RouteObject } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { AREA_PATH } from './area-paths';
import { RootRedirect } from './guards/root-redirect';
import { PublicLayout } from './layouts/public-layout';
import { LoginRoute } from './routes/login';
import { NotFoundRoute } from './routes/not-found';
import { RouteError } from './routes/route-error';

// The signed-out content pages are their own chunks too: /login does not download them.
const HomePage = lazy(() =>
  import('@/features/public-pages/components/home-page').then((module) => ({
    default: module.HomePage,
  })),
);
const AboutPage = lazy(() =>
  import('@/features/public-pages/components/about-page').then((module) => ({
    default: module.AboutPage,
  })),
);
const ContactPage = lazy(() =>
  import('@/features/public-pages/components/contact-page').then((module) => ({
    default: module.ContactPage,
  })),
);
const PublicFaqRoute = lazy(() =>
  import('./routes/public/faq').then((module) => ({ default: module.PublicFaqRoute })),
);
const SignupRoute = lazy(() =>
  import('./routes/signup').then((module) => ({ default: module.SignupRoute })),
);

const ForgotPasswordRoute = lazy(() =>
  import('./routes/password-reset').then((module) => ({ default: module.ForgotPasswordRoute })),
);
const ResetPasswordRoute = lazy(() =>
  import('./routes/password-reset').then((module) => ({ default: module.ResetPasswordRoute })),
);

const rootRouteId = 'root';

export const routes: RouteObject[] = [
  {
    id: rootRouteId,
    errorElement: <RouteError />,
    // Shown while a first visit to an area fetches its routes (see discoverAreaRoutes).
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      { path: '/', element: <RootRedirect /> },
      {
        element: <PublicLayout />,
        children: [
          { path: 'login', element: <LoginRoute /> },
          { path: 'signup', element: <SignupRoute /> },
          { path: 'forgot-password', element: <ForgotPasswordRoute /> },
          { path: 'reset-password', element: <ResetPasswordRoute /> },
          { path: 'home', element: <HomePage /> },
          { path: 'about', element: <AboutPage /> },
          { path: 'contact', element: <ContactPage /> },
          { path: 'faq', element: <PublicFaqRoute /> },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
      // `/admin/*`, `/manager/*`, `/reseller/*`: added by discoverAreaRoutes.
    ],
  },
];

/**
 * React Router's lazy route discovery: the first visit to an area fetches the areas' routes
 * (area-routes.tsx) and adds them under the root. The sign-in page thereby downloads no area
 * code, not even the names of the area's chunks that preloading them would list.
 */
export const discoverAreaRoutes: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  if (!AREA_PATH.test(path)) return;
  const { areaRoutes, preloadArea } = await import('./area-routes');
  preloadArea(path);
  // Patching the same routes twice adds nothing: React Router compares them first.
  patch(rootRouteId, areaRoutes);
};
