import { clsx } from 'clsx';
import type { User } from '@keymarket/contracts/users';

const sizes = {
  sm: 'size-8 text-xs',
  md: 'size-10 text-sm',
  lg: 'size-16 text-lg',
} as const;

type UserAvatarProps = {
  user: Pick<User, 'firstName' | 'lastName' | 'avatarUrl'>;
  size?: keyof typeof sizes;
  /** Empty by default: the name is written beside the picture, so it is decoration. */
  alt?: string;
  className?: string;
};

/** What the avatar shows of a user without a picture: its first and last names' initials. */
export function initialsOf(user: Pick<User, 'firstName' | 'lastName'>): string {
  return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
}

/** The user's profile picture, or its initials on the primary colour when it has none. */
export function UserAvatar({ user, size = 'md', alt = '', className }: UserAvatarProps) {
  const frame = clsx('shrink-0 rounded-full', sizes[size], className);
  if (user.avatarUrl) {
    return (
      <img
        src={user.avatarUrl}
        alt={alt}
        className={clsx(frame, 'border border-border bg-surface-2 object-cover')}
      />
    );
  }
  return (
    <span
      aria-hidden={alt ? undefined : true}
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      className={clsx(
        frame,
        'grid place-items-center bg-primary font-semibold text-primary-fg uppercase',
      )}
    >
      {initialsOf(user)}
    </span>
  );
}
