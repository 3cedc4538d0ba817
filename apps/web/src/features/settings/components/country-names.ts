import { COUNTRY_CODES } from '@keymarket/contracts/settings';

export type Country = { code: string; name: string };

const displayNamesByLanguage = new Map<string, Intl.DisplayNames>();

/** A country's name in `language` (Intl.DisplayNames), or its code where the browser has none. */
export function countryName(code: string, language: string): string {
  let names = displayNamesByLanguage.get(language);
  if (!names) {
    names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
    displayNamesByLanguage.set(language, names);
  }
  return names.of(code) ?? code;
}

/** Every ISO 3166-1 country with its name in `language`, sorted as that language sorts. */
export function countriesIn(language: string): Country[] {
  const collator = new Intl.Collator(language);
  return COUNTRY_CODES.map((code) => ({ code, name: countryName(code, language) })).sort((a, b) =>
    collator.compare(a.name, b.name),
  );
}

/** Case and accents do not matter: "cote" finds "Côte d’Ivoire", "fr" finds FR and "France". */
function folded(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();
}

export function matchesCountry(country: Country, query: string): boolean {
  const wanted = folded(query.trim());
  if (!wanted) return true;
  return folded(country.name).includes(wanted) || folded(country.code) === wanted;
}
