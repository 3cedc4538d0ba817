import i18n, { type BackendModule, type LanguageDetectorModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isolate } from './bidi';
import en from '@/locales/en.json';
import {
  FALLBACK_LANGUAGE,
  firstSpoken,
  languageFor,
  languages,
  type Language,
} from './language-choice';
import { readStorage, storageKeys, writeStorage } from './storage';

export { languages, type Language };

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

/*
 * i18next stores every language it switches to as the reader's choice. Two switches are not
 * choices: the detection at start-up (storing it would freeze a first visitor's language before
 * the site's default is known) and the site's default itself (which must follow the
 * administrators' later changes). `rememberSwitches` is off while those happen.
 */
let rememberSwitches = false;

/** Where this reader's language comes from, with `siteDefault` as given or as last read. */
const languageSources = (siteDefault = readStorage(storageKeys.siteLanguage)) => ({
  chosen: readStorage(storageKeys.preferredLanguage),
  browser: navigator.languages,
  siteDefault,
});

/**
 * The language in the order languageFor says: the reader's own choice, the browser's language
 * when the app speaks it, the site's default as last read (a reload starts in it instead of
 * flashing English until the settings arrive), English. Written here rather than with
 * i18next-browser-languagedetector: two of those lookups are our own storage keys, and the
 * library's other detectors were a download the sign-in page paid for.
 */
const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: () => languageFor(languageSources()),
  cacheUserLanguage: (language) => {
    if (rememberSwitches) writeStorage(storageKeys.preferredLanguage, language);
  },
};

/** Resolves once the detected language is loaded; the app renders after it (main.tsx). */
export const i18nReady = i18n
  .use(localeLoader)
  .use(languageDetector)
  .use(initReactI18next)
  .init({
    resources: { en: { translation: en } },
    partialBundledLanguages: true,
    ns: ['translation'],
    defaultNS: 'translation',
    // Texts every area shares (balance, orders, shop, profile…) live in the `area` namespace,
    // loaded with the area's layout (app/area-routes.tsx): the sign-in page does not download
    // them, and screens keep asking for `orders.title` as if it were in the core file.
    fallbackNS: 'area',
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: languages,
    interpolation: {
      // React escapes already. What escaping there is keeps each value whole in a right-to-left
      // sentence (a product's name, a username, an amount, an order's number): Arabic reads
      // "شراء ⁨Steam 20 USD⁩" with the name in one piece, not its parts reordered around it. A
      // plain count ("3") has nothing to reorder, and stays as it is.
      escapeValue: true,
      escape: (value: string) => (/^\d+$/.test(value) ? value : isolate(value, i18n.dir())),
    },
    // Text appears once its language is loaded (see i18nReady), so nothing needs to suspend.
    react: { useSuspense: false },
  })
  // From here on a switch is the reader's own (the language switch), and is remembered.
  .finally(() => {
    rememberSwitches = true;
  });

/** The language the app is shown in now, as the server knows languages. */
export function currentLanguage(): Language {
  return firstSpoken([i18n.resolvedLanguage, i18n.language]) ?? FALLBACK_LANGUAGE;
}

/**
 * The administrators' default language, for readers who never chose one and whose browser asks
 * for none the app speaks.
 */
export function applySiteDefaultLanguage(language: Language): void {
  writeStorage(storageKeys.siteLanguage, language);
  const shown = languageFor(languageSources(language));
  if (i18n.resolvedLanguage === shown) return;
  // changeLanguage stores the language synchronously, before it loads anything.
  const remembering = rememberSwitches;
  rememberSwitches = false;
  void i18n.changeLanguage(shown);
  rememberSwitches = remembering;
}

export { i18n };
