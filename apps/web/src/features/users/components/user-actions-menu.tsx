import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import {
  CircleArrowDown,
  CircleArrowUp,
  Ban,
  CircleCheck,
  Eye,
  KeyRound,
  Ellipsis,
  Gauge,
  Package,
  CirclePause,
  Pencil,
  SendHorizontal,
  ShieldOff,
  TrendingUp,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { UserSummary } from '@keymarket/contracts/users-admin';
import { Button } from '@/components/ui/button';
import type { UserAction } from './user-actions';

const iconOf: Record<UserAction, LucideIcon> = {
  profile: Eye,
  edit: Pencil,
  addBalance: CircleArrowUp,
  removeBalance: CircleArrowDown,
  transfer: SendHorizontal,
  assignPackage: Package,
  limits: Gauge,
  resetPassword: KeyRound,
  upgrade: TrendingUp,
  suspend: CirclePause,
  activate: CircleCheck,
  ban: Ban,
  resetTwoFactor: ShieldOff,
};

// Actions that take something away from the user (or weaken its sign-in) are set apart below a
// separator, in red.
const harmful = new Set<UserAction>(['removeBalance', 'resetTwoFactor', 'suspend', 'ban']);

const itemClassName =
  'flex cursor-pointer items-center gap-2.5 rounded-md px-2.5 py-2 text-sm outline-none data-[highlighted]:bg-surface-2';

type UserActionsMenuProps = {
  user: UserSummary;
  actions: readonly UserAction[];
  onSelect: (action: UserAction) => void;
};

/** The row's menu of actions; keyboard-usable (arrows, Enter, Escape) through Radix. */
export function UserActionsMenu({ user, actions, onSelect }: UserActionsMenuProps) {
  const { t, i18n } = useTranslation('users');
  const { t: tLimits } = useTranslation('limits');
  const safe = actions.filter((action) => !harmful.has(action));
  const risky = actions.filter((action) => harmful.has(action));

  const item = (action: UserAction) => {
    const Icon = iconOf[action];
    return (
      <DropdownMenu.Item
        key={action}
        onSelect={() => onSelect(action)}
        className={`${itemClassName} ${harmful.has(action) ? 'text-danger' : 'text-fg'}`}
      >
        <Icon aria-hidden className="size-4 shrink-0 opacity-80" />
        {action === 'limits' ? tLimits('users.action') : t(`actions.${action}`)}
      </DropdownMenu.Item>
    );
  };

  return (
    // Not modal: the dialogs it opens take focus themselves (see the top bar's user menu).
    <DropdownMenu.Root modal={false} dir={i18n.dir()}>
      <DropdownMenu.Trigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('actions.menuFor', { name: user.username })}
          title={t('actions.menuFor', { name: user.username })}
        >
          <Ellipsis aria-hidden className="size-4" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-40 min-w-52 rounded-xl border border-border bg-surface p-1.5 text-fg shadow-card"
        >
          {safe.map(item)}
          {safe.length > 0 && risky.length > 0 && (
            <DropdownMenu.Separator className="my-1 h-px bg-border" />
          )}
          {risky.map(item)}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
