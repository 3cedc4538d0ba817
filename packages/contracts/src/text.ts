import { z } from './zod';
import { messages } from './messages';

/*
 * Characters a reader cannot see but that change what a text is or how it shows: zero-width
 * characters (U+200B-U+200D, U+2060-U+2064, U+FEFF) and direction controls (U+061C, U+200E,
 * U+200F, U+202A-U+202E, U+2066-U+2069). With them two keys that look alike are two different
 * keys, and a name can show reversed or padded (U+202E turns "Alice" around). They come along
 * with copied text, so free texts and keys lose them; a name holding one is refused.
 */
const INVISIBLE = /[\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/gu;
/*
 * C0/C1 controls are never typed: a text holding one (PostgreSQL cannot even store NUL) comes
 * from a broken or hostile client and is refused. Newline and tab are text; a CR before a
 * newline is the line ending of the sender's platform and is dropped.
 */
const CONTROL = /\p{Cc}/u;
const CONTROL_IN_TEXT = /(?![\n\t])\p{Cc}/u;
const CR_BEFORE_LF = /\r(?=\n)/g;

/** Free text without invisible characters and with \n line ends. */
export function withoutInvisible(text: string): string {
  return text.replace(INVISIBLE, '').replace(CR_BEFORE_LF, '');
}

/**
 * A key line as pasted, cleaned before it is hashed so two keys that look alike are one key.
 * Controls go too: a key is pasted, not typed. A tab inside stays: account details may be
 * separated by one.
 */
export function normaliseKey(line: string): string {
  return line
    .replace(INVISIBLE, '')
    .replace(/(?!\t)\p{Cc}/gu, '')
    .trim();
}

/**
 * A name someone else reads as an identity (a person, a product, a category, a package, the
 * site, a currency symbol): refused rather than cleaned when it holds such characters, so what
 * was typed is what is shown.
 */
export const nameText = (options?: { error: string }) =>
  z
    .string(options)
    .refine(
      (value) => value.search(INVISIBLE) < 0 && !CONTROL.test(value),
      messages.invisibleCharacters,
    );

/** Cleaned of invisible characters (trimmed too if asked), then refused if a control remains. */
function cleanedText(options: { error: string } | undefined, trim: boolean) {
  const cleaned = z.string(options).overwrite(withoutInvisible);
  return (trim ? cleaned.trim() : cleaned).refine(
    (value) => !CONTROL_IN_TEXT.test(value),
    messages.invisibleCharacters,
  );
}

/** Free text: cleaned of invisible characters before its length rules are checked. */
export const freeText = (options?: { error: string }) => cleanedText(options, false);

/**
 * What is typed on one line to find something (a list's search box or filter, the sign-in
 * identifier): free text, trimmed before the control characters are looked for, so a line end
 * pasted along is dropped; a NUL is refused here by name instead of reaching PostgreSQL, which
 * cannot compare it.
 */
export const searchText = (options?: { error: string }) => cleanedText(options, true);
