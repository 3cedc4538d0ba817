import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, LogOut, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Role } from '@keymarket/contracts/users';
import { initialsOf, UserAvatar } from '@/entities/users/components/user-avatar';
import { useCurrentUser } from '@/lib/auth/current-user';
import { areaPaths } from '../area-paths';
import { LogoutDialog } from './logout-dialog';

const itemClassName =
  'flex cursor-pointer items-center gap-2.5 rounded-md px-2.5 py-2 text-sm text-fg outline-none data-[highlighted]:bg-surface-2';

export function UserMenu({ role }: { role: Role }) {
  const { t, i18n } = useTranslation();
  const userQuery = useCurrentUser();
  const [logoutOpen, setLogoutOpen] = useState(false);
  const user = userQuery.data;

  return (
    <>
      {/* Not modal: a modal menu would fight the logout dialog it opens over who owns focus. */}
      <DropdownMenu.Root modal={false} dir={i18n.dir()}>
        <DropdownMenu.Trigger
          // The initials the avatar shows are in the name too: someone who speaks to the page
          // (voice control) names the button by what it shows.
          aria-label={
            user && !user.avatarUrl
              ? `${t('userMenu.open')} ${initialsOf(user)}`
              : t('userMenu.open')
          }
          className="flex items-center gap-2 rounded-full border border-border bg-surface-2 p-1 pe-2 text-muted hover:text-fg"
        >
          {user ? (
            <UserAvatar user={user} size="sm" />
          ) : (
            <span
              aria-hidden
              className="grid size-8 place-items-center rounded-full bg-primary text-primary-fg"
            >
              <UserRound className="size-4" />
            </span>
          )}
          <ChevronDown aria-hidden className="size-4" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={8}
            className="z-40 min-w-56 rounded-xl border border-border bg-surface p-1.5 text-fg shadow-card"
          >
            <DropdownMenu.Label className="px-2.5 py-2">
              {user && (
                <span className="block truncate text-sm font-semibold">
                  {user.firstName} {user.lastName}
                </span>
              )}
              <span className="block text-xs text-muted">{t(`roles.${role}`)}</span>
            </DropdownMenu.Label>
            <DropdownMenu.Separator className="my-1 h-px bg-border" />
            <DropdownMenu.Item asChild className={itemClassName}>
              <Link to={areaPaths.profile}>
                <UserRound aria-hidden className="size-4 text-muted" />
                {t('userMenu.profile')}
              </Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item className={itemClassName} onSelect={() => setLogoutOpen(true)}>
              <LogOut aria-hidden className="size-4 text-danger rtl:rotate-180" />
              {t('userMenu.logout')}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <LogoutDialog open={logoutOpen} onOpenChange={setLogoutOpen} />
    </>
  );
}
