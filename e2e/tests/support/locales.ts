import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

type Messages = { [key: string]: string | Messages };

function readLocale(path: string): Messages {
  const file = fileURLToPath(new URL(`../../../apps/web/src/locales/${path}`, import.meta.url));
  return JSON.parse(readFileSync(file, 'utf8')) as Messages;
}

// The core file, then the texts the areas share (the web app's `fallbackNS`, lib/i18n.ts).
function load(language: 'en' | 'fr' | 'ar'): Messages {
  return { ...readLocale(`namespaces/area/${language}.json`), ...readLocale(`${language}.json`) };
}

const catalogues = { en: load('en'), fr: load('fr'), ar: load('ar') };

/** The app's own text for `key` (e.g. `auth.login.title`), so tests follow copy changes. */
export function text(language: keyof typeof catalogues, key: string): string {
  let node: string | Messages | undefined = catalogues[language];
  for (const part of key.split('.')) {
    node = typeof node === 'object' ? node[part] : undefined;
  }
  if (typeof node !== 'string') throw new Error(`No ${language} text for ${key}`);
  return node;
}
