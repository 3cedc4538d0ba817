import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Bell, CheckCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Role } from '@keymarket/contracts/users';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format-date';
import { useNotifications, useUnreadCount } from '../api/get-notifications';
import { useMarkAllRead, useMarkRead } from '../api/mark-read';
import { notificationLink, NotificationText } from './notification-text';

const PANEL_SIZE = 8;

/** The top bar's bell: the unread count, and a panel with the latest entries. */
export function NotificationBell({ role, allPath }: { role: Role; allPath: string }) {
  const { t, i18n } = useTranslation('area');
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount().data?.unread ?? 0;
  const latest = useNotifications({ page: 1, limit: PANEL_SIZE, unread: false }, open);
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const label =
    unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell');

  return (
    <DropdownMenu.Root modal={false} dir={i18n.dir()} open={open} onOpenChange={setOpen}>
      <DropdownMenu.Trigger
        aria-label={label}
        title={label}
        className="relative grid size-9 place-items-center rounded-full border border-border bg-surface-2 text-muted hover:text-fg"
      >
        <Bell aria-hidden className="size-4" />
        {unread > 0 && (
          <span
            aria-hidden
            dir="ltr"
            className="absolute -end-1 -top-1 grid h-5 min-w-5 place-items-center rounded-full bg-danger px-1 text-[0.6875rem] font-semibold text-danger-fg tabular-nums"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          className="z-40 w-[min(24rem,calc(100vw-1rem))] rounded-xl border border-border bg-surface p-1.5 text-fg shadow-card"
        >
          <div className="flex items-center justify-between gap-2 px-2.5 py-2">
            <DropdownMenu.Label className="text-sm font-semibold">
              {t('notifications.title')}
            </DropdownMenu.Label>
            <button
              type="button"
              disabled={unread === 0 || markAllRead.isPending}
              onClick={() => markAllRead.mutate()}
              className="flex items-center gap-1 rounded-md px-2 py-1 text-xs text-primary hover:bg-surface-2 disabled:text-muted disabled:hover:bg-transparent"
            >
              <CheckCheck aria-hidden className="size-4" />
              {t('notifications.markAllRead')}
            </button>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          {latest.isPending && (
            <div className="grid place-items-center py-6">
              <Spinner />
            </div>
          )}
          {latest.isError && (
            <p className="px-2.5 py-4 text-sm text-danger">{t('notifications.loadFailed')}</p>
          )}
          {latest.isSuccess && latest.data.data.length === 0 && (
            <p className="px-2.5 py-6 text-center text-sm text-muted">{t('notifications.empty')}</p>
          )}
          <div className="max-h-[min(24rem,60vh)] overflow-y-auto">
            {latest.data?.data.map((notification) => (
              <DropdownMenu.Item key={notification.id} asChild>
                <Link
                  to={notificationLink(notification, role)}
                  onClick={() => {
                    if (!notification.readAt) markRead.mutate(notification.id);
                  }}
                  className="flex cursor-pointer gap-2.5 rounded-md px-2.5 py-2 text-sm outline-none data-[highlighted]:bg-surface-2"
                >
                  <span
                    aria-hidden
                    className={`mt-1.5 size-2 shrink-0 rounded-full ${notification.readAt ? 'bg-transparent' : 'bg-primary'}`}
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block [overflow-wrap:anywhere]">
                      {!notification.readAt && (
                        <span className="sr-only">{t('notifications.unreadMark')} </span>
                      )}
                      <NotificationText notification={notification} />
                    </span>
                    <span className="block text-xs text-muted">
                      {formatDateTime(notification.createdAt, i18n.language)}
                    </span>
                  </span>
                </Link>
              </DropdownMenu.Item>
            ))}
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item asChild>
            <Link
              to={allPath}
              className="block rounded-md px-2.5 py-2 text-center text-sm font-medium text-primary outline-none data-[highlighted]:bg-surface-2"
            >
              {t('notifications.seeAll')}
            </Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
