import { clsx } from 'clsx';
import { Info, OctagonAlert, TriangleAlert, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Alert } from '@keymarket/contracts/settings';
import type { Role } from '@keymarket/contracts/users';
import { useAlerts } from '@/entities/alerts/api/get-alerts';
import { useSystemSettings } from '@/entities/system-settings/api/get-system-settings';
import { useDismissedAlerts } from './dismissed-alerts';

type Severity = Alert['severity'];

// Theme variables only: each theme defines accent, warning and danger readable on its surfaces.
const severityStyles = {
  info: { icon: Info, className: 'border-accent/40 bg-accent/10', iconClassName: 'text-accent' },
  warning: {
    icon: TriangleAlert,
    className: 'border-warning/40 bg-warning/10',
    iconClassName: 'text-warning',
  },
  critical: {
    icon: OctagonAlert,
    className: 'border-danger/40 bg-danger/10',
    iconClassName: 'text-danger',
  },
} as const satisfies Record<Severity, unknown>;

function messageIn(alert: Alert, language: string): string {
  if (language.startsWith('fr')) return alert.messageFr;
  if (language.startsWith('ar')) return alert.messageAr;
  return alert.messageEn;
}

type BannerProps = { severity: Severity; message: string; onDismiss?: () => void };

function Banner({ severity, message, onDismiss }: BannerProps) {
  const { t } = useTranslation('shell');
  const style = severityStyles[severity];
  const Icon = style.icon;
  return (
    <li
      className={clsx(
        'flex items-start gap-3 rounded-lg border py-2.5 ps-4 pe-2 text-sm',
        style.className,
      )}
    >
      <Icon aria-hidden className={clsx('mt-0.5 size-4 shrink-0', style.iconClassName)} />
      <p className="min-w-0 flex-1 py-px break-words text-fg">
        {/* Colour alone does not say how serious it is. */}
        <span className="sr-only">{t(`alerts.severity.${severity}`)}: </span>
        {message}
      </p>
      {onDismiss && (
        <button
          type="button"
          onClick={onDismiss}
          aria-label={t('alerts.dismiss')}
          title={t('alerts.dismiss')}
          className="-my-1 grid size-7 shrink-0 place-items-center rounded-md text-muted hover:bg-surface-2 hover:text-fg"
        >
          <X aria-hidden className="size-4" />
        </button>
      )}
    </li>
  );
}

/**
 * The administrators' announcements above every page, in the reader's language; each can be
 * closed, and stays closed in this browser. Administrators also see that maintenance is on.
 */
export function AlertBanners({ role }: { role: Role }) {
  const { t, i18n, ready } = useTranslation('shell');
  const alertsQuery = useAlerts();
  const settingsQuery = useSystemSettings();
  // Admins receive inactive alerts too (to manage them); only active ones are banners.
  const active = alertsQuery.data?.alerts.filter((alert) => alert.active) ?? [];
  const [dismissed, dismiss] = useDismissedAlerts(active.map((alert) => alert.id));

  const shown = active.filter((alert) => !dismissed.includes(alert.id));
  const maintenanceOn = role === 'admin' && settingsQuery.data?.maintenanceMode === true;
  if (!ready || (shown.length === 0 && !maintenanceOn)) return null;

  const language = i18n.resolvedLanguage ?? i18n.language;
  return (
    <section aria-label={t('alerts.label')} className="mb-6">
      <ul className="flex flex-col gap-2">
        {maintenanceOn && <Banner severity="warning" message={t('maintenance.adminNotice')} />}
        {shown.map((alert) => (
          <Banner
            key={alert.id}
            severity={alert.severity}
            message={messageIn(alert, language)}
            onDismiss={() => dismiss(alert.id)}
          />
        ))}
      </ul>
    </section>
  );
}
