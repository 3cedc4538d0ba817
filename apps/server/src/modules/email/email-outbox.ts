import { sql, type SQL } from 'drizzle-orm';

/** The outbox consumer that sends email (`outbox_deliveries.consumer`); its target is the user. */
export const EMAIL_CONSUMER = 'email';

/** Emails that are not notifications: the forgotten-password link and its confirmation. */
export const accountEmailTypes = ['password.reset', 'password.changed'] as const;
export type AccountEmailType = (typeof accountEmailTypes)[number];

/**
 * Two CTEs writing an email to the user `userId` (a uuid expression, which may read `source`'s
 * columns) into the outbox: `name` the event, `name_deliveries` its one `email` delivery. One per
 * `source` row, none when `source` has no row, so the statement does the same work either way.
 */
export function accountEmailCtes(
  name: string,
  email: { type: AccountEmailType; userId: SQL; data: SQL; source: SQL },
): SQL {
  const events = sql.identifier(name);
  return sql`${events} as (
    insert into outbox_events (type, user_id, data)
    select ${email.type}::text, ${email.userId}, ${email.data}
    from ${email.source}
    returning id, user_id
  ), ${sql.identifier(`${name}_deliveries`)} as (
    insert into outbox_deliveries (event_id, consumer, target_id)
    select e.id, ${EMAIL_CONSUMER}::text, e.user_id from ${events} e
    returning id
  )`;
}
