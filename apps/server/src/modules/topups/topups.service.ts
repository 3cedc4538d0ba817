import type { Readable } from 'node:stream';
import { fromCents, toCents } from '@keymarket/contracts/money';
import { pageOf } from '@keymarket/contracts/pagination';
import {
  TOPUP_PENDING_MAX,
  topupMessages,
  topupMessageTemplates,
  topupQuoteCents,
  type ApproveTopupInput,
  type RejectTopupInput,
  type Topup,
  type TopupList,
  type TopupsQuery,
} from '@keymarket/contracts/topups';
import type { Database, Executor } from '../../db/client';
import { AppError, validationError } from '../../lib/app-error';
import { csvStream, keysetBatches, type CsvColumn } from '../../lib/csv';
import { retryOnConflict } from '../../lib/transactions';
import type { Upload } from '../../lib/uploads';
import type { AuthContext } from '../access/auth-context';
import {
  assertMayCancelTopup,
  assertMayDecideTopup,
  assertMayReadTopup,
  funderOf,
  isAdmin,
} from '../access/policy';
import { findFile, storeFile } from '../files/files.repository';
import { writeAudit } from '../ledger/ledger.repository';
import type { StripePayments } from './stripe-payments';
import { creditTopup } from './topup-credit';
import { notifyTopupRejected, notifyTopupRequested } from './topup-notifications';
import { lockTopupMethodShared } from './topup-methods.repository';
import {
  findCurrencyByCode,
  findFundingUser,
  findTopup,
  findTopupView,
  insertTopup,
  lockTopup,
  lockUser,
  pendingCount,
  topupBatch,
  topupCount,
  topupPage,
  updateTopup,
  type TopupFilter,
  type TopupRow,
  type TopupView,
} from './topups.repository';

const DAY_MS = 86_400_000;

/** A request as made: from the web (multipart, proof allowed) or /api/v1 (JSON, no proof). */
export interface TopupRequestInput {
  methodId: string;
  amount: number;
  reference: string;
  proof?: Upload | undefined;
}

export function topupOf(view: TopupView): Topup {
  const { topup } = view;
  return {
    id: topup.id,
    status: view.status,
    method: {
      id: view.method.id,
      name: view.method.nameEn,
      names: { en: view.method.nameEn, fr: view.method.nameFr, ar: view.method.nameAr },
      kind: view.method.kind,
    },
    requester: view.requester,
    amount: fromCents(topup.amountCents),
    currencyCode: topup.currencyCode,
    rateToUSD: topup.rateToUsd,
    fee: fromCents(topup.feeCents),
    creditAmount: fromCents(topup.creditCents),
    reference: topup.reference,
    proofUrl: topup.proofFileId ? `/api/topups/${topup.id}/proof` : null,
    checkoutUrl: topup.checkoutUrl,
    providerRef: topup.providerRef,
    amountMismatch: topup.amountMismatch,
    createdAt: topup.createdAt.toISOString(),
    expiresAt: topup.expiresAt.toISOString(),
    decidedAt: topup.decidedAt?.toISOString() ?? null,
    decidedBy:
      view.decidedBy?.id && view.decidedBy.username
        ? { id: view.decidedBy.id, username: view.decidedBy.username }
        : null,
    reason: topup.reason,
    note: topup.note,
  };
}

const csvColumns: CsvColumn<Topup>[] = [
  { header: 'Date (UTC)', cell: (t) => t.createdAt },
  { header: 'Status', cell: (t) => t.status },
  { header: 'Requester', cell: (t) => t.requester.username },
  { header: 'Method', cell: (t) => t.method.name },
  { header: 'Amount', cell: (t) => t.amount },
  { header: 'Currency', cell: (t) => t.currencyCode },
  { header: 'Rate to USD', cell: (t) => t.rateToUSD },
  { header: 'Fee', cell: (t) => t.fee },
  { header: 'Credit (USD)', cell: (t) => t.creditAmount },
  { header: 'Reference', cell: (t) => t.reference },
  { header: 'Provider reference', cell: (t) => t.providerRef },
  { header: 'Decided (UTC)', cell: (t) => t.decidedAt },
  { header: 'Decided by', cell: (t) => t.decidedBy?.username },
  { header: 'Reason', cell: (t) => t.reason },
  { header: 'Note', cell: (t) => t.note },
];

/** What a request may still become; refused otherwise, inside the request row's lock. */
function assertStillPending(topup: TopupRow, now: Date) {
  if (topup.status !== 'pending') throw new AppError('conflict', topupMessages.topupNotPending);
  if (topup.expiresAt <= now) throw new AppError('conflict', topupMessages.topupExpired);
}

