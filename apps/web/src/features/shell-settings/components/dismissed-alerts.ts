import { z } from 'zod';
import { createStoredValue } from '@/lib/stored-value';
import { storageKeys } from '@/lib/storage';

const dismissedIdsSchema = z.array(z.string());

/** The ids of the alert banners this browser closed; another alert still shows. */
const storedDismissedAlerts = createStoredValue<string[]>({
  key: storageKeys.dismissedAlerts,
  parse: (raw) => {
    try {
      const parsed = dismissedIdsSchema.safeParse(JSON.parse(raw ?? '[]'));
      return parsed.success ? parsed.data : [];
    } catch {
      return [];
    }
  },
  serialize: (ids) => JSON.stringify(ids),
});

/**
 * The dismissed ids, and a way to dismiss one. Ids of alerts that no longer exist are dropped
 * on the way, so the list does not grow forever.
 */
export function useDismissedAlerts(existingIds: readonly string[]) {
  const [dismissed, setDismissed] = storedDismissedAlerts.useValue();
  function dismiss(id: string) {
    setDismissed([...dismissed.filter((kept) => existingIds.includes(kept)), id]);
  }
  return [dismissed, dismiss] as const;
}
