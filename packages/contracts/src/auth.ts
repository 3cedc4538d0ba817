import { z } from './zod';
import { messages } from './messages';
import { nameText, searchText } from './text';
import { appLanguageSchema, userSchema } from './users';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
export const PASSWORD_MIN = 8;
/** argon2 hashes whatever it gets; the cap only stops multi-megabyte "passwords" from burning CPU. */
export const PASSWORD_MAX = 128;
export const INVITE_CODE_LENGTH = 8;

/** Removes the separators people type in phone numbers, keeping a leading +. */
export function normalisePhone(raw: string): string {
  const trimmed = raw.trim().replace(/[\s().-]/g, '');
  return trimmed.startsWith('00') ? `+${trimmed.slice(2)}` : trimmed;
}

/** E.164: a + then 8 to 15 digits, the first not zero. */
const E164 = /^\+[1-9]\d{7,14}$/;

const UPPERCASE = /[A-Z]/;
const DIGIT = /\d/;
const SPECIAL = /[^A-Za-z0-9]/;

/** The password rules one by one, as the signup shows them ticked while the password is typed. */
export const passwordRules = [
  { rule: 'length', met: (password: string) => password.length >= PASSWORD_MIN },
  { rule: 'uppercase', met: (password: string) => UPPERCASE.test(password) },
  { rule: 'number', met: (password: string) => DIGIT.test(password) },
  { rule: 'special', met: (password: string) => SPECIAL.test(password) },
] as const;

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, messages.passwordMin)
  .max(PASSWORD_MAX, messages.passwordTooLong)
  .regex(UPPERCASE, messages.passwordUppercase)
  .regex(DIGIT, messages.passwordNumber)
  .regex(SPECIAL, messages.passwordSpecial);

export const usernameSchema = z
  .string()
  .trim()
  .min(USERNAME_MIN, messages.usernameMin)
  .max(USERNAME_MAX, messages.usernameTooLong)
  .regex(/^[A-Za-z0-9._-]+$/, messages.usernameFormat);

export const nameSchema = (requiredMessage: string) =>
  nameText().trim().min(1, requiredMessage).max(60, messages.nameTooLong);

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, messages.emailInvalid)
  .pipe(z.email(messages.emailInvalid));

export const phoneSchema = z
  .string()
  .max(32, messages.phoneInvalid)
  .transform(normalisePhone)
  .refine((v) => E164.test(v), messages.phoneInvalid);

export const inviteCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .length(INVITE_CODE_LENGTH, messages.inviteCodeLength);

export const registerRequestSchema = z
  .strictObject({
    username: usernameSchema,
    firstName: nameSchema(messages.firstNameRequired),
    lastName: nameSchema(messages.lastNameRequired),
    email: emailSchema,
    phone: phoneSchema,
    password: passwordSchema,
    confirmPassword: z.string().max(PASSWORD_MAX),
    inviteCode: inviteCodeSchema,
    /** The language the app is read in: the account's emails are written in it. */
    language: appLanguageSchema.optional(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: messages.passwordsMismatch,
    path: ['confirmPassword'],
  });
export type RegisterRequest = z.input<typeof registerRequestSchema>;

/** `pendingApproval` is true when the account waits for an admin (no cookies are set then). */
export const registerResponseSchema = z.object({
  user: userSchema,
  pendingApproval: z.boolean(),
});

/** A code of an authenticator app (RFC 6238): six digits, spaces people type removed. */
export const totpCodeSchema = z
  .string()
  .transform((v) => v.replace(/\s/g, ''))
  .refine((v) => /^\d{6}$/.test(v), messages.totpCodeFormat);

/**
 * A username or an email, as typed or pasted at sign-in. Neither can hold an invisible
 * character, so those that come along with copied text (a direction mark beside Arabic, a
 * zero-width space) are dropped and the account is found; a control character, which nobody
 * types and PostgreSQL cannot even compare (NUL), is refused by name.
 */
const identifierSchema = searchText().min(1, messages.identifierRequired).max(254);

export const loginRequestSchema = z.strictObject({
  identifier: identifierSchema,
  password: z.string().min(1, messages.passwordRequired).max(PASSWORD_MAX),
  /** Only for accounts with two-factor sign-in: the first attempt without it answers 401 `two_factor_required`. */
  totpCode: totpCodeSchema.optional(),
  /** The language the app is read in: from now on the account's emails are written in it. */
  language: appLanguageSchema.optional(),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({ user: userSchema });

export const okResponseSchema = z.object({ ok: z.literal(true) });

export const changePasswordRequestSchema = z
  .strictObject({
    currentPassword: z.string().min(1, messages.passwordRequired).max(PASSWORD_MAX),
    newPassword: passwordSchema,
    confirmPassword: z.string().max(PASSWORD_MAX),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: messages.passwordsMismatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

/** POST /auth/forgot-password (DESIGN.md §12): always 202, whether the account exists or not. */
export const forgotPasswordRequestSchema = z.strictObject({ identifier: identifierSchema });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

/** POST /auth/reset-password: the token from the emailed link, and the new password (signup rules). */
export const resetPasswordRequestSchema = z
  .strictObject({
    token: z.string().min(1, messages.resetTokenInvalid).max(200),
    newPassword: passwordSchema,
    confirmPassword: z.string().max(PASSWORD_MAX),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: messages.passwordsMismatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;
