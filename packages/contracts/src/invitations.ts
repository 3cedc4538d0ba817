import { z } from './zod';
import { messages } from './messages';
import { pageFields, exportFormatSchema } from './pagination';
import { searchText } from './text';
import { roleSchema, userRefSchema } from './users';

export const EXPIRY_DAYS_MIN = 1;
export const EXPIRY_DAYS_MAX = 7;
/** No 0/O/1/I: codes are read aloud and typed from screenshots. */
export const INVITE_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export const invitationStatuses = ['unused', 'used', 'expired', 'pending'] as const;
export const invitationStatusSchema = z.enum(invitationStatuses);
export type InvitationStatus = z.infer<typeof invitationStatusSchema>;

export const grantableRoleSchema = z.enum(['manager', 'reseller']);

export const generateInvitationRequestSchema = z.strictObject({
  expiryDays: z
    .number({ error: messages.expiryDaysNumber })
    .int(messages.expiryDaysWhole)
    .min(EXPIRY_DAYS_MIN, messages.expiryDaysMin)
    .max(EXPIRY_DAYS_MAX, messages.expiryDaysMax),
  /** Defaults to reseller; only an admin may grant manager. */
  role: grantableRoleSchema.default('reseller'),
});
export type GenerateInvitationRequest = z.input<typeof generateInvitationRequestSchema>;

export const invitationSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  role: roleSchema,
  status: invitationStatusSchema,
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  usedAt: z.iso.datetime().nullable(),
  usedBy: userRefSchema.nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/**
 * GET /invitations/all (administrators): every code of the platform, newest first. `search`
 * matches the code, its creator's username or the username of the account it created.
 */
export const allInvitationsQuerySchema = z.object({
  ...pageFields(),
  status: invitationStatusSchema.optional(),
  role: grantableRoleSchema.optional(),
  search: searchText().max(100).optional(),
  format: exportFormatSchema,
});
export type AllInvitationsQuery = z.output<typeof allInvitationsQuerySchema>;

/** A code as an administrator sees it: who made it, and the account it created. */
export const platformInvitationSchema = invitationSchema.extend({ createdBy: userRefSchema });
export type PlatformInvitation = z.infer<typeof platformInvitationSchema>;
