import { clsx } from 'clsx';
import { Hourglass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button';

/** Shown instead of signing in when new accounts need an administrator's approval. */
export function PendingApproval({ firstName }: { firstName: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex flex-col items-center gap-4 py-4 text-center">
      <span className="grid size-14 place-items-center rounded-full bg-warning/15 text-warning">
        <Hourglass aria-hidden className="size-7" />
      </span>
      <h2 className="text-lg font-semibold text-fg">{t('auth.pending.title')}</h2>
      <p className="text-sm text-muted">{t('auth.pending.body', { name: firstName })}</p>
      <Link to="/login" className={clsx(buttonStyles({ variant: 'secondary' }), 'mt-2')}>
        {t('auth.pending.backToLogin')}
      </Link>
    </div>
  );
}
