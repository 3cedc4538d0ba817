/** A count in the reader's language (grouping and digits as the locale writes them). */
export function formatCount(value: number, language: string): string {
  return new Intl.NumberFormat(language).format(value);
}

/** A share such as 0.125 as "12.5 %", written the locale's way. */
export function formatShare(fraction: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(
    fraction,
  );
}
