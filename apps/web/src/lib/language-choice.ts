export const languages = ['en', 'fr', 'ar'] as const;
export type Language = (typeof languages)[number];
export const FALLBACK_LANGUAGE: Language = 'en';

const isLanguage = (code: string): code is Language =>
  (languages as readonly string[]).includes(code);

/** The first of `codes` the app speaks, a regional variant counting as its language (`fr-CA`). */
export function firstSpoken(codes: readonly (string | null | undefined)[]): Language | undefined {
  for (const code of codes) {
    const language = code?.trim().toLowerCase().split(/[-_]/)[0];
    if (language && isLanguage(language)) return language;
  }
  return undefined;
}

/** Where a reader's language can come from, most personal first. */
export interface LanguageSources {
  /** What the reader chose with the language switch, on this browser. */
  chosen: string | null;
  /** The browser's languages, in its order (`navigator.languages`). */
  browser: readonly string[];
  /** The administrators' default language, as last read. */
  siteDefault: string | null;
}

/**
 * The language to show: the reader's own choice, then the browser's language when the app speaks
 * it, then the site's default, then English. The site's default is for readers whose browser asks
 * for a language the app does not have: put before the browser, it showed a French or Arabic
 * browser English on its first visit to an English-default site.
 */
export function languageFor({ chosen, browser, siteDefault }: LanguageSources): Language {
  return (
    firstSpoken([chosen]) ?? firstSpoken(browser) ?? firstSpoken([siteDefault]) ?? FALLBACK_LANGUAGE
  );
}
