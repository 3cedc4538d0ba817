import { Brand } from '@/components/brand';
import { LanguageSwitch } from '@/components/preferences/language-switch';
import { ThemeSwitch } from '@/components/preferences/theme-switch';
import type { NavItem } from '../navigation';
import { SidebarNav } from './sidebar-nav';

type SidebarProps = { items: readonly NavItem[]; onNavigate?: () => void };

/** The sidebar's content, shown fixed on wide screens and in a drawer on phones. */
export function Sidebar({ items, onNavigate }: SidebarProps) {
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 items-center px-5">
        <Brand />
      </div>
      <SidebarNav items={items} onNavigate={onNavigate} />
      {/* Below `lg` the top bar has no room for these, so they live here. */}
      <div className="flex flex-col gap-3 border-t border-border p-4 lg:hidden">
        <LanguageSwitch />
        <ThemeSwitch />
      </div>
    </div>
  );
}
