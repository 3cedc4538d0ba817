import { z } from './zod';
import { messages } from './messages';
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
