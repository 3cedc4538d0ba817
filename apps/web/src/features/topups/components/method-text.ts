import type { TopupMethod } from '@keymarket/contracts/topups';

type Localised = Pick<
  TopupMethod,
  'nameEn' | 'nameFr' | 'nameAr' | 'instructionsEn' | 'instructionsFr' | 'instructionsAr'
>;

/** A method's name and instructions in the reader's language, English for any other. */
export function methodText(method: Localised, language: string) {
  if (language.startsWith('fr'))
    return { name: method.nameFr, instructions: method.instructionsFr };
  if (language.startsWith('ar'))
    return { name: method.nameAr, instructions: method.instructionsAr };
  return { name: method.nameEn, instructions: method.instructionsEn };
}

/** The name of a request's method (`{ en, fr, ar }`) in the reader's language. */
export function requestMethodName(names: { en: string; fr: string; ar: string }, language: string) {
  if (language.startsWith('fr')) return names.fr;
  if (language.startsWith('ar')) return names.ar;
  return names.en;
}

/**
 * An amount in a method's currency: exactly 2 decimals, the reader's decimal separator, the code
 * after the figure and kept apart from it (never glued to a digit of another script).
 */
export function formatInCurrency(amount: number, code: string, language: string): string {
  const separator = language.startsWith('fr') ? ',' : '.';
  // Isolated left to right (U+2066 … U+2069): inside an Arabic sentence the figure and its code
  // stay in their own order.
  return `\u2066${amount.toFixed(2).replace('.', separator)}\u00a0${code}\u2069`;
}
