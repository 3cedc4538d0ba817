import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { DEFAULT_MIN_PROFIT_TO_CONVERT, thresholdsSchema } from '@keymarket/contracts/balance';
import { reconciliationSchema } from '@keymarket/contracts/reconciliation';
import { AUDIO_TYPES, socialLinksResponseSchema } from '@keymarket/contracts/settings';
import {
  defaultSystemSettings,
  systemSettingsFields,
  type SystemSettings,
} from '@keymarket/contracts/system-settings';
import type { Executor } from '../db/client';
import { settings } from '../db/schema/index';

/**
 * One row of the key/value `settings` table: its key, and how its stored value reads. `stored`
 * never fails: a value never saved, or one that no longer fits its contract (written by an older
 * version), reads as the default rather than breaking the pages that show it.
 */
export interface Setting<T> {
  key: string;
  stored: z.ZodType<T, unknown>;
}

/** System settings, each checked by its contract rule, each defaulting on its own. */
const storedSystemSettings = z
  .object(
    Object.fromEntries(
      Object.entries(systemSettingsFields).map(([name, rule]) => [
        name,
        (rule as z.ZodType).catch(defaultSystemSettings[name as keyof SystemSettings]),
      ]),
    ),
  )
  .catch(defaultSystemSettings) as unknown as z.ZodType<SystemSettings, unknown>;

const storedMusicSchema = z.object({
  fileId: z.uuid(),
  contentType: z.enum(AUDIO_TYPES),
  sizeBytes: z.number().int(),
  updatedAt: z.iso.datetime(),
});
export type StoredMusic = z.output<typeof storedMusicSchema>;

/** Every setting of the table, by the name the code uses. */
export const SETTINGS = {
  system: { key: 'system', stored: storedSystemSettings },
  thresholds: {
    key: 'thresholds',
    stored: z
      .object({
        minProfitToConvert: thresholdsSchema.shape.minProfitToConvert.catch(
          DEFAULT_MIN_PROFIT_TO_CONVERT,
        ),
      })
      .catch({ minProfitToConvert: DEFAULT_MIN_PROFIT_TO_CONVERT }),
  },
  socialLinks: {
    key: 'social_links',
    stored: socialLinksResponseSchema.shape.links.catch({}),
  },
  /** The one background track, if any; its bytes live in `files`. */
  music: { key: 'music', stored: storedMusicSchema.optional().catch(undefined) },
  /** The last reconciliation's result (modules/reconciliation), for the admin dashboard. */
  reconciliation: {
    key: 'reconciliation',
    stored: reconciliationSchema.nullable().catch(null),
  },
} as const;

/**
 * The value of `setting`. `forUpdate` locks the row for a read-modify-write in the caller's
 * transaction, so two admins saving at once cannot lose each other's change.
 */
export async function readSetting<T>(
  db: Executor,
  setting: Setting<T>,
  { forUpdate = false }: { forUpdate?: boolean } = {},
): Promise<T> {
  const query = db.select().from(settings).where(eq(settings.key, setting.key)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return setting.stored.parse(row?.value);
}

export async function writeSetting<T>(db: Executor, setting: Setting<T>, value: T) {
  await db
    .insert(settings)
    .values({ key: setting.key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}

export const readSystemSettings = (db: Executor, options: { forUpdate?: boolean } = {}) =>
  readSetting(db, SETTINGS.system, options);

/**
 * The system settings as checked on every request (maintenance gate, two-factor policy), read at
 * most once per `ttlMs` so the checks cost no query per request. Each instance keeps its own copy:
 * the instance that saves the settings sees them at once, every other instance within `ttlMs`
 * (2 s), which is the window in which they may disagree.
 */
export class SystemSettingsCache {
  private cached: { settings: SystemSettings; expiresAtMs: number } | undefined;
  private reading: Promise<SystemSettings> | undefined;

  constructor(
    private readonly db: Executor,
    private readonly ttlMs = 2000,
  ) {}

  async read(): Promise<SystemSettings> {
    if (this.cached && Date.now() < this.cached.expiresAtMs) return this.cached.settings;
    // One read in flight at a time: a burst of requests after expiry shares it.
    this.reading ??= readSystemSettings(this.db)
      .then((settings) => {
        this.remember(settings);
        return settings;
      })
      .finally(() => {
        this.reading = undefined;
      });
    return this.reading;
  }

  /** Called by the instance that just saved the settings. */
  remember(settings: SystemSettings) {
    this.cached = { settings, expiresAtMs: Date.now() + this.ttlMs };
  }
}
