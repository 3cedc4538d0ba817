import { sql, type SQL } from 'drizzle-orm';
import type { NotificationType } from '@keymarket/contracts/notifications';
import type { Executor } from '../../db/client';
import { EMAIL_CONSUMER } from '../email/email-outbox';
import { jsonParam } from '../outbox/outbox-events';
import { liveSignalSql } from './live-signals';

/**
 * Writing notifications (DESIGN.md §12), as CTEs for the statement that makes the change they
 * report or as statements of its transaction: a notification commits or vanishes with its
 * change, like the ledger row beside it. This is the one way notifications are made (see
 * docs/adr/0033-notifications-and-live-signals.md).
 *
 * `signal`: each row also sends its recipient a live signal at commit (`live-signals.ts`); the
 * order statement passes false and publishes after its commit instead (`LivePublisher`).
 */
interface NotificationWrite {
  type: NotificationType;
  /** The event's `data`: a jsonb expression, which may read `source`'s columns. */
  data: SQL;
  /** The rows the notification comes from, one each (CTE names); one when absent. */
  source?: SQL;
  signal: boolean;
}

// What the email CTEs (`emailCtes`) read from each written row; `inserted` is false for an
// ON CONFLICT update (`xmax` is then the updating transaction), which sends no new email.
const returning = (signal: boolean) =>
  sql`returning id, user_id, type, data, (xmax = 0) as inserted${
    signal ? sql`, ${liveSignalSql(sql`user_id`, 'notification')} as signalled` : sql``
  }`;

/**
 * Two CTEs after the notification CTE `name`: for each notification it inserted whose recipient
 * switched its type on for email (`notification_preferences`), an outbox event and one `email`
 * delivery (DESIGN.md §12), which the outbox worker sends with the webhooks' retries. Same
 * statement, so the email commits or vanishes with the notification. Nobody opted in: one
 * primary-key probe per notification, no row written.
 */
function emailCtes(name: string): SQL {
  const events = sql.identifier(`${name}_email`);
  return sql`${events} as (
    insert into outbox_events (type, user_id, data)
    select n.type::text, n.user_id, jsonb_build_object('notificationId', n.id, 'data', n.data)
    from ${sql.identifier(name)} n
    join notification_preferences p on p.user_id = n.user_id
    where n.inserted and n.type = any(p.email_types)
    returning id, user_id
  ), ${sql.identifier(`${name}_email_deliveries`)} as (
    insert into outbox_deliveries (event_id, consumer, target_id)
    select e.id, ${EMAIL_CONSUMER}::text, e.user_id from ${events} e
    returning id
  )`;
}

/** A CTE `name` writing one notification for `userId` (a uuid expression) per `source` row. */
export function notifyUserCte(name: string, write: NotificationWrite & { userId: SQL }): SQL {
  return sql`${sql.identifier(name)} as (
    insert into notifications (user_id, type, data)
    select ${write.userId}, ${write.type}::notification_type, ${write.data}
    from ${write.source ?? sql`(select 1) as one`}
    ${returning(write.signal)}), ${emailCtes(name)}`;
}

/** A CTE `name` writing the notification for every active administrator but `exceptUserId`. */
export function notifyAdminsCte(
  name: string,
  write: NotificationWrite & { exceptUserId?: string; onlyIf?: SQL },
): SQL {
  return sql`${sql.identifier(name)} as (
    insert into notifications (user_id, type, data)
    select admin.id, ${write.type}::notification_type, ${write.data}
    from users admin cross join ${write.source ?? sql`(select 1) as one`}
    where admin.role = 'admin' and admin.status = 'active'
      ${write.exceptUserId ? sql`and admin.id <> ${write.exceptUserId}::uuid` : sql``}
      ${write.onlyIf ? sql`and ${write.onlyIf}` : sql``}
    ${returning(write.signal)}), ${emailCtes(name)}`;
}

/**
 * A CTE `name` adding margins to each seller's unread `profit.credited` entry, or opening one: a
 * seller whose downline buys all day gets one entry that grows ("$12.40 from 31 sales"), not one
 * per sale. `sums` names rows `(user_id, amount_cents, orders)`, one per seller. Whoever writes
 * it holds the sellers' rows (a profit fold, a credit), so two writers never race for the entry.
 */
