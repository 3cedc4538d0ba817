/** The part of a localised text written in the UI language; English for any other language. */
export function inLanguage<T>(texts: { en: T; fr: T; ar: T }, language: string): T {
  if (language.startsWith('fr')) return texts.fr;
  if (language.startsWith('ar')) return texts.ar;
  return texts.en;
}
