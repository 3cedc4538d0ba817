import { clsx } from 'clsx';
import { DoorClosed } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { useSystemSettings } from '@/entities/system-settings/api/get-system-settings';

/** False only once the system settings say so: while they load, the form stays usable. */
export function useRegistrationOpen(): boolean {
  return useSystemSettings().data?.registrationOpen !== false;
}

/** Shown on the signup page instead of the form while an administrator has closed registration. */
export function RegistrationClosed() {
  const { t } = useTranslation(['translation', 'shell'], { useSuspense: true });
  return (
    <div role="status" className="flex flex-col items-center gap-4 py-4 text-center">
      <span className="grid size-14 place-items-center rounded-full bg-warning/15 text-warning">
        <DoorClosed aria-hidden className="size-7 rtl:-scale-x-100" />
      </span>
      <h2 className="text-lg font-semibold text-fg">{t('messages.registrationClosed')}</h2>
      <p className="text-sm text-muted">{t('shell:registration.closedBody')}</p>
      <Link to="/login" className={clsx(buttonStyles({ variant: 'secondary' }), 'mt-2')}>
        {t('auth.pending.backToLogin')}
      </Link>
    </div>
  );
}
