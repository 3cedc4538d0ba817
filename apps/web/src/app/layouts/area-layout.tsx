import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import type { Role } from '@keymarket/contracts/users';
import { Drawer } from '@/components/ui/drawer';
import { SkipLink } from '@/components/ui/skip-link';
import { Spinner } from '@/components/ui/spinner';
import { useLiveUpdates } from '@/features/notifications/api/live-updates';
import { AlertBanners } from '@/features/shell-settings/components/alert-banners';
import { MaintenancePage } from '@/features/shell-settings/components/maintenance-page';
import { MusicAudio } from '@/features/shell-settings/components/music-player';
import { useSiteIdentity } from '@/features/shell-settings/components/site-identity';
import { useMaintenance } from '@/lib/maintenance';
import { navigationByRole } from '../navigation';
import { AppToaster } from '../toaster';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import { UserMenu } from './user-menu';

/** The frame of the admin, manager and reseller areas. */
export function AreaLayout({ role }: { role: Role }) {
  const { t } = useTranslation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const items = navigationByRole[role];
  useSiteIdentity();
  // Balance, profit, the bell and the orders refresh themselves from the notification stream.
  useLiveUpdates();
  // Administrators keep working; everyone else is refused by the API until it is over.
  const underMaintenance = useMaintenance() && role !== 'admin';

  if (underMaintenance) {
    return (
      <>
        <MaintenancePage accountMenu={<UserMenu role={role} />} />
        <AppToaster />
      </>
    );
  }

  return (
    <div className="flex min-h-dvh">
      <SkipLink />
      <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 border-e border-border bg-surface md:block">
        <Sidebar items={items} />
      </aside>
      <Drawer open={drawerOpen} onOpenChange={setDrawerOpen} title={t('nav.label')}>
        <Sidebar items={items} onNavigate={() => setDrawerOpen(false)} />
      </Drawer>
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar role={role} onOpenNavigation={() => setDrawerOpen(true)} />
        <main id="main" tabIndex={-1} className="flex-1 px-4 py-6 outline-none sm:px-8 sm:py-8">
          <div className="mx-auto w-full max-w-6xl">
            <AlertBanners role={role} />
            <Suspense
              fallback={
                <div className="grid place-items-center py-24">
                  <Spinner className="size-8" />
                </div>
              }
            >
              <Outlet />
            </Suspense>
          </div>
        </main>
      </div>
      {/* Here, not in the top bar or the drawer: the music plays on whatever is shown. */}
      <MusicAudio />
      {/* Mounted here, not app-wide, to keep sonner out of the login page's download; toasts
          raised before it mounts (signup's welcome) are replayed by sonner when it does. */}
      <AppToaster />
    </div>
  );
}
