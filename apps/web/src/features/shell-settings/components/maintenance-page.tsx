import { useQueryClient } from '@tanstack/react-query';
import { Wrench } from 'lucide-react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Brand } from '@/components/brand';
import { LanguageSwitch } from '@/entities/preferences/components/language-switch';
import { ThemeSwitch } from '@/entities/preferences/components/theme-switch';
import { Button } from '@/components/ui/button';
import { SkipLink } from '@/components/ui/skip-link';
import { endMaintenance } from '@/lib/maintenance';
import {
  systemSettingsQueryOptions,
  useSiteName,
  useSystemSettings,
} from '@/entities/system-settings/api/get-system-settings';

/**
 * The first check waits out the servers' settings cache (2 s): a check at once could read
 * "over" while another instance still refuses, and bounce between this page and a 503.
 */
const FIRST_CHECK_DELAY_MS = 3_000;
export const RECHECK_INTERVAL_MS = 15_000;

/** Asks the (public) system settings whether maintenance is over, now and then and on demand. */
function useMaintenanceCheck() {
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);

  const check = useCallback(async () => {
    setChecking(true);
    try {
      const settings = await queryClient.fetchQuery({
        ...systemSettingsQueryOptions(),
        staleTime: 0,
      });
      if (!settings.maintenanceMode) {
        // The screens behind this page failed with 503 while it was up: they start afresh
        // instead of showing those errors.
        queryClient.removeQueries({ predicate: (query) => query.state.status === 'error' });
        endMaintenance();
      }
    } catch {
      // Offline or still refused: the next check will tell.
    } finally {
      setChecking(false);
    }
  }, [queryClient]);

  useEffect(() => {
    // A check that ends maintenance unmounts this page while it is still running.
    let stopped = false;
    let timer = setTimeout(function tick() {
      void check().finally(() => {
        if (!stopped) timer = setTimeout(tick, RECHECK_INTERVAL_MS);
      });
    }, FIRST_CHECK_DELAY_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [check]);

  return { check, checking };
}

/** A link for the support contact when it is an address, a web page or a phone number. */
function contactHref(contact: string): string | null {
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(contact)) return `mailto:${contact}`;
  if (/^https?:\/\/\S+$/.test(contact)) return contact;
  if (/^\+?[\d\s().-]{6,}$/.test(contact)) return `tel:${contact.replace(/[^\d+]/g, '')}`;
  return null;
}

function SupportContact({ contact }: { contact: string }) {
  const { t } = useTranslation('shell');
  const href = contactHref(contact);
  return (
    <p className="flex max-w-full flex-col items-center gap-0.5 text-sm text-muted">
      {t('maintenance.support')}
      {href ? (
        <a
          href={href}
          dir="ltr"
          className="max-w-full font-medium break-words text-accent underline-offset-4 hover:underline"
          {...(href.startsWith('http') ? { target: '_blank', rel: 'noreferrer' } : {})}
        >
          {contact}
        </a>
      ) : (
        <bdi className="max-w-full font-medium break-words text-fg">{contact}</bdi>
      )}
    </p>
  );
}

/**
 * Shown to non-administrators instead of the area while the platform is under maintenance,
 * until a check of the system settings says it is over.
 */
export function MaintenancePage({ accountMenu }: { accountMenu?: ReactNode }) {
  const { t } = useTranslation('shell', { useSuspense: true });
  const siteName = useSiteName();
  const supportContact = useSystemSettings().data?.supportContact.trim();
  const { check, checking } = useMaintenanceCheck();

  return (
    <div className="flex min-h-dvh flex-col backdrop-glow">
      <SkipLink />
      {/* Phones: the brand and the account menu on the first row, the switches below. */}
      <header className="flex flex-wrap items-center gap-3 px-4 py-4 sm:px-8">
        <div className="me-auto min-w-0">
          <Brand name={siteName} />
        </div>
        <div className="order-last flex w-full flex-wrap items-center gap-3 sm:order-none sm:w-auto">
          <LanguageSwitch />
          <ThemeSwitch />
        </div>
        {accountMenu}
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="flex flex-1 items-start justify-center px-4 pt-8 pb-16 outline-none sm:items-center sm:pt-0"
      >
        <section
          aria-labelledby="maintenance-title"
          className="flex w-full max-w-lg flex-col items-center gap-4 rounded-2xl border border-border bg-surface p-6 text-center shadow-card sm:p-10"
        >
          <span className="grid size-16 place-items-center rounded-full bg-warning/15 text-warning">
            <Wrench aria-hidden className="size-8" />
          </span>
          <h1 id="maintenance-title" className="text-2xl font-semibold tracking-tight text-fg">
            {t('maintenance.title')}
          </h1>
          <p className="text-muted">{t('maintenance.body', { siteName })}</p>
          {supportContact && <SupportContact contact={supportContact} />}
          <Button onClick={() => void check()} loading={checking} className="mt-2">
            {t('maintenance.retry')}
          </Button>
          <p className="text-xs text-muted">
            {t('maintenance.autoCheck', { seconds: RECHECK_INTERVAL_MS / 1000 })}
          </p>
        </section>
      </main>
    </div>
  );
}
