// Unicode's first-strong isolate and pop directional isolate: what <bdi> does, for plain text.
const FIRST_STRONG_ISOLATE = '\u2068';
const POP_DIRECTIONAL_ISOLATE = '\u2069';

/**
 * Keeps a value written left to right ("$12.5", a username) in one piece inside a sentence of a
 * right-to-left language, where the bidi algorithm would otherwise move its "$" to the far end:
 * for values interpolated into translations, where a <bdi> element cannot go. Left-to-right
 * text needs no isolate, so it is returned as it is.
 */
export function isolate(value: string, direction: 'ltr' | 'rtl'): string {
  return direction === 'rtl' ? `${FIRST_STRONG_ISOLATE}${value}${POP_DIRECTIONAL_ISOLATE}` : value;
}
