import type { TFunction } from 'i18next';
import { LogOut, Monitor, MonitorSmartphone, Smartphone, Tablet, Tv } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { DeviceType, Session } from '@keymarket/contracts/sessions';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format-date';
import { useEndSessions, useSessions, type SessionsOwner } from '../api/sessions';

const deviceIcons: Record<DeviceType, typeof Monitor> = {
  desktop: Monitor,
  mobile: Smartphone,
  tablet: Tablet,
  tv: Tv,
  unknown: MonitorSmartphone,
};

type SessionsListProps = {
  owner: SessionsOwner;
  /** Another user's username: its list ends every session, audited; the caller's own, the others. */
  username?: string;
};

/**
 * The devices signed in to an account, last seen first: the browser and system its user agent
 * names, the address and country it was last seen from, when. Each but the current one can be
 * signed out, and all of them at once (the caller's own: all but this device).
 */
export function SessionsList({ owner, username }: SessionsListProps) {
  const { t } = useTranslation();
  const sessionsQuery = useSessions(owner);
  const ending = useEndSessions(owner);
  const [confirming, setConfirming] = useState<Session | 'all' | null>(null);
  const mine = 'me' in owner;

  if (sessionsQuery.isPending) {
    return (
      <div className="grid place-items-center py-10">
        <Spinner className="size-6" />
      </div>
    );
  }
  if (sessionsQuery.isError) {
    return (
      <LoadError
        error={sessionsQuery.error}
        onRetry={() => void sessionsQuery.refetch()}
        title={t('sessions.failed')}
      />
    );
  }

  const sessions = sessionsQuery.data.sessions;
  const others = sessions.filter((session) => !session.current);
  const close = () => {
    setConfirming(null);
    ending.reset();
  };
  const confirm = () => {
    const one = confirming !== 'all' ? confirming : null;
    ending.mutate(one?.id, {
      onSuccess: () => {
        toast.success(
          one
            ? t('sessions.ended', { device: deviceName(one, t) })
            : mine
              ? t('sessions.endedOthers')
              : t('sessions.endedAll', { name: username ?? '' }),
        );
        close();
      },
    });
  };

  return (
    <div className="flex flex-col gap-4">
      {sessions.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted">{t('sessions.empty')}</p>
      ) : (
        <ul className="divide-y divide-border" aria-label={t('sessions.title')}>
          {sessions.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              onEnd={session.current ? undefined : () => setConfirming(session)}
            />
          ))}
        </ul>
      )}
      {(mine ? others.length > 0 : sessions.length > 0) && (
        <div className="flex justify-end">
          <Button variant="secondary" onClick={() => setConfirming('all')}>
            <LogOut aria-hidden className="size-4 rtl:rotate-180" />
            {mine ? t('sessions.endOthers') : t('sessions.endAll')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={
          confirming === 'all'
            ? mine
              ? t('sessions.endOthersTitle')
              : t('sessions.endAllTitle', { name: username ?? '' })
            : t('sessions.endTitle')
        }
        description={
          confirming === 'all'
            ? mine
              ? t('sessions.endOthersDescription')
              : t('sessions.endAllDescription', { name: username ?? '' })
            : confirming
              ? t('sessions.endDescription', { device: deviceName(confirming, t) })
              : ''
        }
        confirmLabel={
          confirming === 'all'
            ? mine
              ? t('sessions.endOthers')
              : t('sessions.endAll')
            : t('sessions.end')
        }
        pending={ending.isPending}
        error={ending.error}
        onConfirm={confirm}
        onCancel={close}
      />
    </div>
  );
}

/** "Chrome 131 on Windows 10", or as much of it as the user agent told. */
function deviceName({ device }: Session, t: TFunction): string {
  if (device.browser && device.os) {
    return String(t('sessions.device', { browser: device.browser, os: device.os }));
  }
  return device.browser ?? device.os ?? String(t(`sessions.types.${device.type}`));
}

function SessionRow({ session, onEnd }: { session: Session; onEnd?: () => void }) {
  const { t, i18n } = useTranslation();
  const Icon = deviceIcons[session.device.type];
  const name = deviceName(session, t);
  const place = [
    session.ip,
    session.country ? countryName(session.country, i18n.language) : null,
  ].filter(Boolean);
  return (
    <li className="flex items-start gap-3 py-3">
      <span
        className="mt-0.5 grid size-9 shrink-0 place-items-center rounded-lg bg-surface-2 text-muted"
        title={t(`sessions.types.${session.device.type}`)}
      >
        <Icon aria-hidden className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-fg">
          <bdi>{name}</bdi>
          {session.current && <Badge tone="success">{t('sessions.current')}</Badge>}
        </p>
        <p className="mt-0.5 text-sm break-words text-muted">
          {place.length > 0 && (
            <>
              <bdi dir="ltr">{place[0]}</bdi>
              {place[1] && <> · {place[1]}</>}
              {' · '}
            </>
          )}
          {lastSeen(session.lastSeenAt, t, i18n.language)}
        </p>
        <p className="mt-0.5 text-xs text-muted">
          {t('sessions.signedIn', { date: formatDateTime(session.signedInAt, i18n.language) })}
        </p>
      </div>
      {onEnd && (
        <Button
          variant="ghost"
          size="sm"
          onClick={onEnd}
          aria-label={t('sessions.endLabel', { device: name })}
        >
          <LogOut aria-hidden className="size-4 rtl:rotate-180" />
          <span className="max-sm:sr-only">{t('sessions.end')}</span>
        </Button>
      )}
    </li>
  );
}

/** "Active now" within two minutes (last seen is written once a minute), else "3 hours ago". */
function lastSeen(iso: string, t: TFunction, language: string): string {
  const minutes = Math.round((Date.now() - new Date(iso).getTime()) / 60_000);
  if (minutes < 2) return t('sessions.activeNow');
  const relative = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const when =
    minutes < 60
      ? relative.format(-minutes, 'minute')
      : minutes < 24 * 60
        ? relative.format(-Math.round(minutes / 60), 'hour')
        : relative.format(-Math.round(minutes / (24 * 60)), 'day');
  return t('sessions.lastSeen', { when });
}

function countryName(code: string, language: string): string {
  return new Intl.DisplayNames([language], { type: 'region', fallback: 'code' }).of(code) ?? code;
}
