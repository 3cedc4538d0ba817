import {
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_SECRET_RANDOM_LENGTH,
} from '@keymarket/contracts/integration';
import { randomBase62 } from '../../lib/base62';

/** `whsec_` and 32 random base62 characters (about 190 bits), shown once (DESIGN.md §9). */
export function newWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBase62(WEBHOOK_SECRET_RANDOM_LENGTH);
}
