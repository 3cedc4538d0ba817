import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import type { ResetEmailData } from '../email/email-consumer';
import { accountEmailCtes } from '../email/email-outbox';
import { jsonParam } from '../outbox/outbox-events';

/**
 * One statement: a reset token for the active account `identifier` names (a lower-cased username
 * or an email), and its email in the outbox, written only when such an account exists and
 * `allowed` holds. Either way the statement is the same, so its timing says nothing about the
 * account.
 */
export async function issueResetToken(
  db: Executor,
  issue: {
    identifier: string;
    allowed: boolean;
    tokenHash: string;
    expiresAt: Date;
    data: ResetEmailData;
  },
): Promise<void> {
  const { identifier, allowed, tokenHash, expiresAt, data } = issue;
  await db.execute(sql`
      with target as (
        select id from users
        where (lower(username) = ${identifier} or email = ${identifier})
          and status = 'active' and ${allowed}::boolean
        limit 1
      ), issued as (
        insert into password_reset_tokens (user_id, token_hash, expires_at)
        select id, ${tokenHash}, ${expiresAt.toISOString()}::timestamptz from target
        returning user_id
      ), ${accountEmailCtes('reset_email', {
        type: 'password.reset',
        userId: sql`issued.user_id`,
        data: jsonParam(data),
        source: sql`issued`,
      })}
      select 1`);
}

/**
 * Uses up the token whose hash is `tokenHash` if it is unused, unexpired and its user active: a
 * conditional update, so two requests with one token cannot both take it. The user's id, or
 * undefined.
 */
export async function takeResetToken(
  tx: Executor,
  tokenHash: string,
  now: string,
): Promise<string | undefined> {
  const [taken] = await rowsOf<{ user_id: string }>(
    tx,
    sql`update password_reset_tokens t set used_at = ${now}::timestamptz
        from users u
        where t.token_hash = ${tokenHash} and t.used_at is null
          and t.expires_at > ${now}::timestamptz
          and u.id = t.user_id and u.status = 'active'
        returning t.user_id`,
  );
  return taken?.user_id;
}

/** The new password, every other link of the user used up, and the confirmation email queued. */
export async function setResetPassword(
  tx: Executor,
  change: { userId: string; passwordHash: string; now: string },
): Promise<void> {
  const { userId, passwordHash, now } = change;
  await tx.execute(sql`
        with changed as (
          update users set password_hash = ${passwordHash}, updated_at = now()
          where id = ${userId}::uuid returning id
        ), spent as (
          update password_reset_tokens set used_at = ${now}::timestamptz
          where user_id = ${userId}::uuid and used_at is null
        ), ${accountEmailCtes('changed_email', {
          type: 'password.changed',
          userId: sql`changed.id`,
          data: sql`'{}'::jsonb`,
          source: sql`changed`,
        })}
        select 1`);
}
