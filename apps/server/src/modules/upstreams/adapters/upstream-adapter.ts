/**
 * What this platform needs from a supplier (DESIGN.md §14), whatever API it speaks. Keymarket's
 * own /api/v1 is the first implementation (`keymarket-v1.ts`); another supplier's API is another
 * class of this interface, chosen by the upstream's `kind`.
 *
 * Every method answers the supplier's refusals as values and throws only for what may change on
 * a retry (no answer, a 5xx, a rate limit): the caller decides what is final.
 */
export interface UpstreamProduct {
  id: string;
  name: string;
  deliveryType: 'instant' | 'request';
  /** What this platform pays there, in cents: a docked product's cost. */
  priceCents: bigint;
  stockQuantity: number;
}

export interface UpstreamOrder {
  id: string;
  quantity: number;
  status: 'pending' | 'completed' | 'rejected';
  /** Delivered keys, in their order; empty until completed. */
  keys: string[];
  unitPriceCents: bigint;
  totalCents: bigint;
  rejectionReason: string | null;
  /**
   * The after-sale state of each delivered key, in their order (DESIGN.md §11): `reported`,
   * `replaced` (its replacement is then in `keys`) or `refunded`; empty when the supplier shows none.
   */
  keyStates: ('delivered' | 'reported' | 'replaced' | 'refunded')[];
}

/** Refusals that will not change by trying again (the local order is then rejected). */
export type FinalRefusal =
  | 'out_of_stock'
  | 'insufficient_balance'
  | 'price_changed'
  | 'not_found'
  | 'forbidden'
  | 'validation';

export type PurchaseAnswer = { placed: UpstreamOrder } | { refused: FinalRefusal; text: string };

export interface PurchaseRequest {
  productId: string;
  quantity: number;
  /** The cost recorded on the local order: the upstream refuses a higher price. */
  maxUnitPriceCents: bigint;
  /** The local order's id: the same purchase whatever retries, crashes or instances. */
  idempotencyKey: string;
}

export interface UpstreamAdapter {
  /** This platform's balance there, in cents. */
  balance(): Promise<bigint>;
  /** A page of the products this platform may buy there, at its price there. */
  catalogue(query: {
    page: number;
    limit: number;
    search?: string | undefined;
  }): Promise<{ items: UpstreamProduct[]; total: number }>;
  /** One product, or undefined when it is gone (deleted, or not for this platform). */
  product(id: string): Promise<UpstreamProduct | undefined>;
  /** One of this platform's orders there, or undefined when there is none with that id. */
  order(id: string): Promise<UpstreamOrder | undefined>;
  /** A page of this platform's orders there, newest first. */
  orders(page: number): Promise<{ items: UpstreamOrder[]; total: number }>;
  /** Places (or, with the same idempotency key, finds again) the purchase. */
  purchase(request: PurchaseRequest, timeoutMs: number): Promise<PurchaseAnswer>;
  /**
   * Reports the key at `keyIndex` of one of this platform's orders there as faulty. A report it
   * already holds for that key (a retry) is taken too.
   */
  report(
    orderId: string,
    report: { keyIndex: number; reason: string },
    timeoutMs: number,
  ): Promise<ReportAnswer>;
}

/** What a supplier said to a report of one of its keys (after-sale across platforms). */
export type ReportAnswer = { taken: true } | { taken: false; text: string };

/** A call that may succeed when tried again: no answer, a 5xx, a rate limit, a busy key. */
export class UpstreamUnavailable extends Error {}
