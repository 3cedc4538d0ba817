import { z } from './zod';

export const roles = ['admin', 'manager', 'reseller'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

export const userStatuses = ['active', 'banned', 'inactive'] as const;
export const userStatusSchema = z.enum(userStatuses);
export type UserStatus = z.infer<typeof userStatusSchema>;

export const userRefSchema = z.object({ id: z.uuid(), username: z.string() });

export const balanceSchema = z.object({
  current: z.number(),
  total: z.number(),
  spent: z.number(),
  profit: z.number(),
});

export const orderCountsSchema = z.object({
  total: z.number().int(),
  completed: z.number().int(),
  pending: z.number().int(),
  rejected: z.number().int(),
});

/** A user as its owner (GET /users/me) or an admin sees it. */
export const userSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: roleSchema,
  status: userStatusSchema,
  banReason: z.string().nullable(),
  invitedBy: userRefSchema.nullable(),
  avatarUrl: z.string().nullable(),
  country: z.string().nullable(),
  balance: balanceSchema,
  orders: orderCountsSchema,
  createdAt: z.iso.datetime(),
});
export type User = z.infer<typeof userSchema>;

export const roleResponseSchema = z.object({ role: roleSchema });

/** The languages the app speaks, and writes its emails in. */
export const appLanguages = ['en', 'fr', 'ar'] as const;
export const appLanguageSchema = z.enum(appLanguages, { error: 'Language must be en, fr or ar' });
export type AppLanguage = z.infer<typeof appLanguageSchema>;

/**
 * PUT /users/me/language: the language the user reads the app in, sent when it changes it. Every
 * email to the account is written in it (as are those after a sign-in or signup, which send it too).
 */
export const accountLanguageSchema = z.strictObject({ language: appLanguageSchema });
export type AccountLanguage = z.infer<typeof accountLanguageSchema>;

/** The area each role lands in from `/`. */
export const homePathOf: Record<Role, string> = {
  admin: '/admin',
  manager: '/manager',
  reseller: '/reseller',
};
