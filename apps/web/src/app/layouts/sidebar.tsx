import { Brand } from '@/components/brand';
import { LanguageSwitch } from '@/entities/preferences/components/language-switch';
import { ThemeSwitch } from '@/entities/preferences/components/theme-switch';
import { CurrencySelector } from '@/features/shell-settings/components/currency-selector';
import { MusicControls } from '@/features/shell-settings/components/music-player';
import { useSiteName } from '@/entities/system-settings/api/get-system-settings';
import type { NavItem } from '../navigation';
import { SidebarNav } from './sidebar-nav';

type SidebarProps = { items: readonly NavItem[]; onNavigate?: () => void };

/** The sidebar's content, shown fixed on wide screens and in a drawer on phones. */
export function Sidebar({ items, onNavigate }: SidebarProps) {
  const siteName = useSiteName();
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 items-center px-5">
        <Brand name={siteName} />
      </div>
      <SidebarNav items={items} onNavigate={onNavigate} />
      {/* Below 1360px the top bar has no room for the currency and the music (top-bar.tsx). */}
      <div className="flex flex-col gap-3 border-t border-border p-4 min-[1360px]:hidden">
        <CurrencySelector />
        <MusicControls layout="panel" />
      </div>
      {/* Below `xl` the top bar (with the bell) has no room for these, so they live here. */}
      <div className="flex flex-col gap-3 border-t border-border p-4 xl:hidden">
        <LanguageSwitch />
        <ThemeSwitch />
      </div>
    </div>
  );
}
