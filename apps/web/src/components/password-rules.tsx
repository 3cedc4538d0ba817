import { Check, Circle } from 'lucide-react';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN, passwordRules } from '@keymarket/contracts/auth';

/**
 * The password rules under a new password's field, from before the first keystroke: each is
 * ticked as the typed password meets it, so nobody learns them from an error. Each line says in
 * words whether it is met (the icon is decoration), for screen readers too.
 */
export function PasswordRules({ id, password }: { id: string; password: string }) {
  const { t } = useTranslation();
  return (
    <ul id={id} className="flex flex-col gap-1 text-xs" aria-label={t('auth.passwordRules.title')}>
      {passwordRules.map(({ rule, met }) => {
        const ok = met(password);
        const Icon = ok ? Check : Circle;
        return (
          <li
            key={rule}
            data-met={ok}
            className={clsx('flex items-center gap-1.5', ok ? 'text-success' : 'text-muted')}
          >
            <Icon aria-hidden className={clsx('shrink-0', ok ? 'size-3.5' : 'size-2.5 mx-0.5')} />
            <span>{t(`auth.passwordRules.${rule}`, { min: PASSWORD_MIN })}</span>
            <span className="sr-only">
              {ok ? t('auth.passwordRules.met') : t('auth.passwordRules.unmet')}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
