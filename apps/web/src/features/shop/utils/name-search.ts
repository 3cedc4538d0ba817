/**
 * The shop's search, run in the page on the catalogue it has already loaded: a
 * keystroke filters 10,000 products with no request. It is the server's `?search=` of
 * GET /products (`products.repository.ts`: `name ILIKE '%term%'`, the term trimmed by the
 * contract), so the page finds what the API would: the products whose **name** holds the term,
 * case aside. Nothing else is searched (not the category, not the description), and `%`, `_`
 * and `\` are letters like any other, as the server's `escapeLike` makes them.
 *
 * Case: `toLowerCase()`, Unicode's mapping with no locale, as PostgreSQL's `lower()` under the
 * database's UTF-8 ctype: É/é, À/à, Ç/ç alike; Arabic has no case. Not `toLocaleLowerCase()`:
 * with no argument it follows the browser's locale, where a Turkish browser lowers `I` to `ı`
 * and "iphone" would miss "IPHONE"; with the app's language (en, fr, ar) it is `toLowerCase()`.
 * Where the two sides still differ (JavaScript's full case mapping, PostgreSQL's simple one):
 * `İ` (U+0130) lowers to `i̇` here and to `i` there, and a word-final `Σ` to `ς` here and to `σ`
 * there; neither letter is in the shop's languages. Neither side folds accents: "ecran" finds
 * no "Écran" in the page nor on the server.
 */

/** A list prepared for searching by name: each name lower-cased once, not on every keystroke. */
export type NameSearch<T> = {
  items: T[];
  lowerNames: string[];
};

export function nameSearchOf<T extends { name: string }>(items: T[]): NameSearch<T> {
  return { items, lowerNames: items.map((item) => item.name.toLowerCase()) };
}

/** What the search box's text searches for: nothing when it is blank (the whole list). */
export function searchTermOf(text: string): string {
  return text.trim().toLowerCase();
}

/** The items whose name holds `text`, case aside, in the list's order; all of them for blank text. */
export function itemsMatching<T>({ items, lowerNames }: NameSearch<T>, text: string): T[] {
  const term = searchTermOf(text);
  if (term === '') return items;
  const matches: T[] = [];
  for (let index = 0; index < items.length; index++) {
    if (lowerNames[index]!.includes(term)) matches.push(items[index]!);
  }
  return matches;
}
