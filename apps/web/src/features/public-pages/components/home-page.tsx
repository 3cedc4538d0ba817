import { usePageName } from '@/lib/page-title';
import { BadgePercent, Languages, Network, Zap, type LucideIcon } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { useSignedInHome } from '@/lib/auth/signed-in-home';
import { useSiteName } from '@/entities/system-settings/api/get-system-settings';

const features: { key: 'instant' | 'prices' | 'network' | 'languages'; icon: LucideIcon }[] = [
  { key: 'instant', icon: Zap },
  { key: 'prices', icon: BadgePercent },
  { key: 'network', icon: Network },
  { key: 'languages', icon: Languages },
];
const steps = ['invite', 'balance', 'sell'] as const;

const inlineLink = 'font-medium text-accent underline-offset-4 hover:underline';

/** `/home`: what the platform is, and the way in. */
export function HomePage() {
  const { t } = useTranslation('public', { useSuspense: true });
  // Someone already signed in on this browser is offered its area rather than the login form.
  const home = useSignedInHome();
  const siteName = useSiteName();
  const { t: tCore } = useTranslation();
  usePageName(tCore('nav.home'));

  return (
    <div className="w-full max-w-5xl self-start py-4 sm:py-10">
      <section className="max-w-3xl">
        <p className="inline-flex rounded-full bg-primary/15 px-3 py-1 text-xs font-medium text-accent ring-1 ring-primary/30 ring-inset">
          {t('home.eyebrow')}
        </p>
        <h1 className="mt-4 text-3xl font-semibold tracking-tight text-balance text-fg sm:text-5xl">
          {t('home.title')}
        </h1>
        <p className="mt-4 max-w-2xl text-base text-muted sm:text-lg">
          {t('home.lead', { siteName })}
        </p>
        <div className="mt-8 flex flex-wrap items-center gap-3">
          {home ? (
            <Link to={home} className={buttonStyles()}>
              {t('home.openArea')}
            </Link>
          ) : (
            <>
              <Link to="/login" className={buttonStyles()}>
                {t('home.signIn')}
              </Link>
              <Link to="/signup" className={buttonStyles({ variant: 'secondary' })}>
                {t('home.signUp')}
              </Link>
            </>
          )}
        </div>
        {!home && <p className="mt-3 text-xs text-muted">{t('home.signUpHint')}</p>}
      </section>

      <section aria-labelledby="home-features" className="mt-14">
        <h2 id="home-features" className="text-xl font-semibold text-fg">
          {t('home.featuresTitle', { siteName })}
        </h2>
        <ul className="mt-5 grid gap-4 sm:grid-cols-2">
          {features.map(({ key, icon: Icon }) => (
            <li key={key} className="rounded-xl border border-border bg-surface p-5 shadow-card">
              <span className="grid size-10 place-items-center rounded-lg bg-primary/15 text-accent">
                <Icon aria-hidden className="size-5" />
              </span>
              <h3 className="mt-4 font-semibold text-fg">{t(`home.features.${key}.title`)}</h3>
              <p className="mt-1 text-sm text-muted">{t(`home.features.${key}.body`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="home-steps" className="mt-14">
        <h2 id="home-steps" className="text-xl font-semibold text-fg">
          {t('home.stepsTitle')}
        </h2>
        <ol className="mt-5 grid gap-4 sm:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step} className="flex gap-3 rounded-xl border border-border bg-surface p-5">
              <span
                aria-hidden
                className="grid size-8 shrink-0 place-items-center rounded-full bg-primary font-semibold text-primary-fg"
              >
                {index + 1}
              </span>
              <p className="text-sm text-fg">{t(`home.steps.${step}`)}</p>
            </li>
          ))}
        </ol>
        <p className="mt-8 text-sm text-muted">
          <Trans
            t={t}
            i18nKey="home.more"
            components={{
              faq: <Link to="/faq" className={inlineLink} />,
              contact: <Link to="/contact" className={inlineLink} />,
            }}
          />
        </p>
      </section>
    </div>
  );
}