/**
 * Top-up requests (DESIGN.md §13): a user asks its funder for balance; the funder approves
 * (credits) or rejects, exactly once; the requester may cancel while pending.
 */
export class TopupsService {
  constructor(
    private readonly db: Database,
    private readonly options: { expiryDays: number },
    /** Card payments, when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set. */
    private readonly payments?: StripePayments,
  ) {}

  async request(caller: AuthContext, input: TopupRequestInput): Promise<Topup> {
    const user = await findFundingUser(this.db, caller.userId);
    if (!user) throw new AppError('unauthorized', 'Please sign in');
    const funderId = funderOf(user, user.inviterRole);
    const amountCents = toCents(input.amount);
    const made = await retryOnConflict(() =>
      this.db.transaction(async (tx) => {
        // The requester's row first: two requests of one user count their pending ones in turn.
        await lockUser(tx, caller.userId);
        // Shared, so a method being deleted (which locks it) cannot lose a request made now.
        const method = await lockTopupMethodShared(tx, input.methodId);
        if (!method || method.deletedAt || method.ownerId !== funderId) {
          throw new AppError('not_found', topupMessages.topupMethodNotFound);
        }
        if (!method.enabled || (method.kind === 'stripe' && !this.payments)) {
          throw new AppError('bad_request', topupMessages.topupMethodDisabled);
        }
        const currency = await findCurrencyByCode(tx, method.currencyCode);
        if (!currency) throw new AppError('bad_request', topupMessages.topupMethodDisabled);
        if (amountCents < method.minAmountCents || amountCents > method.maxAmountCents) {
          const text = topupMessageTemplates.topupAmountRange.text({
            min: fromCents(method.minAmountCents).toFixed(2),
            max: fromCents(method.maxAmountCents).toFixed(2),
            currency: method.currencyCode,
          });
          throw validationError('body.amount', text);
        }
        if (method.proofRequired && method.kind === 'manual' && !input.proof) {
          throw validationError('body.proof', topupMessages.topupProofRequired);
        }
        const { feeCents, creditCents } = topupQuoteCents(amountCents, method, currency.rateToUsd);
        if (creditCents < 1n)
          throw validationError('body.amount', topupMessages.topupCreditTooSmall);
        if ((await pendingCount(tx, caller.userId)) >= TOPUP_PENDING_MAX) {
          throw new AppError('conflict', topupMessages.topupTooManyPending);
        }
        const proofFileId = input.proof
          ? await storeFile(tx, input.proof, { purpose: 'topup-proof', ownerId: caller.userId })
          : null;
        const topup = await insertTopup(tx, {
          userId: caller.userId,
          funderId,
          methodId: method.id,
          amountCents,
          currencyCode: method.currencyCode,
          rateToUsd: currency.rateToUsd,
          feeCents,
          creditCents,
          reference: input.reference,
          proofFileId,
          expiresAt: new Date(Date.now() + this.options.expiryDays * DAY_MS),
        });
        await notifyTopupRequested(tx, topup);
        return { topup, methodName: method.nameEn, card: method.kind === 'stripe' };
      }),
    );
    if (made.card) {
      await this.startCheckout(caller, made.topup, made.methodName);
    }
    return this.view(made.topup.id);
  }

  /**
   * The Checkout Session, made once the request is committed (its id goes in the session's
   * metadata). Stripe unreachable: the request is cancelled, since nobody can pay it.
   */
  private async startCheckout(caller: AuthContext, topup: TopupRow, methodName: string) {
    // A card method is accepted only with payments set up (`request`).
    if (!this.payments) throw new Error('a card request without payments');
    try {
      await this.payments.startCheckout(topup, methodName, `/${caller.role}/topup`);
    } catch {
      await updateTopup(this.db, topup.id, {
        status: 'cancelled',
        reason: 'The card payment could not be started',
        decidedAt: new Date(),
      });
      throw new AppError('unavailable', topupMessages.topupCardUnavailable);
    }
  }

  /**
   * An administrator confirms a card payment by hand with Stripe's reference (a missed callback
   * the checks could not recover): the same exactly-once credit as the callback's.
   */
  async confirmPayment(caller: AuthContext, id: string, providerRef: string): Promise<Topup> {
    const topup = assertMayDecideTopup(caller, await findTopup(this.db, id));
    if (!this.payments || topup.funderId !== null) {
      throw new AppError('bad_request', topupMessages.topupCardOnly);
    }
    await this.payments.confirmByHand(id, providerRef, caller.userId);
    return this.view(id);
  }

  async mine(caller: AuthContext, query: TopupsQuery): Promise<TopupList> {
    return this.page(this.filterOf({ userId: caller.userId }, query), query);
  }

  async incoming(caller: AuthContext, query: TopupsQuery): Promise<TopupList> {
    return this.page(this.filterOf(this.decidedScope(caller), query), query);
  }

