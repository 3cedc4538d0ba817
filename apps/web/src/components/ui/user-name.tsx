import { clsx } from 'clsx';

type UserNameProps = {
  username: string;
  /** Written `@username` (the default) or bare. */
  at?: boolean;
  className?: string;
};

/**
 * A username in a table or a card: kept whole on one line, never broken inside ("demo_reseller"
 * is one word), and cut with an ellipsis past its column's width, the full name in its tooltip.
 * `dir="ltr"` isolates it: a Latin name inside Arabic keeps its own order.
 */
export function UserName({ username, at = true, className }: UserNameProps) {
  const text = at ? `@${username}` : username;
  return (
    <bdi
      dir="ltr"
      title={text}
      className={clsx(
        'inline-block max-w-full truncate align-bottom whitespace-nowrap sm:max-w-40',
        className,
      )}
    >
      {text}
    </bdi>
  );
}
