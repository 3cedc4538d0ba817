import { z } from './zod';
import { emailSchema, nameSchema, PASSWORD_MAX, passwordSchema, phoneSchema } from './auth';
import { messages } from './messages';
import { roleSchema, userRefSchema, userSchema, userStatusSchema } from './users';
import { freeText, searchText } from './text';
import { exportFormatSchema, sortParam, pageFields } from './pagination';
import { userLimitsSchema } from './purchase-limits';

/** The columns the Users table sorts by (`?sort=-balance`). */
export const userSortColumns = [
  'username',
  'role',
  'status',
  'balance',
  'profit',
  'orders',
  'date',
] as const;
export type UserSortColumn = (typeof userSortColumns)[number];

export const usersQuerySchema = z.object({
  ...pageFields(),
  role: roleSchema.optional(),
  status: userStatusSchema.optional(),
  /** Username, name, email or phone. */
  search: searchText().max(100).optional(),
  sort: sortParam(userSortColumns).optional(),
  format: exportFormatSchema,
});

/**
 * GET /users/downline: the same filters; `direct=true` keeps only the users the caller invited
 * itself (the only ones a manager may give one of its packages).
 */
export const downlineQuerySchema = usersQuerySchema.omit({ format: true }).extend({
  direct: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .transform((v) => v === true || v === 'true')
    .default(false),
});

/** A row of the Users table. */
export const userSummarySchema = z.object({
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
  balance: z.number(),
  profit: z.number(),
  ordersTotal: z.number().int(),
  inviteesCount: z.number().int(),
  /** Purchase limits set by its inviter or an administrator, and its spend since 00:00 UTC. */
  limits: userLimitsSchema,
  createdAt: z.iso.datetime(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const packageRefSchema = z.object({ id: z.uuid(), name: z.string() });

/** The profile dialog: everything about one user the caller may see. */
export const userProfileSchema = userSchema.extend({
  invitees: z.array(userRefSchema.extend({ role: roleSchema, status: userStatusSchema })),
  inviteesCount: z.number().int(),
  package: packageRefSchema.nullable(),
  managerPackage: packageRefSchema.nullable(),
  lastLoginAt: z.iso.datetime().nullable(),
  limits: userLimitsSchema,
});
export type UserProfile = z.infer<typeof userProfileSchema>;

export const updateUserSchema = z
  .strictObject({
    firstName: nameSchema(messages.firstNameRequired),
    lastName: nameSchema(messages.lastNameRequired),
    email: emailSchema,
    phone: phoneSchema,
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Change at least one field');
export type UpdateUserInput = z.input<typeof updateUserSchema>;

export const BAN_REASON_MAX = 500;
export const banUserSchema = z.strictObject({
  reason: freeText({ error: 'Please provide a reason for the ban' })
    .trim()
    .min(1, 'Please provide a reason for the ban')
    .max(BAN_REASON_MAX, `The reason cannot exceed ${BAN_REASON_MAX} characters`),
});

export const resetPasswordSchema = z.strictObject({ newPassword: passwordSchema });

/** Own profile picture (PUT /users/avatars/profile-picture). */
export const avatarResponseSchema = z.object({ avatarUrl: z.string() });

/**
 * PUT /users/me: the fields of updateUserSchema, and the current password, which a change of email
 * needs (the server asks for it only when the address differs from the account's own): a stolen
 * session alone cannot move the account to an address the thief reads.
 */
export const updateMeSchema = z
  .strictObject({
    ...updateUserSchema.shape,
    currentPassword: z.string().min(1, messages.passwordRequired).max(PASSWORD_MAX).optional(),
  })
  .refine(
    (v) => Object.keys(v).some((field) => field !== 'currentPassword'),
    'Change at least one field',
  );
