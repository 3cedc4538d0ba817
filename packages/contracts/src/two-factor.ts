import { z } from './zod';
import { PASSWORD_MAX, totpCodeSchema } from './auth';
import { messages } from './messages';

/** GET /auth/2fa: whether the caller uses two-factor sign-in, and whether it must. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** True for an administrator while the platform requires it of administrators. */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/**
 * POST /auth/2fa/setup: a new secret, pending until confirmed by a code. Shown once; the QR code
 * is a PNG data URL of `otpauthUrl` for authenticator apps, `secret` for typing it in.
 */
export const twoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  qrCodeDataUrl: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** POST /auth/2fa/enable: the first code from the app proves it holds the pending secret. */
export const enableTwoFactorSchema = z.strictObject({ code: totpCodeSchema });
export type EnableTwoFactorRequest = z.input<typeof enableTwoFactorSchema>;

/** POST /auth/2fa/disable: the password and a current code, so a stolen session cannot do it. */
export const disableTwoFactorSchema = z.strictObject({
  password: z.string().min(1, messages.passwordRequired).max(PASSWORD_MAX),
  code: totpCodeSchema,
});
export type DisableTwoFactorRequest = z.input<typeof disableTwoFactorSchema>;
