import { useEffect } from 'react';
import { applySiteDefaultLanguage } from '@/lib/i18n';
import { useSiteName, useSystemSettings } from '@/lib/system-settings';

/**
 * Applies the system settings every layout depends on: the site name as the document title and
 * the default language for readers who never chose one. Called once by each layout.
 */
export function useSiteIdentity(): string {
  const settings = useSystemSettings().data;
  const siteName = useSiteName();

  useEffect(() => {
    document.title = siteName;
  }, [siteName]);

  const defaultLanguage = settings?.defaultLanguage;
  useEffect(() => {
    if (defaultLanguage) applySiteDefaultLanguage(defaultLanguage);
  }, [defaultLanguage]);

  return siteName;
}
