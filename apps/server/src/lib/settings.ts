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
  defaultLanguage: z.enum(['en', 'fr', 'ar']).default('en'),
  supportContact: z.string().default(''),
});
export type SystemSettings = z.infer<typeof systemSettingsSchema>;

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
