import { describe, expect, it } from 'vitest';
import { errorTypes } from '@keymarket/contracts/errors';
import { messages, messageTemplates } from '@keymarket/contracts/messages';
import ar from './ar.json';
import en from './en.json';
import fr from './fr.json';

type Tree = { [key: string]: string | Tree };

/** Every leaf as a dotted key with its text. */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') found.set(path, value);
    else for (const [leaf, text] of leaves(value, path)) found.set(leaf, text);
  }
  return found;
}

// The screens' namespaces (lib/i18n.ts) are checked with the core file: `<namespace>:` prefixes
// their keys, so a key missing in one language of one namespace fails like any other.
const namespaceFiles = import.meta.glob<Tree>('./namespaces/*/*.json', {
  eager: true,
  import: 'default',
});

function localeOf(language: string, core: Tree): Map<string, string> {
  const keys = leaves(core);
  for (const [file, tree] of Object.entries(namespaceFiles)) {
    const [, namespace, fileLanguage] = /namespaces\/([^/]+)\/(\w+)\.json$/.exec(file)!;
    if (fileLanguage !== language) continue;
    for (const [key, text] of leaves(tree)) keys.set(`${namespace}:${key}`, text);
  }
  return keys;
}

// i18next's plural forms: `key_one`, `key_other`… chosen by the language's own plural rules.
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** The key a text is asked for by: a plural form counts as its base key. */
function baseKey(key: string): string {
  return key.replace(PLURAL_SUFFIX, '');
}

const locales = Object.entries({ en, fr, ar }).map(
  ([language, translation]) => [language, localeOf(language, translation)] as const,
);
const allKeys = new Set(locales.flatMap(([, keys]) => [...keys.keys()].map(baseKey)));

describe('locale namespaces', () => {
  it('exist in every language', () => {
    const files = Object.keys(namespaceFiles).map((file) => file.replace(/\w+\.json$/, ''));
    for (const directory of new Set(files)) {
      for (const language of ['en', 'fr', 'ar']) {
        expect(Object.keys(namespaceFiles)).toContain(`${directory}${language}.json`);
      }
    }
  });
});

describe('locales', () => {
  // WCAG 2.5.3, label in name: a button reading "Send test" whose accessible name is
  // `<key>Named` ("Send test to https://…") is found by voice control users saying what they see.
  it.each(locales)(
    '%s: every accessible name `<key>Named` begins with its visible `<key>`',
    (_language, keys) => {
      const mismatched = [...keys]
        .filter(([key]) => key.endsWith('Named') && keys.has(key.slice(0, -'Named'.length)))
        .filter(([key, named]) => {
          const visible = keys.get(key.slice(0, -'Named'.length))!;
          return !named.toLocaleLowerCase().startsWith(visible.toLocaleLowerCase());
        })
        .map(([key, named]) => `${key}: ${named}`);
      expect(mismatched).toEqual([]);
    },
  );

  it.each(locales)('%s has every key of every other locale', (_language, keys) => {
    const bases = new Set([...keys.keys()].map(baseKey));
    const missing = [...allKeys].filter((key) => !bases.has(key));
    expect(missing).toEqual([]);
  });

  it.each(locales)(
    '%s has every plural form its language needs (Arabic has six)',
    (language, keys) => {
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      const plurals = new Set(
        [...keys.keys()].filter((key) => PLURAL_SUFFIX.test(key)).map(baseKey),
      );
      const incomplete = [...plurals].flatMap((base) =>
        categories.filter((form) => !keys.has(`${base}_${form}`)).map((form) => `${base}_${form}`),
      );
      expect(incomplete).toEqual([]);
      // A plural text kept as one key would read "1 products" again.
      const singular = [...plurals].filter((base) => keys.has(base));
      expect(singular).toEqual([]);
    },
  );

  it.each(locales)('%s has no empty text', (_language, keys) => {
    const empty = [...keys].filter(([, text]) => text.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it.each(locales)('%s translates every fixed message of the contracts', (_language, keys) => {
    // The sign-in pages' messages ship in the core file; the rest with the areas' namespace.
    const missing = [...Object.keys(messages), ...Object.keys(messageTemplates)].filter(
      (key) => !keys.has(`messages.${key}`) && !keys.has(`area:messages.${key}`),
    );
    expect(missing).toEqual([]);
  });

  it.each(locales)('%s translates every error type of the API', (_language, keys) => {
    const missing = errorTypes.filter((type) => !keys.has(`errors.${type}`));
    expect(missing).toEqual([]);
  });

  it('keeps interpolation placeholders identical across languages', () => {
    const placeholders = (text: string) =>
      [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    const [, english] = locales.find(([language]) => language === 'en')!;
    for (const [language, keys] of locales) {
      for (const [key, text] of english) {
        // Plural texts are compared by their `other` forms: Arabic's "one" and "two" forms say
        // the number in words.
        if (PLURAL_SUFFIX.test(key) && !key.endsWith('_other')) continue;
        expect({ language, key, placeholders: placeholders(keys.get(key) ?? '') }).toEqual({
          language,
          key,
          placeholders: placeholders(text),
        });
      }
    }
  });
});
