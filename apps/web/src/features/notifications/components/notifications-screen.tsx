import { CheckCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { NotificationType } from '@keymarket/contracts/notifications';
import type { Role } from '@keymarket/contracts/users';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PagedList } from '@/components/ui/paged-list';
import { Select } from '@/components/ui/select';
import { formatDateTime } from '@/lib/format-date';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllRead, useMarkRead } from '../api/mark-read';
import { typeNameKey, typesByRole } from '../utils/notification-types';
import { notificationLink, NotificationText } from './notification-text';

const PAGE_SIZE = 20;

/** Every notification of the caller, newest first: all or only the unread ones, of one type or all. */
export function NotificationsScreen({ role }: { role: Role }) {
  const { t, i18n } = useTranslation('area');
  const [page, setPage] = useState(1);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [type, setType] = useState<NotificationType | undefined>();
  const query = useNotifications({ page, limit: PAGE_SIZE, unread: unreadOnly, type });
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const unread = query.data?.unread ?? 0;

  const filter = (value: boolean, label: string) => (
    <button
      type="button"
      aria-pressed={unreadOnly === value}
      onClick={() => {
        setUnreadOnly(value);
        setPage(1);
      }}
      className="rounded-md px-3 py-1.5 text-sm text-muted aria-pressed:bg-surface aria-pressed:font-medium aria-pressed:text-fg aria-pressed:shadow-sm"
    >
      {label}
    </button>
  );

  return (
    <Card
      title={t('notifications.unreadCount', { count: unread })}
      action={
        <Button
          variant="secondary"
          size="sm"
          disabled={unread === 0 || markAllRead.isPending}
          onClick={() => markAllRead.mutate()}
        >
          <CheckCheck aria-hidden className="size-4" />
          {t('notifications.markAllRead')}
        </Button>
      }
    >
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <div
          role="group"
          aria-label={t('notifications.filter')}
          className="inline-flex gap-1 rounded-lg bg-surface-2 p-1"
        >
          {filter(false, t('notifications.all'))}
          {filter(true, t('notifications.unreadOnly'))}
        </div>
        <Select
          aria-label={t('notifications.typeFilter')}
          className="w-full sm:w-72"
          value={type ?? ''}
          onChange={(event) => {
            const chosen = typesByRole[role].find((each) => each === event.currentTarget.value);
            setType(chosen);
            setPage(1);
          }}
        >
          <option value="">{t('notifications.allTypes')}</option>
          {typesByRole[role].map((each) => (
            <option key={each} value={each}>
              {t(typeNameKey(each))}
            </option>
          ))}
        </Select>
      </div>
      <PagedList
        query={query}
        page={page}
        onPageChange={setPage}
        empty={
          type
            ? t('notifications.noneOfType')
            : unreadOnly
              ? t('notifications.noneUnread')
              : t('notifications.empty')
        }
        failure={t('notifications.loadFailed')}
      >
        {(rows) => (
          <ul aria-busy={query.isPlaceholderData || undefined} className="divide-y divide-border">
            {rows.map((notification) => (
              <li key={notification.id} className="flex items-start gap-3 py-3">
                <span
                  aria-hidden
                  className={`mt-1.5 size-2 shrink-0 rounded-full ${notification.readAt ? 'bg-border' : 'bg-primary'}`}
                />
                <div className="min-w-0 flex-1">
                  <Link
                    to={notificationLink(notification, role)}
                    onClick={() => {
                      if (!notification.readAt) markRead.mutate(notification.id);
                    }}
                    className={`block text-sm [overflow-wrap:anywhere] hover:underline ${notification.readAt ? 'text-muted' : 'font-medium text-fg'}`}
                  >
                    {!notification.readAt && (
                      <span className="sr-only">{t('notifications.unreadMark')} </span>
                    )}
                    <NotificationText notification={notification} />
                  </Link>
                  <p className="mt-0.5 text-xs text-muted">
                    {formatDateTime(notification.createdAt, i18n.language)}
                  </p>
                </div>
                {!notification.readAt && (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => markRead.mutate(notification.id)}
                    aria-label={t('notifications.markReadOne')}
                    title={t('notifications.markReadOne')}
                  >
                    <CheckCheck aria-hidden className="size-4" />
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </Card>
  );
}
