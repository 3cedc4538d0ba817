import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import en from '@/locales/en.json';
import { storageKeys } from './storage';

export const languages = ['en', 'fr', 'ar'] as const;
export type Language = (typeof languages)[number];
const FALLBACK_LANGUAGE: Language = 'en';

// English ships with the first page (it is also every other language's fallback); French and
// Arabic are fetched when chosen, which keeps the login page within its download budget.
const otherLocales: Record<Exclude<Language, 'en'>, () => Promise<{ default: ResourceKey }>> = {
  fr: () => import('@/locales/fr.json'),
  ar: () => import('@/locales/ar.json'),
};

function isOtherLocale(language: string): language is keyof typeof otherLocales {
  return language in otherLocales;
}

/**
 * The texts of one area of screens (admin catalogue, users, settings…) live in a namespace of
 * their own, `locales/namespaces/<namespace>/<language>.json`, fetched when a screen asks for it
 * (`useTranslation('<namespace>')` suspends until then): the login page never downloads them.
 */
const namespaceLocales = import.meta.glob<{ default: ResourceKey }>(
  '../locales/namespaces/*/*.json',
);

function loadLocale(language: string, namespace: string): Promise<{ default: ResourceKey }> | null {
  if (namespace !== 'translation') {
    const loader = namespaceLocales[`../locales/namespaces/${namespace}/${language}.json`];
    return loader ? loader() : null;
  }
  return isOtherLocale(language) ? otherLocales[language]() : null;
}

const localeLoader: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, namespace, callback) => {
    const locale = loadLocale(language, namespace);
    if (!locale) return callback(null, false);
    locale.then(
      (loaded) => callback(null, loaded.default),
      (error: Error) => callback(error, false),
    );
  },
};

/** Arabic reads right to left; the whole page mirrors with it (specification §1). */
function applyDocumentLanguage(language: string): void {
  document.documentElement.lang = language;
  document.documentElement.dir = i18n.dir(language);
}

// Registered before init so the language detected at start is applied too.
i18n.on('languageChanged', applyDocumentLanguage);

/** Resolves once the detected language is loaded; the app renders after it (main.tsx). */
export const i18nReady = i18n
  .use(localeLoader)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: { en: { translation: en } },
    partialBundledLanguages: true,
    ns: ['translation'],
    defaultNS: 'translation',
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: languages,
    interpolation: { escapeValue: false }, // React escapes already.
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: storageKeys.preferredLanguage,
      caches: ['localStorage'],
    },
    // Text appears once its language is loaded (see i18nReady), so nothing needs to suspend.
    react: { useSuspense: false },
  });

export { i18n };
