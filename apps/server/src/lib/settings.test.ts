import { describe, expect, it } from 'vitest';
import { DEFAULT_MIN_PROFIT_TO_CONVERT } from '@keymarket/contracts/balance';
import { defaultSystemSettings } from '@keymarket/contracts/system-settings';
import { SETTINGS } from './settings';

describe('stored settings', () => {
  it("read as the contract's defaults when never saved", () => {
    expect(SETTINGS.system.stored.parse(undefined)).toEqual(defaultSystemSettings);
    expect(SETTINGS.thresholds.stored.parse(undefined)).toEqual({
      minProfitToConvert: DEFAULT_MIN_PROFIT_TO_CONVERT,
    });
    expect(SETTINGS.socialLinks.stored.parse(undefined)).toEqual({});
    expect(SETTINGS.music.stored.parse(undefined)).toBeUndefined();
  });

  it('keep every valid stored setting and default only the ones that no longer fit', () => {
    const stored = { siteName: 'Shop', maintenanceMode: true, defaultLanguage: 'de', extra: 1 };
    expect(SETTINGS.system.stored.parse(stored)).toEqual({
      ...defaultSystemSettings,
      siteName: 'Shop',
      maintenanceMode: true,
    });
    expect(SETTINGS.thresholds.stored.parse({ minProfitToConvert: 'ten' })).toEqual({
      minProfitToConvert: DEFAULT_MIN_PROFIT_TO_CONVERT,
    });
    expect(SETTINGS.thresholds.stored.parse({ minProfitToConvert: 0 })).toEqual({
      minProfitToConvert: 0,
    });
  });
});
