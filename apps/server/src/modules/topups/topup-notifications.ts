import { sql } from 'drizzle-orm';
import { fromCents } from '@keymarket/contracts/money';
import type { Executor } from '../../db/client';
import {
  notifyAdminsCte,
  notifyUserCte,
  userRefJson,
  writeNotification,
} from '../notifications/notification-writes';
import type { TopupRow } from './topups.repository';

/*
 * The top-up notifications (DESIGN.md §12, §13), written in the transaction of the change they
 * report, as every notification is (notification-writes.ts).
 */

/** A top-up notification's data (contracts' `topupRef`). */
function topupData(topup: TopupRow, creditCents = topup.creditCents) {
  return sql`jsonb_build_object('topupId', ${topup.id}::text,
    'amount', ${fromCents(topup.amountCents)}::numeric,
    'currencyCode', ${topup.currencyCode}::text,
    'creditAmount', ${fromCents(creditCents)}::numeric)`;
}

/** `topup.requested`: the funder, or every active administrator for the platform's. */
export async function notifyTopupRequested(tx: Executor, topup: TopupRow) {
  const data = sql`${topupData(topup)} || jsonb_build_object('requester',
    ${userRefJson(sql`${topup.userId}::uuid`)})`;
  await writeNotification(
    tx,
    topup.funderId === null
      ? notifyAdminsCte('requested_note', { type: 'topup.requested', signal: true, data })
      : notifyUserCte('requested_note', {
          type: 'topup.requested',
          userId: sql`${topup.funderId}::uuid`,
          signal: true,
          data,
        }),
  );
}

/** `topup.approved`: the requester, with what was credited. */
export async function notifyTopupApproved(tx: Executor, topup: TopupRow, creditCents: bigint) {
  await writeNotification(
    tx,
    notifyUserCte('approved_note', {
      type: 'topup.approved',
      userId: sql`${topup.userId}::uuid`,
      signal: true,
      data: topupData(topup, creditCents),
    }),
  );
}

/** `topup.rejected`: the requester, with the funder's reason. */
export async function notifyTopupRejected(tx: Executor, topup: TopupRow, reason: string) {
  await writeNotification(
    tx,
    notifyUserCte('rejected_note', {
      type: 'topup.rejected',
      userId: sql`${topup.userId}::uuid`,
      signal: true,
      data: sql`${topupData(topup)} || jsonb_build_object('reason', ${reason}::text)`,
    }),
  );
}
