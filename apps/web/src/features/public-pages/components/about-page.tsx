import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { roles } from '@keymarket/contracts/users';
import { useSiteName } from '@/entities/system-settings/api/get-system-settings';
import { PublicPage } from './public-page';

const trustPoints = ['keys', 'money', 'access'] as const;

/** `/about`: who the platform is for and how it works. */
export function AboutPage() {
  const { t } = useTranslation('public', { useSuspense: true });
  const { t: tCore } = useTranslation();
  const siteName = useSiteName();

  return (
    <PublicPage title={t('about.title', { siteName })} lead={t('about.lead', { siteName })}>
      <div className="flex flex-col gap-10">
        <section aria-labelledby="about-what">
          <h2 id="about-what" className="text-xl font-semibold text-fg">
            {t('about.whatTitle')}
          </h2>
          <p className="mt-3 max-w-3xl text-sm leading-relaxed text-muted">{t('about.what')}</p>
        </section>

        <section aria-labelledby="about-roles">
          <h2 id="about-roles" className="text-xl font-semibold text-fg">
            {t('about.rolesTitle')}
          </h2>
          <ul className="mt-4 grid gap-4 md:grid-cols-3">
            {roles.map((role) => (
              <li key={role} className="rounded-xl border border-border bg-surface p-5 shadow-card">
                <h3 className="font-semibold text-fg">{tCore(`roles.${role}`)}</h3>
                <p className="mt-1 text-sm text-muted">{t(`about.roles.${role}`)}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="about-trust">
          <h2 id="about-trust" className="text-xl font-semibold text-fg">
            {t('about.trustTitle')}
          </h2>
          <ul className="mt-4 flex flex-col gap-3">
            {trustPoints.map((point) => (
              <li key={point} className="flex items-start gap-3 text-sm text-fg">
                <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
                {t(`about.trust.${point}`)}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </PublicPage>
  );
}
