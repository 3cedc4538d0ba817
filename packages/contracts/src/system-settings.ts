import { z } from './zod';
import { freeText, nameText } from './text';

/*
 * System settings (DESIGN.md §6): site name, maintenance, registration, default language, support
 * contact. Apart from the other platform settings (settings.ts) because every page reads them,
 * the sign-in page included: importing this small module keeps the others' schemas out of its
 * download.
 */

export const languages = ['en', 'fr', 'ar'] as const;
export const MAINTENANCE_TEXT = 'The platform is under maintenance. Please try again later.';

/** Every system setting with its rule; the stored row and PUT are both checked against these. */
export const systemSettingsFields = {
  siteName: nameText({ error: 'Site name is required' })
    .trim()
    .min(1, 'Site name is required')
    .max(80, 'Site name cannot exceed 80 characters'),
  maintenanceMode: z.boolean(),
  registrationOpen: z.boolean(),
  signupApproval: z.boolean(),
  /** Every administrator must use two-factor sign-in (the others may). */
  adminTwoFactorRequired: z.boolean(),
  defaultLanguage: z.enum(languages, { error: 'Language must be en, fr or ar' }),
  supportContact: freeText({ error: 'Support contact must be text' })
    .trim()
    .max(200, 'Support contact cannot exceed 200 characters'),
  /** A product without a threshold of its own is low on stock at or below this (DESIGN.md §11). */
  lowStockThreshold: z
    .number({ error: 'Low-stock threshold must be a number' })
    .int('Low-stock threshold must be a whole number')
    .min(0, 'Low-stock threshold cannot be negative')
    .max(1_000_000, 'Low-stock threshold cannot exceed 1000000'),
};

export const systemSettingsSchema = z.object(systemSettingsFields);
export type SystemSettings = z.output<typeof systemSettingsSchema>;

/** A fresh installation's settings; a setting never saved, or no longer valid, reads as its default. */
export const defaultSystemSettings: SystemSettings = {
  siteName: 'Keymarket',
  maintenanceMode: false,
  registrationOpen: true,
  signupApproval: false,
  adminTwoFactorRequired: false,
  defaultLanguage: 'en',
  supportContact: '',
  lowStockThreshold: 5,
};

/** PUT /system-settings: any subset of the settings, nothing else. */
export const updateSystemSettingsSchema = z
  .strictObject(systemSettingsFields)
  .partial()
  .refine((input) => Object.keys(input).length > 0, 'Send at least one setting to change');
export type UpdateSystemSettingsInput = z.input<typeof updateSystemSettingsSchema>;

/**
 * GET /system-settings: `signupApproval`, `adminTwoFactorRequired` and `lowStockThreshold` are for
 * admins only. `passwordReset`: the server sends email (`SMTP_URL`), so the forgotten-password
 * flow is there; it is configuration, not a setting, and cannot be saved.
 */
export const systemSettingsResponseSchema = z.object({
  siteName: z.string(),
  maintenanceMode: z.boolean(),
  registrationOpen: z.boolean(),
  defaultLanguage: z.enum(languages),
  supportContact: z.string(),
  passwordReset: z.boolean(),
  signupApproval: z.boolean().optional(),
  adminTwoFactorRequired: z.boolean().optional(),
  lowStockThreshold: z.number().int().optional(),
});
export type SystemSettingsView = z.infer<typeof systemSettingsResponseSchema>;
