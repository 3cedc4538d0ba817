import { useEffect } from 'react';
import { applySiteDefaultLanguage } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/page-title';
import { useSiteName, useSystemSettings } from '@/entities/system-settings/api/get-system-settings';

/**
 * Applies the system settings every layout depends on: the site name in the document title and
 * the default language for readers who never chose one. Called once by each layout.
 */
export function useSiteIdentity(): string {
  const settings = useSystemSettings().data;
  const siteName = useSiteName();
  // "Orders · Keymarket": the page on screen (lib/page-title.ts), then the site's name.
  const title = useDocumentTitle(siteName);

  useEffect(() => {
    document.title = title;
  }, [title]);

  const defaultLanguage = settings?.defaultLanguage;
  useEffect(() => {
    if (defaultLanguage) applySiteDefaultLanguage(defaultLanguage);
  }, [defaultLanguage]);

  return siteName;
}
