import { describe, expect, it } from 'vitest';
import { emailLocales } from './email-templates';

type Tree = { [key: string]: string | Tree };

/** Every text as a dotted key (an email's type, then the text's name) with its text. */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') found.set(path, value);
    else for (const [leaf, text] of leaves(value, path)) found.set(leaf, text);
  }
  return found;
}

/** The `{{values}}` a text names, sorted. */
const valuesIn = (text: string) =>
  [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

const locales = Object.entries(emailLocales).map(
  ([language, tree]) => [language, leaves(tree)] as const,
);
const allKeys = new Set(locales.flatMap(([, keys]) => [...keys.keys()]));
const english = leaves(emailLocales.en);

describe('email locales', () => {
  it.each(locales)('%s has every key of every other language', (_language, keys) => {
    expect([...allKeys].filter((key) => !keys.has(key))).toEqual([]);
  });

  it.each(locales)('%s has no empty text', (_language, keys) => {
    expect([...keys].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
  });

  it.each(locales)('%s names the same values as English in each text', (_language, keys) => {
    const differing = [...keys].filter(
      ([key, text]) => valuesIn(text).join() !== valuesIn(english.get(key) ?? '').join(),
    );
    expect(differing.map(([key]) => key)).toEqual([]);
  });

  it('gives every email a subject and a button', () => {
    const { greeting: _greeting, ...emails } = emailLocales.en;
    for (const [type, texts] of Object.entries(emails)) {
      expect(texts, type).toHaveProperty('subject');
      expect(texts, type).toHaveProperty('action');
    }
  });
});
