import { z } from './zod';
import { messages } from './messages';

/** What kind of device a sign-in's user agent describes; `unknown` when it says too little. */
export const deviceTypes = ['desktop', 'mobile', 'tablet', 'tv', 'unknown'] as const;
export const deviceTypeSchema = z.enum(deviceTypes);
export type DeviceType = z.infer<typeof deviceTypeSchema>;

/** One signed-in device: a sign-in and the refresh tokens it rotates through. */
export const sessionSchema = z.object({
  id: z.uuid(),
  device: z.object({
    type: deviceTypeSchema,
    /** "Firefox 131", as the user agent names it; null when it names none. */
    browser: z.string().nullable(),
    /** "Android 14", "Windows 10"; null when the user agent names none. */
    os: z.string().nullable(),
  }),
  /** As the browser sent it (cut at 300 characters). */
  userAgent: z.string().nullable(),
  /** The address last seen. */
  ip: z.string().nullable(),
  /** ISO 3166 alpha-2 of the address last seen; absent when not known. */
  country: z.string().length(2).optional(),
  signedInAt: z.iso.datetime(),
  /** When the device was last seen, to the minute. */
  lastSeenAt: z.iso.datetime(),
  /** The session of the request that asked. */
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

/** GET /users/me/sessions, GET /users/{id}/sessions: the live sessions, last seen first. */
export const sessionListSchema = z.object({ sessions: z.array(sessionSchema) });
export type SessionList = z.infer<typeof sessionListSchema>;

export const sessionIdParamsSchema = z.object({
  sessionId: z.uuid(messages.sessionNotFound),
});

/**
 * DELETE /users/me/sessions?others=true: every session but the caller's. Ending the current one
 * too is signing out (GET /auth/logout), so `others=true` is asked for by name.
 */
export const endOtherSessionsQuerySchema = z.strictObject({
  others: z.literal('true', {
    error: 'Add others=true to end every other session; sign out to end this one',
  }),
});

/** How many sessions a DELETE ended. */
export const endedSessionsSchema = z.object({ ended: z.number().int().nonnegative() });
export type EndedSessions = z.infer<typeof endedSessionsSchema>;
