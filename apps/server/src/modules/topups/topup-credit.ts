import { formatAmount, fromCents } from '@keymarket/contracts/money';
import { topupMessageTemplates } from '@keymarket/contracts/topups';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { creditBucket, debitBucket } from '../ledger/ledger.repository';
import { notifyTopupApproved } from './topup-notifications';
import { lastCreditEntryId, lockUser, updateTopup, type TopupRow } from './topups.repository';

/** How a request is credited: by whom, how much, and the provider's payment if one paid it. */
export interface TopupCredit {
  creditCents: bigint;
  /** The approver; null when a payment provider's confirmation credits it. */
  approverId: string | null;
  note?: string | null;
  providerRef?: string | null;
  amountMismatch?: boolean;
}

/**
 * The one way a top-up request becomes money (DESIGN.md §13), inside the caller's transaction,
 * which already holds the request's row (`lockTopup`) and has checked it may still be credited.
 *
 * From the platform (`funderId` null): a `topup` ledger row on the requester's balance, money
 * entering the platform like a deposit. From an upline: a transfer out of the approver's own
 * balance, refused with `insufficient_balance` (the transaction then writes nothing).
 *
 * LOCK ORDER (docs/money.md): the request row, then the requester (the downline) before the
 * funder (the upline), both FOR NO KEY UPDATE as every user row lock, as a balance transfer
 * takes them. Both credits go through the ledger repository, which writes the ledger row, the
 * `balance.credited` webhook event and its notification in the credit's own statement.
 */
export async function creditTopup(tx: Executor, topup: TopupRow, credit: TopupCredit) {
  const { creditCents, approverId } = credit;
  const note = credit.note ?? null;
  let kind: 'topup' | 'transfer';
  if (topup.funderId === null) {
    kind = 'topup';
    await creditBucket(tx, topup.userId, 'balance', creditCents, {
      kind,
      actorId: approverId,
      note,
    });
  } else {
    kind = 'transfer';
    await lockUser(tx, topup.userId);
    const own = await debitBucket(tx, topup.funderId, 'balance', creditCents, {
      kind,
      actorId: approverId,
      counterpartyId: topup.userId,
      note,
    });
    if (own === undefined) {
      const amount = formatAmount(fromCents(creditCents));
      throw new AppError(
        'insufficient_balance',
        topupMessageTemplates.topupBalanceTooLow.text({ amount }),
      );
    }
    await creditBucket(tx, topup.userId, 'balance', creditCents, {
      kind,
      actorId: approverId,
      counterpartyId: topup.funderId,
      note,
    });
  }
  const creditEntryId = await lastCreditEntryId(tx, topup.userId, kind, creditCents);
  await updateTopup(tx, topup.id, {
    status: 'approved',
    creditCents,
    creditEntryId,
    decidedAt: new Date(),
    decidedById: approverId,
    note,
    providerRef: credit.providerRef ?? null,
    amountMismatch: credit.amountMismatch ?? false,
  });
  await notifyTopupApproved(tx, topup, creditCents);
}
