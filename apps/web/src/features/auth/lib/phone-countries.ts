import { callingCodes } from './calling-codes';

/** A country the phone field offers: its region code, its name in the reader's language, its code. */
export type PhoneCountry = { region: string; name: string; callingCode: string };

/** Every country with a calling code, named in `language` (Intl.DisplayNames) and sorted so. */
export function phoneCountriesIn(language: string): PhoneCountry[] {
  const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(language);
  return [...callingCodes]
    .map(([region, callingCode]) => ({ region, callingCode, name: names.of(region) ?? region }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

/** Case and accents do not matter: "cote" finds "Côte d’Ivoire". */
function folded(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();
}

/**
 * The countries `query` finds, best first: "fra" finds France (names starting with it come before
 * names merely holding it), "fr" its region code too, "+33" or "33" its calling code.
 */
export function phoneCountriesMatching(
  countries: readonly PhoneCountry[],
  query: string,
): PhoneCountry[] {
  const wanted = folded(query.trim());
  if (!wanted) return [...countries];
  const digits = wanted.replace(/^\+/, '');
  const rank = (country: PhoneCountry): number => {
    const name = folded(country.name);
    if (name.startsWith(wanted) || country.region.toLowerCase() === wanted) return 0;
    if (/^\d+$/.test(digits) && country.callingCode.startsWith(digits)) {
      return country.callingCode === digits ? 0 : 1;
    }
    if (name.split(/[\s(-]+/).some((word) => word.startsWith(wanted))) return 1;
    return name.includes(wanted) ? 2 : -1;
  };
  return countries
    .map((country) => ({ country, rank: rank(country) }))
    .filter(({ rank }) => rank >= 0)
    .sort((a, b) => a.rank - b.rank)
    .map(({ country }) => country);
}

/**
 * The country the browser's languages name (en-GB: GB), or null when they name none (a bare
 * "ar" or "fr" says nothing of where the reader lives).
 */
export function suggestedRegion(languages: readonly string[]): string | null {
  for (const tag of languages) {
    try {
      const region = new Intl.Locale(tag).region;
      if (region && callingCodes.has(region)) return region;
    } catch {
      // A malformed tag suggests nothing.
    }
  }
  return null;
}

/** Italy, San Marino and the Vatican keep the leading 0 of their numbers after the calling code. */
const KEEPS_LEADING_ZERO = new Set(['IT', 'SM', 'VA']);

/**
 * The number the contract checks: the national number after the chosen country's code, without
 * its trunk 0 (06 12 34 56 78 in France: +33612345678). A number typed with + or 00 is already
 * international and is kept as typed, as it is when no country is chosen.
 */
export function combinePhone(region: string | null, national: string): string {
  const typed = national.trim();
  const callingCode = region ? callingCodes.get(region) : undefined;
  if (!callingCode || typed === '' || typed.startsWith('+') || typed.startsWith('00')) {
    return typed;
  }
  const digits = typed.replace(/[\s().-]/g, '');
  const local = KEEPS_LEADING_ZERO.has(region ?? '') ? digits : digits.replace(/^0/, '');
  return `+${callingCode}${local}`;
}
