import { useTranslation } from 'react-i18next';
import { useSocialLinks } from '@/entities/social-links/api/get-social-links';
import { presentLinks, SocialLinksList } from './social-links-list';

/**
 * The social links of the public pages' footer. Loaded lazily by the layout, so the login page's
 * first download does not carry the icons; shows nothing until (and unless) there are links.
 */
export function SocialLinksFooter() {
  const { t } = useTranslation('public', { useSuspense: true });
  const linksQuery = useSocialLinks();
  if (!linksQuery.isSuccess || presentLinks(linksQuery.data.links).length === 0) return null;

  return (
    <nav aria-label={t('social.label')}>
      <SocialLinksList links={linksQuery.data.links} variant="icons" />
    </nav>
  );
}
