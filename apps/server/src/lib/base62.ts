import { randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** The largest multiple of 62 a byte reaches: bytes from here up are skipped, so no digit is likelier. */
const UNBIASED_BELOW = 248;

/** `length` random base62 characters (API keys, webhook secrets). */
export function randomBase62(length: number): string {
  let random = '';
  while (random.length < length) {
    for (const byte of randomBytes(length)) {
      if (byte < UNBIASED_BELOW && random.length < length) random += BASE62.charAt(byte % 62);
    }
  }
  return random;
}
