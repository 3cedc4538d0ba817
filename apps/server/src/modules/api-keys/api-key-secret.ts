import {
  API_KEY_PREFIX,
  API_KEY_RANDOM_LENGTH,
  API_KEY_SHOWN_PREFIX_LENGTH,
} from '@keymarket/contracts/integration';
import { randomBase62 } from '../../lib/base62';
import { hashToken } from '../../lib/tokens';

const KEY_SHAPE = new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{${API_KEY_RANDOM_LENGTH}}$`);

/** A new key: `km_` and 40 random base62 characters. */
export function newApiKey(): string {
  return API_KEY_PREFIX + randomBase62(API_KEY_RANDOM_LENGTH);
}

/** What is stored of a key: enough to find it and to tell it apart, never enough to call. */
export function storedFormOf(key: string) {
  return { secretHash: hashToken(key), prefix: key.slice(0, API_KEY_SHOWN_PREFIX_LENGTH) };
}

/** Whether a string could be one of our keys; anything else is refused before any lookup. */
export const isApiKeyShape = (value: string) => KEY_SHAPE.test(value);

/**
 * The key of an `Authorization: Bearer km_…` header, `undefined` when the header carries none.
 * The scheme is case-insensitive (RFC 9110); the key is taken exactly as sent.
 */
export function bearerKeyOf(authorization: string | undefined): string | undefined {
  const match = /^Bearer +(\S+) *$/i.exec(authorization ?? '');
  return match?.[1];
}
