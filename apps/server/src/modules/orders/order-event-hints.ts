/**
 * Whose orders to plan with their outbox events (`OrderPlan.events`): the buyers whose orders
 * lately had someone to tell. Only a guess, for this process: the order statement checks the
 * flags (place-order.ts, "Events") and refuses a plan without events that someone
 * would have received, so a wrong guess costs a second statement, never an event. Every buyer
 * starts unheard: most have no endpoint, and an administrator's subscription makes each buyer's
 * first order here pay that second statement once.
 */
export class OrderEventHints {
  private readonly heardOf = new Set<string>();

  /** `limit` bounds the memory: past it, the guesses start again from nothing. */
  constructor(private readonly limit = 50_000) {}

  /** Whether to plan `buyerId`'s next order with its events. */
  expects(buyerId: string): boolean {
    return this.heardOf.has(buyerId);
  }

  /** An order of `buyerId` had receivers for its events. */
  heard(buyerId: string): void {
    if (this.heardOf.size >= this.limit) this.heardOf.clear();
    this.heardOf.add(buyerId);
  }

  /** An order of `buyerId` planned with its events had nobody to tell. */
  unheard(buyerId: string): void {
    this.heardOf.delete(buyerId);
  }
}
