import Stripe from 'stripe';
import { and, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import { topupMessages, topupQuoteCents } from '@keymarket/contracts/topups';
import type { Database } from '../../db/client';
import { topupMethods, topupRequests } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/pg-errors';
import { retryOnConflict } from '../../lib/transactions';
import { writeAudit } from '../ledger/ledger.repository';
import { creditTopup } from './topup-credit';
import { lockTopup, updateTopup, type TopupRow } from './topups.repository';

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Where the SDK sends its calls: Stripe's API, or a local stand-in in tests. */
  apiBase?: string | undefined;
  /** The site's public address, where Checkout sends the payer back. */
  publicUrl: string;
}

/** What a request's payment looks like once Stripe says it was paid. */
interface PaidSession {
  id: string;
  topupId: string;
  /** In the method's currency's cents. */
  amountTotal: number;
}

const DAY_MS = 86_400_000;

function clientOf(config: StripeConfig): Stripe {
  if (!config.apiBase) return new Stripe(config.secretKey, { maxNetworkRetries: 2 });
  const base = new URL(config.apiBase);
  return new Stripe(config.secretKey, {
    host: base.hostname,
    port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
    protocol: base.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 0,
  });
}

/** A session Stripe reports paid, with what we need of it; undefined while it is not. */
function paidSession(session: Stripe.Checkout.Session): PaidSession | undefined {
  const topupId = session.metadata?.topupId;
  if (session.payment_status !== 'paid' || !topupId || session.amount_total === null) {
    return undefined;
  }
  return { id: session.id, topupId, amountTotal: session.amount_total };
}

/**
 * Card top-ups through Stripe Checkout (DESIGN.md §13). Every way a payment is learnt of (the
 * signed webhook, the requester's return, the periodic check, an administrator's confirmation)
 * ends in `creditOnce`, which credits a request once per provider reference: the request's row
 * lock orders callbacks racing for it, and `topup_requests_provider_ref_unique` refuses a
 * reference credited already.
 */
export class StripePayments {
  private readonly stripe: Stripe;

  constructor(
    private readonly db: Database,
    private readonly config: StripeConfig,
  ) {
    this.stripe = clientOf(config);
  }

