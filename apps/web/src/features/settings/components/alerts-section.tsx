import { AlertForm } from './alert-form';
import { AlertsList } from './alerts-list';
import { useSettingsText } from './use-settings-text';

export function AlertsSection() {
  const { t } = useSettingsText();
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-muted">{t('alerts.description')}</p>
      <AlertForm />
      <AlertsList />
    </div>
  );
}
