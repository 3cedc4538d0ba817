import { clsx } from 'clsx';
import {
  BellRing,
  CircleDollarSign,
  CircleHelp,
  Gauge,
  Globe,
  Music,
  Settings2,
  Share2,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useRef, type ComponentType } from 'react';
import { NavLink, useLocation } from 'react-router';
import { AlertsSection } from './alerts-section';
import { BannedCountriesSection } from './banned-countries-section';
import { CurrenciesSection } from './currencies-section';
import { FaqsSection } from './faqs-section';
import { MusicSection } from './music-section';
import { SocialLinksForm } from './social-links-form';
import { SystemSettingsForm } from './system-settings-form';
import { ThresholdsForm } from './thresholds-form';
import { useSettingsText } from './use-settings-text';

export const SETTINGS_BASE_PATH = '/admin/settings';

type SettingsSection = {
  /** The URL segment after /admin/settings/. */
  path: string;
  label:
    | 'system'
    | 'currencies'
    | 'alerts'
    | 'faqs'
    | 'socialLinks'
    | 'music'
    | 'bannedCountries'
    | 'thresholds';
  icon: LucideIcon;
  Screen: ComponentType;
};

/** Each section has a URL of its own, so it can be bookmarked and the back button works. */
export const settingsSections: readonly SettingsSection[] = [
  { path: 'system', label: 'system', icon: Settings2, Screen: SystemSettingsForm },
  { path: 'currencies', label: 'currencies', icon: CircleDollarSign, Screen: CurrenciesSection },
  { path: 'alerts', label: 'alerts', icon: BellRing, Screen: AlertsSection },
  { path: 'faqs', label: 'faqs', icon: CircleHelp, Screen: FaqsSection },
  { path: 'social-links', label: 'socialLinks', icon: Share2, Screen: SocialLinksForm },
  { path: 'music', label: 'music', icon: Music, Screen: MusicSection },
  {
    path: 'banned-countries',
    label: 'bannedCountries',
    icon: Globe,
    Screen: BannedCountriesSection,
  },
  { path: 'thresholds', label: 'thresholds', icon: Gauge, Screen: ThresholdsForm },
];

/** The sections as tabs: a scrolling row on phones, a column beside the content on wide screens. */
export function SettingsTabs() {
  const { t } = useSettingsText();
  const { pathname } = useLocation();
  const navRef = useRef<HTMLElement>(null);

  // On a phone the row scrolls: the open section's tab is brought into view, even the last one.
  useEffect(() => {
    navRef.current
      ?.querySelector('[aria-current="page"]')
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- jsdom has no scrollIntoView
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);

  return (
    <nav ref={navRef} aria-label={t('sections.label')} className="-mx-4 px-4 lg:mx-0 lg:px-0">
      <ul className="flex gap-1 overflow-x-auto pb-1 lg:flex-col lg:overflow-visible lg:pb-0">
        {settingsSections.map(({ path, label, icon: Icon }) => (
          <li key={path} className="shrink-0">
            <NavLink
              to={`${SETTINGS_BASE_PATH}/${path}`}
              className={({ isActive }) =>
                clsx(
                  'flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition',
                  isActive
                    ? 'bg-primary/15 text-accent ring-1 ring-primary/30 ring-inset'
                    : 'text-muted hover:bg-surface-2 hover:text-fg',
                )
              }
            >
              <Icon aria-hidden className="size-4 shrink-0" />
              {t(`sections.${label}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
