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

/** The area each role lands in from `/`. */
export const homePathOf: Record<Role, string> = {
  admin: '/admin',
  manager: '/manager',
  reseller: '/reseller',
};