  exportMine(caller: AuthContext, query: TopupsQuery): Readable {
    return this.export(this.filterOf({ userId: caller.userId }, query));
  }

  exportIncoming(caller: AuthContext, query: TopupsQuery): Readable {
    return this.export(this.filterOf(this.decidedScope(caller), query));
  }

  async get(caller: AuthContext, id: string): Promise<Topup> {
    const topup = assertMayReadTopup(caller, await findTopup(this.db, id));
    // The requester back from Stripe, or a callback that never came: ask Stripe (DESIGN.md §13).
    if (this.payments && topup.providerSessionId && topup.status === 'pending') {
      await this.payments.recover(topup);
    }
    return this.view(id);
  }

  /** The proof file, to its requester and its decider only (never a public file URL). */
  async proof(caller: AuthContext, id: string) {
    const topup = assertMayReadTopup(caller, await findTopup(this.db, id));
    const file = topup.proofFileId ? await findFile(this.db, topup.proofFileId) : undefined;
    if (!file) throw new AppError('not_found', topupMessages.topupNoProof);
    return file;
  }

  async approve(caller: AuthContext, id: string, input: ApproveTopupInput): Promise<Topup> {
    assertMayDecideTopup(caller, await findTopup(this.db, id));
    await retryOnConflict(() =>
      this.db.transaction(async (tx) => {
        const topup = assertMayDecideTopup(caller, await lockTopup(tx, id));
        assertStillPending(topup, new Date());
        const creditCents =
          input.creditAmount === undefined ? topup.creditCents : toCents(input.creditAmount);
        const note = input.note || null;
        if (creditCents !== topup.creditCents && !note) {
          throw validationError('body.note', topupMessages.topupNoteRequired);
        }
        await creditTopup(tx, topup, { creditCents, approverId: caller.userId, note });
        await writeAudit(tx, {
          actorId: caller.userId,
          action: 'topup.approved',
          targetType: 'topup',
          targetId: topup.id,
          before: { status: 'pending', creditCents: topup.creditCents },
          after: { status: 'approved', creditCents, note },
        });
      }),
    );
    return this.view(id);
  }

  async reject(caller: AuthContext, id: string, input: RejectTopupInput): Promise<Topup> {
    assertMayDecideTopup(caller, await findTopup(this.db, id));
    await this.db.transaction(async (tx) => {
      const topup = assertMayDecideTopup(caller, await lockTopup(tx, id));
      assertStillPending(topup, new Date());
      await this.close(tx, topup, 'rejected', caller.userId, input.reason);
      await notifyTopupRejected(tx, topup, input.reason);
      await writeAudit(tx, {
        actorId: caller.userId,
        action: 'topup.rejected',
        targetType: 'topup',
        targetId: topup.id,
        before: { status: 'pending' },
        after: { status: 'rejected', reason: input.reason },
      });
    });
    return this.view(id);
  }

  async cancel(caller: AuthContext, id: string): Promise<Topup> {
    assertMayCancelTopup(caller, await findTopup(this.db, id));
    await this.db.transaction(async (tx) => {
      const topup = assertMayCancelTopup(caller, await lockTopup(tx, id));
      assertStillPending(topup, new Date());
      await this.close(tx, topup, 'cancelled', caller.userId, null);
    });
    return this.view(id);
  }

  private async close(
    tx: Executor,
    topup: TopupRow,
    status: 'rejected' | 'cancelled',
    by: string,
    reason: string | null,
  ) {
    await updateTopup(tx, topup.id, {
      status,
      reason,
      decidedAt: new Date(),
      decidedById: by,
    });
  }

  private decidedScope(caller: AuthContext) {
    return { funderId: isAdmin(caller) ? null : caller.userId };
  }

  private filterOf(scope: TopupFilter['scope'], query: TopupsQuery): TopupFilter {
    return { scope, status: query.status, from: query.from, to: query.to };
  }

  private async page(filter: TopupFilter, query: TopupsQuery): Promise<TopupList> {
    const [rows, total] = await Promise.all([
      topupPage(this.db, filter, {
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
        sort: query.sort,
      }),
      topupCount(this.db, filter),
    ]);
    return pageOf(rows.map(topupOf), query, total);
  }

  private export(filter: TopupFilter): Readable {
    const batches = keysetBatches<TopupView>((after) => topupBatch(this.db, filter, after));
    async function* rows() {
      for await (const batch of batches) yield batch.map(topupOf);
    }
    return csvStream(rows(), csvColumns);
  }

  private async view(id: string): Promise<Topup> {
    const view = await findTopupView(this.db, id);
    if (!view) throw new AppError('not_found', topupMessages.topupNotFound);
    return topupOf(view);
  }
}
