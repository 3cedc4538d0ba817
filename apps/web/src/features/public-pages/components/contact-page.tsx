import { LifeBuoy, Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { useSocialLinks } from '@/entities/social-links/api/get-social-links';
import { useSiteName, useSystemSettings } from '@/entities/system-settings/api/get-system-settings';
import { PublicPage } from './public-page';
import { presentLinks, SocialLinksList } from './social-links-list';
import { SupportContact } from './support-contact';

function Loading() {
  return (
    <div className="grid place-items-center py-6">
      <Spinner />
    </div>
  );
}

/** `/contact`: the support contact from the system settings and the social links. */
export function ContactPage() {
  const { t } = useTranslation('public', { useSuspense: true });
  const settingsQuery = useSystemSettings();
  const siteName = useSiteName();
  const linksQuery = useSocialLinks();
  const supportContact = settingsQuery.data?.supportContact.trim();

  return (
    <PublicPage title={t('contact.title')} lead={t('contact.subtitle', { siteName })}>
      <div className="grid items-start gap-6 md:grid-cols-2">
        <Card>
          <h2 className="flex items-center gap-2 text-base font-semibold text-fg">
            <LifeBuoy aria-hidden className="size-4.5 text-accent" />
            {t('contact.supportTitle')}
          </h2>
          <div className="mt-4">
            {settingsQuery.isPending ? (
              <Loading />
            ) : settingsQuery.isError ? (
              <LoadError error={settingsQuery.error} onRetry={() => void settingsQuery.refetch()} />
            ) : supportContact ? (
              <SupportContact contact={supportContact} />
            ) : (
              <p className="text-sm text-muted">{t('contact.supportNone')}</p>
            )}
          </div>
          <p className="mt-5 text-sm text-muted">{t('contact.ticketsHint')}</p>
          <Link
            to="/login"
            className="mt-2 inline-block text-sm font-medium text-accent underline-offset-4 hover:underline"
          >
            {t('contact.ticketsLink')}
          </Link>
        </Card>
        <Card>
          <h2 className="flex items-center gap-2 text-base font-semibold text-fg">
            <Share2 aria-hidden className="size-4.5 text-accent" />
            {t('contact.socialTitle')}
          </h2>
          <div className="mt-4">
            {linksQuery.isPending ? (
              <Loading />
            ) : linksQuery.isError ? (
              <LoadError error={linksQuery.error} onRetry={() => void linksQuery.refetch()} />
            ) : presentLinks(linksQuery.data.links).length > 0 ? (
              <SocialLinksList links={linksQuery.data.links} variant="cards" />
            ) : (
              <p className="text-sm text-muted">{t('contact.socialNone')}</p>
            )}
          </div>
        </Card>
      </div>
    </PublicPage>
  );
}
