type LocalisedNames = { nameEn: string; nameFr: string; nameAr: string };

/** A category's (or subcategory's) name in the UI language, English for any other language. */
export function localisedName(names: LocalisedNames, language: string): string {
  if (language.startsWith('fr')) return names.nameFr;
  if (language.startsWith('ar')) return names.nameAr;
  return names.nameEn;
}
