import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { NotificationPreferences, NotificationType } from '@keymarket/contracts/notifications';
import type { Role } from '@keymarket/contracts/users';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { SwitchField } from '@/components/ui/switch-field';
import { describeApiError } from '@/lib/translate-error';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/preferences';
import { typeNameKey, typesByRole } from '../utils/notification-types';

/**
 * Which notifications also come by email, on the profile screen. In-app notifications are always
 * on; the emails are in the interface's current language when saved. Shown only when the server
 * sends email.
 */
export function EmailPreferences({ role }: { role: Role }) {
  const query = useNotificationPreferences();
  if (query.isPending) {
    return (
      <div className="grid place-items-center py-6">
        <Spinner className="size-6" />
      </div>
    );
  }
  if (query.isError || !query.data.emailAvailable) return null;
  return <EmailPreferencesForm role={role} saved={query.data} />;
}

function EmailPreferencesForm({ role, saved }: { role: Role; saved: NotificationPreferences }) {
  const { t, i18n } = useTranslation('area', { useSuspense: true });
  const { t: tr } = useTranslation();
  const save = useSaveNotificationPreferences();
  const [chosen, setChosen] = useState(() => new Set(saved.email));
  const language = (['en', 'fr', 'ar'] as const).find((l) => i18n.language.startsWith(l)) ?? 'en';

  function toggle(type: NotificationType, on: boolean) {
    setChosen((before) => {
      const after = new Set(before);
      if (on) after.add(type);
      else after.delete(type);
      return after;
    });
  }

  return (
    <Card
      title={t('notifications.preferences.title')}
      description={t('notifications.preferences.description')}
    >
      <div className="divide-y divide-border">
        {typesByRole[role].map((type) => (
          <SwitchField
            key={type}
            label={t(typeNameKey(type))}
            checked={chosen.has(type)}
            onChange={(event) => toggle(type, event.currentTarget.checked)}
          />
        ))}
      </div>
      <p className="mt-3 text-xs text-muted">{t('notifications.preferences.languageHint')}</p>
      {save.isError && (
        <div className="mt-3">
          <Alert>{describeApiError(save.error, tr)}</Alert>
        </div>
      )}
      <Button
        className="mt-4"
        loading={save.isPending}
        onClick={() =>
          save.mutate(
            { email: [...chosen], language },
            { onSuccess: () => toast.success(t('notifications.preferences.saved')) },
          )
        }
      >
        {t('notifications.preferences.save')}
      </Button>
    </Card>
  );
}