  /** A Checkout Session for the request, its amount in the method's currency. */
  async startCheckout(topup: TopupRow, methodName: string, areaPath: string) {
    const back = `${this.config.publicUrl}${areaPath}?topup=${topup.id}`;
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: topup.currencyCode.toLowerCase(),
              unit_amount: Number(topup.amountCents),
              product_data: { name: methodName },
            },
          },
        ],
        metadata: { topupId: topup.id },
        client_reference_id: topup.id,
        success_url: back,
        cancel_url: back,
      },
      // A retried call makes no second session.
      { idempotencyKey: `topup-${topup.id}` },
    );
    if (!session.url) throw new Error('Stripe answered a Checkout Session without a URL');
    await updateTopup(this.db, topup.id, {
      providerSessionId: session.id,
      checkoutUrl: session.url,
    });
    return session;
  }

  /** POST /payments/stripe/webhook: the signature checked on the raw body by the SDK. */
  async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature ?? '',
        this.config.webhookSecret,
      );
    } catch {
      throw new AppError('bad_request', topupMessages.topupSignatureMismatch);
    }
    if (event.type !== 'checkout.session.completed') return;
    const paid = paidSession(event.data.object);
    if (paid) await this.creditOnce(paid, null);
  }

  /** Reads the request's session from Stripe and credits it if it was paid (a missed callback). */
  async recover(topup: Pick<TopupRow, 'providerSessionId'>): Promise<void> {
    if (!topup.providerSessionId) return;
    const session = await this.stripe.checkout.sessions.retrieve(topup.providerSessionId);
    const paid = paidSession(session);
    if (paid) await this.creditOnce(paid, null);
  }

  /** Every 5 minutes: Stripe requests under 24 hours old, still not credited. */
  async sweep(now = new Date()): Promise<void> {
    const waiting = await this.db
      .select({ providerSessionId: topupRequests.providerSessionId })
      .from(topupRequests)
      .innerJoin(topupMethods, eq(topupMethods.id, topupRequests.methodId))
      .where(
        and(
          eq(topupMethods.kind, 'stripe'),
          inArray(topupRequests.status, ['pending', 'expired']),
          isNotNull(topupRequests.providerSessionId),
          gt(topupRequests.createdAt, new Date(now.getTime() - DAY_MS)),
        ),
      );
    for (const topup of waiting) await this.recover(topup);
  }

  /**
   * An administrator's confirmation of a card payment seen in Stripe's dashboard: the amount
   * asked, credited once under that reference, audited. Unlike a callback it says why nothing was
   * credited: a request rejected or cancelled, or a reference that credited another request.
   */
  async confirmByHand(topupId: string, providerRef: string, adminId: string): Promise<void> {
    const credited = await this.creditOnce(
      { id: providerRef, topupId, amountTotal: null },
      adminId,
    );
    if (credited === 'reference-used') {
      throw new AppError('conflict', topupMessages.topupPaymentRefUsed);
    }
    if (credited === 'closed') throw new AppError('conflict', topupMessages.topupNotPending);
  }

  /**
   * Credits the request once for this payment. Paid after expiry is still credited (a top-up
   * holds no stock); paid another amount than asked, that amount is credited at the frozen rate
   * and the request flagged `amountMismatch`. A repeated or raced callback finds it approved.
   * An administrator's confirmation (`adminId`) writes its audit row in the same transaction.
   */
  private async creditOnce(
    paid: { id: string; topupId: string; amountTotal: number | null },
    adminId: string | null,
  ): Promise<'credited' | 'approved' | 'closed' | 'reference-used'> {
    try {
      return await retryOnConflict(() =>
        this.db.transaction(async (tx) => {
          const topup = await lockTopup(tx, paid.topupId);
          if (!topup) throw new AppError('not_found', topupMessages.topupNotFound);
          if (topup.status === 'approved') return 'approved';
          if (topup.status === 'rejected' || topup.status === 'cancelled') return 'closed';
          const [method] = await tx
            .select()
            .from(topupMethods)
            .where(eq(topupMethods.id, topup.methodId));
          if (method?.kind !== 'stripe') {
            throw new AppError('bad_request', topupMessages.topupCardOnly);
          }
          const paidCents =
            paid.amountTotal === null ? topup.amountCents : BigInt(paid.amountTotal);
          const mismatch = paidCents !== topup.amountCents;
          const creditCents = mismatch
            ? topupQuoteCents(paidCents, method, topup.rateToUsd).creditCents
            : topup.creditCents;
          if (creditCents < 1n) {
            await updateTopup(tx, topup.id, { amountMismatch: true });
            return 'closed';
          }
          await creditTopup(tx, topup, {
            creditCents,
            approverId: adminId,
            providerRef: paid.id,
            amountMismatch: mismatch,
          });
          if (adminId !== null) {
            await writeAudit(tx, {
              actorId: adminId,
              action: 'topup.payment_confirmed',
              targetType: 'topup',
              targetId: topup.id,
              before: { status: topup.status, creditCents: topup.creditCents },
              after: { status: 'approved', creditCents, providerRef: paid.id },
            });
          }
          return 'credited';
        }),
      );
    } catch (error) {
      // The reference credited another request already: nothing more is credited.
      if (isUniqueViolation(error)) return 'reference-used';
      throw error;
    }
  }
}

/** Runs `sweep` every `intervalMs`; the answer stops it (an onClose hook). */
export function startStripeSweep(
  payments: StripePayments,
  log: { warn(object: unknown, message: string): void },
  intervalMs = 5 * 60_000,
): () => Promise<void> {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= payments
      .sweep()
      .catch((err: unknown) => log.warn({ err }, 'stripe payment check'))
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
