import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { NavItem } from '../navigation';

type SidebarNavProps = {
  items: readonly NavItem[];
  /** Closes the phone drawer once a link is followed. */
  onNavigate?: () => void;
};

export function SidebarNav({ items, onNavigate }: SidebarNavProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('nav.label')} className="flex-1 overflow-y-auto px-3 py-4">
      <ul className="flex flex-col gap-1">
        {items.map(({ label, to, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              onClick={onNavigate}
              className={({ isActive }) =>
                clsx(
                  'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition',
                  isActive
                    ? 'bg-primary/15 text-accent ring-1 ring-primary/30 ring-inset'
                    : 'text-muted hover:bg-surface-2 hover:text-fg',
                )
              }
            >
              <Icon aria-hidden className="size-4.5 shrink-0" />
              {t(`nav.${label}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
