/** Every localStorage key the app uses, named as the specification names them (§3). */
export const storageKeys = {
  userRole: 'userRole',
  profitVisibility: 'profit-visibility',
  preferredLanguage: 'preferredLanguage',
  theme: 'theme',
  /** The navbar currency: the chosen currency's code, symbol and last known rate. */
  displayCurrency: 'display-currency',
  /** Ids of the alert banners the user closed. */
  dismissedAlerts: 'dismissed-alerts',
  musicVolume: 'music-volume',
  musicMuted: 'music-muted',
  /** The site's default language as last read, for readers who never chose one. */
  siteLanguage: 'site-language',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

// Storage throws when the browser disables it (private modes, strict privacy settings); the app
// must still work then, only without remembering preferences.
export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Not remembered; see readStorage.
  }
}

export function removeStorage(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing stored; see readStorage.
  }
}
