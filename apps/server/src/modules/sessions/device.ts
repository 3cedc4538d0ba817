import Bowser from 'bowser';
import { deviceTypes, type DeviceType, type Session } from '@keymarket/contracts/sessions';

const knownTypes: ReadonlySet<string> = new Set(deviceTypes);

/**
 * The device a user agent describes, in words a person recognises on the Sessions screen:
 * "Chrome 131" on "Windows 10". Only the browser's major version is kept; a user agent that names
 * nothing (curl, an empty header) gives nulls and `unknown`.
 */
export function deviceOf(userAgent: string | null): Session['device'] {
  if (!userAgent) return { type: 'unknown', browser: null, os: null };
  const { browser, os, platform } = Bowser.parse(userAgent);
  const major = browser.version?.split('.')[0];
  const osVersion = os.versionName ?? os.version;
  const type = platform.type && knownTypes.has(platform.type) ? platform.type : 'unknown';
  return {
    type: type as DeviceType,
    browser: browser.name ? [browser.name, major].filter(Boolean).join(' ') : null,
    os: os.name ? [os.name, osVersion].filter(Boolean).join(' ') : null,
  };
}