export function profitNotificationCte(name: string, sums: SQL): SQL {
  return sql`${sql.identifier(name)} as (
    insert into notifications (user_id, type, data)
    select s.user_id, 'profit.credited'::notification_type,
           jsonb_build_object('amount', round(s.amount_cents / 100.0, 2), 'orders', s.orders)
    from ${sums} s
    on conflict (user_id) where type = 'profit.credited' and read_at is null
    do update set
      data = jsonb_build_object(
        'amount', (notifications.data->>'amount')::numeric + (excluded.data->>'amount')::numeric,
        'orders', (notifications.data->>'orders')::int + (excluded.data->>'orders')::int),
      created_at = now()
    ${returning(true)}), ${emailCtes(name)}`;
}

/**
 * A CTE `name` writing the `stock.low` notification (DESIGN.md §11, §12) for every active
 * administrator when a change that took `taken` units from the product's stock took it across
 * its threshold: above it before (`stockAfter + taken`), at or below it after. Stock already at or
 * below the threshold raises nothing, so an alert is once per crossing, not once per sale under
 * the threshold; an administrator who already has an unread one for the product is skipped, which
 * holds two changes crossing at once to one alert. Every change that takes stock raises it this
 * way: a sale (the order statement), a key replaced or a backorder filled (`recordKeysSold`),
 * keys deleted or moved out (`notifyLowStock`, stock/stock.ts).
 *
 * `stockAfter` and `threshold` are expressions over the product's row (`from products`, not
 * aliased, as `productStock` needs).
 */
export function lowStockNotificationCte(
  name: string,
  change: {
    productId: string;
    taken: number;
    stockAfter: SQL;
    threshold: SQL;
    signal: boolean;
  },
): SQL {
  const { productId, taken } = change;
  return notifyAdminsCte(name, {
    type: 'stock.low',
    data: sql`jsonb_build_object('productId', low.id::text, 'productName', low.name,
      'stock', low.stock, 'threshold', low.threshold)`,
    source: sql`(select products.id, products.name, (${change.stockAfter})::int as stock,
                        (${change.threshold})::int as threshold
                 from products where products.id = ${productId}::uuid) as low`,
    onlyIf: sql`low.stock + ${taken}::int > low.threshold and low.stock <= low.threshold
      and not exists (select 1 from notifications seen
                      where seen.user_id = admin.id and seen.read_at is null
                        and seen.type = 'stock.low' and seen.data->>'productId' = ${productId}::text)`,
    signal: change.signal,
  });
}

/** Runs one notification CTE as a statement of `tx` (the change's transaction). */
export async function writeNotification(tx: Executor, cte: SQL): Promise<void> {
  await tx.execute(sql`with ${cte} select 1`);
}

/** A `userRef` (`{ id, username }`) of the user `id` as a jsonb expression, or null. */
export function userRefJson(id: SQL): SQL {
  return sql`(select jsonb_build_object('id', u.id::text, 'username', u.username) from users u where u.id = ${id})`;
}

/**
 * A notification for `userId` whose `data` is `data` as given, with its live signal, written in
 * `tx` (the change's transaction).
 */
export async function notifyUser(
  tx: Executor,
  note: { type: NotificationType; userId: string; data: Record<string, unknown> },
): Promise<void> {
  await writeNotification(
    tx,
    notifyUserCte('note', {
      type: note.type,
      userId: sql`${note.userId}::uuid`,
      signal: true,
      data: jsonParam(note.data),
    }),
  );
}

/**
 * `ticket.opened` (or `ticket.replied`: the author wrote again) for every active administrator
 * but `exceptUserId` (an administrator writing on its own ticket is not told of it), with its
 * live signal, written in `tx` (the ticket's transaction).
 */
export async function notifyTicketOpened(
  tx: Executor,
  ticket: {
    ticketId: string;
    subject: string;
    authorId: string;
    exceptUserId?: string;
    type?: 'ticket.opened' | 'ticket.replied';
  },
): Promise<void> {
  await writeNotification(
    tx,
    notifyAdminsCte('note', {
      type: ticket.type ?? 'ticket.opened',
      ...(ticket.exceptUserId ? { exceptUserId: ticket.exceptUserId } : {}),
      signal: true,
      data: sql`jsonb_build_object('ticketId', ${ticket.ticketId}::text, 'subject', ${ticket.subject}::text,
              'author', ${userRefJson(sql`${ticket.authorId}::uuid`)})`,
    }),
  );
}
