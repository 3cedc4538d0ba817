import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { socialNetworks, type SocialLinks } from '@keymarket/contracts/settings';
import { SocialIcon } from './social-icon';

// The server accepts only http(s) addresses; checked again here because a `javascript:` href
// would run script on click, whatever put it in the database.
const isWebAddress = (url: string) => /^https?:\/\//i.test(url);

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** The links that are set, in the contracts' network order. */
export function presentLinks(links: SocialLinks) {
  return socialNetworks.flatMap((network) => {
    const url = links[network];
    return url && isWebAddress(url) ? [{ network, url }] : [];
  });
}

type SocialLinksListProps = {
  links: SocialLinks;
  /** `icons`: round icon buttons (footer); `cards`: icon, name and address (contact page). */
  variant: 'icons' | 'cards';
};

export function SocialLinksList({ links, variant }: SocialLinksListProps) {
  const { t } = useTranslation('public');
  const present = presentLinks(links);

  return (
    <ul
      className={clsx(
        variant === 'icons' ? 'flex flex-wrap items-center gap-2' : 'grid gap-3 sm:grid-cols-2',
      )}
    >
      {present.map(({ network, url }) => {
        const name = t(`networks.${network}`);
        return (
          <li key={network}>
            {variant === 'icons' ? (
              <a
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('social.opensInNewTab', { network: name })}
                title={name}
                className="grid size-9 place-items-center rounded-full border border-border bg-surface-2 text-muted transition hover:border-primary hover:text-fg"
              >
                <SocialIcon network={network} className="size-4.5" />
              </a>
            ) : (
              <a
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('social.opensInNewTab', { network: name })}
                className="flex items-center gap-3 rounded-lg border border-border bg-surface-2/50 p-3 transition hover:border-primary"
              >
                <span className="grid size-10 shrink-0 place-items-center rounded-full bg-primary/15 text-accent">
                  <SocialIcon network={network} className="size-5" />
                </span>
                <span className="min-w-0">
                  <span className="block text-sm font-medium text-fg">{name}</span>
                  <bdi dir="ltr" className="block truncate text-xs text-muted">
                    {hostOf(url)}
                  </bdi>
                </span>
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}
