import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

type Messages = { [key: string]: string | Messages };

function readLocale(path: string): Messages {
  const file = fileURLToPath(new URL(`../../../apps/web/src/locales/${path}`, import.meta.url));
  return JSON.parse(readFileSync(file, 'utf8')) as Messages;
}

// The core file, then the texts the areas share (the web app's `fallbackNS`, lib/i18n.ts): a key
// is looked up in each in turn, as i18next does, so `messages.x` may live in either.
function load(language: 'en' | 'fr' | 'ar'): Messages[] {
  return [readLocale(`${language}.json`), readLocale(`namespaces/area/${language}.json`)];
}

const catalogues = { en: load('en'), fr: load('fr'), ar: load('ar') };

function lookUp(tree: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = tree;
  for (const part of key.split('.')) {
    node = typeof node === 'object' ? node[part] : undefined;
  }
  return typeof node === 'string' ? node : undefined;
}

/** The app's own text for `key` (e.g. `auth.login.title`), so tests follow copy changes. */
export function text(language: keyof typeof catalogues, key: string): string {
  for (const tree of catalogues[language]) {
    const found = lookUp(tree, key);
    if (found !== undefined) return found;
  }
  throw new Error(`No ${language} text for ${key}`);
}

/** The text of `key` in one of the web app's other namespaces (`tickets`, `search`, `settings`…). */
export function namespaceText(language: keyof typeof catalogues, namespace: string, key: string) {
  const found = lookUp(readLocale(`namespaces/${namespace}/${language}.json`), key);
  if (found === undefined) throw new Error(`No ${language} text for ${namespace}:${key}`);
  return found;
}

/**
 * `template` with its `{{name}}`s filled in as the web app fills them (lib/i18n.ts): in Arabic
 * each value but a plain count is wrapped in a first-strong isolate (U+2068 … U+2069), which
 * keeps a Latin name or an amount whole inside the right-to-left sentence.
 */
export function filled(
  language: keyof typeof catalogues,
  template: string,
  values: Record<string, string | number>,
): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    const shown = String(value);
    return language === 'ar' && !/^\d+$/.test(shown) ? `\u2068${shown}\u2069` : shown;
  });
}
