import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import {
  SETTINGS_BASE_PATH,
  settingsSections,
  SettingsTabs,
} from '@/features/settings/components/settings-sections';

/** `/admin/settings/<section>`: the platform settings, one section per URL. */
export function SettingsRoute() {
  const { t } = useTranslation('settings', { useSuspense: true });
  // `/admin/settings` and a section that does not exist open the first section.
  const firstSection = (
    <Navigate to={`${SETTINGS_BASE_PATH}/${settingsSections[0]!.path}`} replace />
  );
  return (
    <>
      <PageHeader title={t('title')} description={t('subtitle')} />
      <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:items-start">
        <SettingsTabs />
        {/* One width for every section's cards (some were narrower than their neighbours). */}
        <div className="min-w-0 max-w-5xl" data-testid="settings-section">
          <Routes>
            {settingsSections.map(({ path, Screen }) => (
              <Route key={path} path={path} element={<Screen />} />
            ))}
            <Route path="*" element={firstSection} />
          </Routes>
        </div>
      </div>
    </>
  );
}
