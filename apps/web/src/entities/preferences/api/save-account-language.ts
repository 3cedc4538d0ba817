import { accountLanguageSchema, type AppLanguage } from '@keymarket/contracts/users';
import { apiClient } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

/** PUT /users/me/language: the account's emails are written in the language the app is read in. */
export function saveAccountLanguage(language: AppLanguage) {
  return apiClient.put('/users/me/language', accountLanguageSchema, { language });
}

/**
 * Tells the server the language the reader switched to, when someone is signed in (its profile
 * is known): a visitor on the sign-in page has no account to tell, and its language goes with
 * the sign-in itself. A failure changes nothing on screen; the next sign-in sends it again.
 */
export function tellAccountLanguage(language: AppLanguage): void {
  if (queryClient.getQueryData(queryKeys.currentUser) === undefined) return;
  saveAccountLanguage(language).catch(() => undefined);
}
