import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

type Messages = { [key: string]: string | Messages };

function load(language: 'en' | 'fr' | 'ar'): Messages {
  const file = fileURLToPath(
    new URL(`../../../apps/web/src/locales/${language}.json`, import.meta.url),
  );
  return JSON.parse(readFileSync(file, 'utf8')) as Messages;
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
