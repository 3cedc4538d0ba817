import { Menu } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Role } from '@keymarket/contracts/users';
import { LanguageSwitch } from '@/entities/preferences/components/language-switch';
import { ThemeSwitch } from '@/entities/preferences/components/theme-switch';
import { Button } from '@/components/ui/button';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { GlobalSearch } from '@/features/search/components/global-search';
import { CurrencySelector } from '@/features/shell-settings/components/currency-selector';
import { MusicControls } from '@/features/shell-settings/components/music-player';
import { areaPaths } from '../area-paths';
import { BalanceSummary } from './balance-summary';
import { UserMenu } from './user-menu';

type TopBarProps = { role: Role; onOpenNavigation: () => void };

export function TopBar({ role, onOpenNavigation }: TopBarProps) {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-border bg-surface/85 px-3 backdrop-blur sm:gap-3 sm:px-6">
      <Button
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label={t('nav.open')}
        onClick={onOpenNavigation}
      >
        <Menu aria-hidden className="size-5" />
      </Button>
      <BalanceSummary />
      <div className="ms-auto flex items-center gap-2 sm:gap-3">
        <GlobalSearch role={role} />
        {/* Narrower screens find these in the sidebar or the drawer. */}
        <div className="hidden items-center gap-3 xl:flex">
          <LanguageSwitch />
          <ThemeSwitch />
        </div>
        {/* Room for these only from 1360px (measured with the widest theme and language); below,
            they live in the sidebar and the drawer (sidebar.tsx). */}
        <div className="hidden items-center gap-3 min-[1360px]:flex">
          <MusicControls layout="bar" />
          <CurrencySelector />
        </div>
        <NotificationBell role={role} allPath={`/${role}/${areaPaths.notifications}`} />
        <UserMenu role={role} />
      </div>
    </header>
  );
}
