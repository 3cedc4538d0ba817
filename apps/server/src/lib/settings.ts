import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../db/client';
import { settings } from '../db/schema/index';

/** System settings with their defaults (edited through PUT /system-settings). */
export const systemSettingsSchema = z.object({
  siteName: z.string().default('Keymarket'),
  maintenanceMode: z.boolean().default(false),
  registrationOpen: z.boolean().default(true),
  signupApproval: z.boolean().default(false),
  adminTwoFactorRequired: z.boolean().default(false),
  defaultLanguage: z.enum(['en', 'fr', 'ar']).default('en'),
  supportContact: z.string().default(''),
});
export type SystemSettings = z.infer<typeof systemSettingsSchema>;

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

/** Keys of the key/value `settings` table owned by the platform-settings module. */
export const SETTING_KEYS = {
  system: 'system',
  socialLinks: 'social_links',
  music: 'music',
} as const;

export async function readSystemSettings(
  db: Executor,
  options: { forUpdate?: boolean } = {},
): Promise<SystemSettings> {
  const parsed = systemSettingsSchema.safeParse(
    (await readSetting(db, SETTING_KEYS.system, options)) ?? {},
  );
  return parsed.success ? parsed.data : systemSettingsSchema.parse({});
}

/**
 * The raw stored value of `key`, or undefined. `forUpdate` locks the row for a read-modify-write
 * in the caller's transaction, so two admins saving at once cannot lose each other's change.
 */
export async function readSetting(
  db: Executor,
  key: string,
  { forUpdate = false }: { forUpdate?: boolean } = {},
): Promise<unknown> {
  const query = db.select().from(settings).where(eq(settings.key, key)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row?.value;
}

export async function writeSetting(db: Executor, key: string, value: unknown) {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}
