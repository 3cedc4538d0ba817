import { eq, sql } from 'drizzle-orm';
import { notificationSchema } from '@keymarket/contracts/notifications';
import type { Executor } from '../../db/client';
import { notificationPreferences, users } from '../../db/schema/index';
import type { KeyVault } from '../../lib/key-vault';
import type { SystemSettingsCache } from '../../lib/settings';
import type { AttemptOutcome, ClaimedDelivery } from '../outbox/outbox.repository';
import type { OutboxConsumer } from '../outbox/outbox-worker';
import { EMAIL_CONSUMER } from './email-outbox';
import { renderEmail, type EmailContent, type EmailLanguage } from './email-templates';
import type { Mailer } from './mailer';

/** The data of a `password.reset` event: the token sealed with the key vault, never in clear. */
export interface ResetEmailData {
  sealedToken: string;
  expiresAt: string;
}

const failedForGood = (error: string): AttemptOutcome => ({
  ok: false,
  statusCode: null,
  error,
  final: true,
});

/**
 * The outbox's email consumer (DESIGN.md §12): renders the event for its recipient (the
 * delivery's target, a user) in the user's language and sends it over SMTP. A refused
 * connection or an SMTP error is a failed attempt, tried again with the webhooks' backoff; the
 * delivery row keeps the last error. Nothing here can carry a product key: notifications hold
 * none, and the reset link's token is sealed in the event.
 */
export function emailConsumer(
  db: Executor,
  vault: KeyVault,
  mailer: Mailer,
  settings: SystemSettingsCache,
  publicUrl: string,
): OutboxConsumer {
  return {
    name: EMAIL_CONSUMER,
    async attempt(delivery: ClaimedDelivery): Promise<AttemptOutcome> {
      const [recipient] = await db
        .select({
          email: users.email,
          username: users.username,
          role: users.role,
          status: users.status,
          language: sql<EmailLanguage | null>`${notificationPreferences.language}`,
        })
        .from(users)
        .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
        .where(eq(users.id, delivery.targetId));
      if (!recipient) return failedForGood('The recipient no longer exists');
      if (recipient.status !== 'active') return failedForGood('The recipient is not active');
      const content = contentOf(delivery.event, vault, publicUrl);
      if (typeof content === 'string') return failedForGood(content);
      const { siteName } = await settings.read();
      const rendered = renderEmail(content, recipient.language ?? 'en', {
        siteName,
        publicUrl,
        role: recipient.role,
        username: recipient.username,
      });
      try {
        await mailer.send({ to: recipient.email, ...rendered });
        return { ok: true, statusCode: null };
      } catch (error) {
        const code = (error as { responseCode?: unknown }).responseCode;
        return {
          ok: false,
          statusCode: typeof code === 'number' ? code : null,
          error: error instanceof Error ? error.message : String(error),
          // 5xx: the server refused this message for good (no such mailbox…).
          final: typeof code === 'number' && code >= 500,
        };
      }
    },
  };
}

/** What the email says, or why it cannot be sent. */
function contentOf(
  event: ClaimedDelivery['event'],
  vault: KeyVault,
  publicUrl: string,
): EmailContent | string {
  if (event.type === 'password.reset') {
    const data = event.data as ResetEmailData;
    if (Date.parse(data.expiresAt) <= Date.now())
      return 'The reset link expired before it was sent';
    const token = vault.decrypt(Buffer.from(data.sealedToken, 'base64'));
    return {
      type: 'password.reset',
      data: { resetUrl: `${publicUrl}/reset-password?token=${encodeURIComponent(token)}` },
    };
  }
  if (event.type === 'password.changed') return { type: 'password.changed', data: {} };
  const parsed = notificationSchema.safeParse({
    type: event.type,
    data: (event.data as { data?: unknown }).data,
  });
  return parsed.success ? parsed.data : `No email for the event ${event.type}`;
}
