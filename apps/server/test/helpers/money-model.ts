import fc from 'fast-check';

/**
 * A model of the money rules of DESIGN.md §5 for one small fixed tree, for the property test:
 *
 *   admin → manager → r1 → r3
 *                   → r2
 *
 * Given the model's state, `expect*` answers what the API must say to an operation; `apply*`
 * moves the model the way the server must move the database.
 */

export const userSlots = ['manager', 'r1', 'r2', 'r3'] as const;
export type UserSlot = (typeof userSlots)[number];
/** `backorder`: an instant product taking backorders, with no key at first (DESIGN.md §11). */
export type ProductSlot = 'instant' | 'request' | 'backorder';

/** Who invited whom (the admin invited the manager). */
export const INVITER: Record<UserSlot, UserSlot | null> = {
  manager: null,
  r1: 'manager',
  r2: 'manager',
  r3: 'r1',
};

/**
 * Seller prices set for each run (cents): the manager sells the instant product at 18.00 and the
 * request product at 13.00; r1 sells the instant product at 22.00. Base prices are the catalogue
 * factory's: manager 8.00, reseller 10.00.
 */
export const SELLER_PRICES: { seller: UserSlot; product: ProductSlot; cents: bigint }[] = [
  { seller: 'manager', product: 'instant', cents: 1800n },
  { seller: 'r1', product: 'instant', cents: 2200n },
  { seller: 'manager', product: 'request', cents: 1300n },
  { seller: 'manager', product: 'backorder', cents: 1800n },
  { seller: 'r1', product: 'backorder', cents: 2200n },
];

/** cost(buyer) per product under those prices (DESIGN.md §4). */
export const COST: Record<ProductSlot, Record<UserSlot, bigint>> = {
  instant: { manager: 800n, r1: 1800n, r2: 1800n, r3: 2200n },
  // r1 sets no price for the request product: r3 pays resellerPrice 10.00 raised to r1's own
  // cost 13.00, so r1 earns nothing on it (a zero margin writes no profit row).
  request: { manager: 800n, r1: 1300n, r2: 1300n, r3: 1300n },
  backorder: { manager: 800n, r1: 1800n, r2: 1800n, r3: 2200n },
};

export const INITIAL_KEYS = 6;
export const INITIAL_REQUEST_STOCK = 6;

export type Operation =
  | { kind: 'deposit'; user: UserSlot; cents: number }
  | { kind: 'withdraw'; user: UserSlot; cents: number }
  | { kind: 'buy'; user: UserSlot; product: ProductSlot; quantity: number; key: string | null }
  | { kind: 'complete'; pick: number; wrongLines: boolean }
  | { kind: 'reject'; pick: number }
  | { kind: 'cancel'; pick: number }
  | { kind: 'transfer'; from: UserSlot; to: UserSlot; cents: number }
  | { kind: 'convert'; user: UserSlot; cents: number | null }
  | { kind: 'threshold'; cents: number }
  // After-sale (DESIGN.md §11): keys imported to the backorder product, and a key of a picked
  // order reported by its buyer, replaced or refunded by the admin.
  | { kind: 'import'; count: number }
  | { kind: 'report' | 'replace' | 'refund'; pick: number; keyIndex: number };

const user = fc.constantFrom(...userSlots);
const cents = (max: number) => fc.integer({ min: 1, max });
/** Mostly a seller and its direct invitee; sometimes any pair, which must be refused (404). */
const transferPair = fc.oneof(
  {
    arbitrary: fc.constantFrom<[UserSlot, UserSlot]>(
      ['manager', 'r1'],
      ['manager', 'r2'],
      ['r1', 'r3'],
    ),
    weight: 4,
  },
  { arbitrary: fc.tuple(user, user), weight: 1 },
);

export const operationArb: fc.Arbitrary<Operation> = fc.oneof(
  {
    arbitrary: fc.record({ kind: fc.constant('deposit' as const), user, cents: cents(6000) }),
    weight: 3,
  },
  {
    arbitrary: fc.record({ kind: fc.constant('withdraw' as const), user, cents: cents(3000) }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('buy' as const),
      user,
      product: fc.constantFrom<ProductSlot>('instant', 'request', 'backorder'),
      quantity: fc.integer({ min: 1, max: 3 }),
      key: fc.option(fc.constantFrom('k1', 'k2'), { freq: 3 }),
    }),
    weight: 6,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('complete' as const),
      pick: fc.nat(),
      wrongLines: fc.boolean(),
    }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant('reject' as const), pick: fc.nat() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }), weight: 1 },
  {
    arbitrary: fc
      .tuple(transferPair, cents(3000))
      .map(([[from, to], amount]) => ({ kind: 'transfer' as const, from, to, cents: amount })),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('convert' as const),
      // Margins reach the manager and r1 only; r2 and r3 check the refusals.
      user: fc.constantFrom<UserSlot>('manager', 'manager', 'r1', 'r1', 'r2', 'r3'),
      cents: fc.option(cents(1500), { freq: 2 }),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('import' as const),
      count: fc.integer({ min: 1, max: 4 }),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constantFrom('report' as const, 'replace' as const, 'refund' as const),
      pick: fc.nat(),
      // Sometimes past the order's last key: refused.
      keyIndex: fc.integer({ min: 0, max: 3 }),
    }),
    weight: 3,
  },
  // Small minimums, so that margins of a few dollars can be converted.
  {
    arbitrary: fc.record({
      kind: fc.constant('threshold' as const),
      cents: fc.integer({ min: 0, max: 800 }),
    }),
    weight: 1,
  },
);

/**
 * A run: the admin's conversion minimum, an opening deposit for each member of the tree (0 =
 * none), then the operations.
 */
export const scenarioArb = fc.record({
  minimumCents: fc.integer({ min: 0, max: 1200 }),
  openingCents: fc.tuple(...userSlots.map(() => fc.integer({ min: 0, max: 10_000 }))),
  operations: fc.array(operationArb, { minLength: 4, maxLength: 12 }),
});

export interface ModelOrder {
  id: string;
  buyer: UserSlot;
  product: ProductSlot;
  quantity: number;
  totalCents: bigint;
  status: 'pending' | 'completed' | 'rejected';
  backordered: boolean;
  /** Keys reported, and keys replaced or refunded, by place. */
  reported: Set<number>;
  handled: Set<number>;
}

/** What the API must answer: a status and, for errors, the message type. */
export interface Expected {
  status: number;
  type?: string;
}

const ok = (status: number): Expected => ({ status });
const err = (status: number, type: string): Expected => ({ status, type });

export class MoneyModel {
  balance: Record<UserSlot, bigint> = { manager: 0n, r1: 0n, r2: 0n, r3: 0n };
  profit: Record<UserSlot, bigint> = { manager: 0n, r1: 0n, r2: 0n, r3: 0n };
  stock: Record<ProductSlot, number> = {
    instant: INITIAL_KEYS,
    request: INITIAL_REQUEST_STOCK,
    backorder: 0,
  };
  orders: ModelOrder[] = [];
  /** `${user}:${key}` → the body and order of the first successful request with that key. */
  idempotency = new Map<string, { body: string; orderId: string }>();

  constructor(public minProfitCents: bigint) {}

  pick(index: number): ModelOrder | undefined {
    return this.orders.length ? this.orders[index % this.orders.length] : undefined;
  }

  expectBuy(op: Extract<Operation, { kind: 'buy' }>): Expected & { replayOf?: string } {
    const body = `${op.product}:${op.quantity}`;
    const stored = op.key ? this.idempotency.get(`${op.user}:${op.key}`) : undefined;
    if (stored) {
      return stored.body === body
        ? { status: 201, replayOf: stored.orderId }
        : err(409, 'conflict');
    }
    if (this.stock[op.product] < op.quantity && op.product !== 'backorder') {
      return err(409, 'out_of_stock');
    }
    if (this.balance[op.user] < COST[op.product][op.user] * BigInt(op.quantity)) {
      return err(409, 'insufficient_balance');
    }
    return ok(201);
  }

  applyBuy(op: Extract<Operation, { kind: 'buy' }>, orderId: string) {
    const totalCents = COST[op.product][op.user] * BigInt(op.quantity);
    this.balance[op.user] -= totalCents;
    const backordered = op.product === 'backorder' && this.stock.backorder < op.quantity;
    if (!backordered) this.stock[op.product] -= op.quantity;
    const order: ModelOrder = {
      id: orderId,
      buyer: op.user,
      product: op.product,
      quantity: op.quantity,
      totalCents,
      status: op.product === 'request' || backordered ? 'pending' : 'completed',
      backordered,
      reported: new Set(),
      handled: new Set(),
    };
    this.orders.push(order);
    if (order.status === 'completed') this.payMargins(order);
    if (op.key) {
      this.idempotency.set(`${op.user}:${op.key}`, {
        body: `${op.product}:${op.quantity}`,
        orderId,
      });
    }
  }

  /** DESIGN.md §5: each seller up the chain earns quantity × (cost(child) − cost(seller)). */
  private payMargins(order: ModelOrder) {
    let child = order.buyer;
    // The manager is priced by the platform: the walk stops there.
    while (child !== 'manager') {
      const seller = INVITER[child]!;
      const cost = COST[order.product];
      this.profit[seller] += BigInt(order.quantity) * (cost[child] - cost[seller]);
      child = seller;
    }
  }

  expectRespond(order: ModelOrder, op: Operation): Expected {
    if (order.status !== 'pending') return err(409, 'conflict');
    // A backorder is completed by an import only.
    if (op.kind === 'complete' && order.backordered) return err(409, 'conflict');
    if (op.kind === 'complete' && op.wrongLines) return err(400, 'validation');
    return ok(200);
  }

  applyRespond(order: ModelOrder, op: Operation) {
    if (op.kind === 'complete') {
      order.status = 'completed';
      this.payMargins(order);
      return;
    }
    order.status = 'rejected';
    this.balance[order.buyer] += order.totalCents;
    // A backorder never took stock.
    if (!order.backordered) this.stock[order.product] += order.quantity;
  }

  /** Keys added to the backorder product fill its waiting orders, oldest first, whole. */
  applyImport(count: number) {
    this.stock.backorder += count;
    for (const order of this.orders) {
      if (!order.backordered || order.status !== 'pending') continue;
      if (order.quantity > this.stock.backorder) break;
      this.stock.backorder -= order.quantity;
      order.status = 'completed';
      this.payMargins(order);
    }
  }

  /** The checks every after-sale action shares: a completed order's pool key at `keyIndex`. */
  private expectKeyOf(order: ModelOrder, keyIndex: number): Expected | undefined {
    if (order.status !== 'completed') return err(409, 'conflict');
    if (order.product === 'request') return err(409, 'conflict');
    if (keyIndex >= order.quantity) return err(400, 'validation');
    return undefined;
  }

  expectReport(order: ModelOrder, keyIndex: number): Expected {
    const refused = this.expectKeyOf(order, keyIndex);
    if (refused) return refused;
    return order.reported.has(keyIndex) ? err(409, 'conflict') : ok(200);
  }

  expectReplace(order: ModelOrder, keyIndex: number): Expected {
    const refused = this.expectKeyOf(order, keyIndex);
    if (refused) return refused;
    if (order.handled.has(keyIndex)) return err(409, 'conflict');
    return this.stock[order.product] < 1 ? err(409, 'out_of_stock') : ok(200);
  }

  applyReplace(order: ModelOrder, keyIndex: number) {
    order.handled.add(keyIndex);
    this.stock[order.product] -= 1;
  }

  /** Each seller's margin on one unit, nearest the buyer first, as `payMargins` walks them. */
  private unitMargins(order: ModelOrder): [UserSlot, bigint][] {
    const margins: [UserSlot, bigint][] = [];
    let child = order.buyer;
    while (child !== 'manager') {
      const seller = INVITER[child]!;
      const cost = COST[order.product];
      const margin = cost[child] - cost[seller];
      if (margin > 0n) margins.push([seller, margin]);
      child = seller;
    }
    return margins;
  }

  expectRefund(order: ModelOrder, keyIndex: number): Expected {
    const refused = this.expectKeyOf(order, keyIndex);
    if (refused) return refused;
    if (order.handled.has(keyIndex)) return err(409, 'conflict');
    const short = this.unitMargins(order).some(
      ([seller, margin]) => this.profit[seller] + this.balance[seller] < margin,
    );
    return short ? err(409, 'conflict') : ok(200);
  }

  applyRefund(order: ModelOrder, keyIndex: number) {
    order.handled.add(keyIndex);
    this.balance[order.buyer] += COST[order.product][order.buyer];
    for (const [seller, margin] of this.unitMargins(order)) {
      const fromProfit = this.profit[seller] < margin ? this.profit[seller] : margin;
      this.profit[seller] -= fromProfit;
      this.balance[seller] -= margin - fromProfit;
    }
  }

  expectWithdraw(op: Extract<Operation, { kind: 'withdraw' }>): Expected {
    return this.balance[op.user] >= BigInt(op.cents) ? ok(200) : err(409, 'insufficient_balance');
  }

  expectTransfer(op: Extract<Operation, { kind: 'transfer' }>): Expected {
    if (INVITER[op.to] !== op.from) return err(404, 'not_found');
    return this.balance[op.from] >= BigInt(op.cents) ? ok(200) : err(409, 'insufficient_balance');
  }

  expectConvert(op: Extract<Operation, { kind: 'convert' }>): Expected {
    // Only the user's own pending orders block (DESIGN §5), not its downline's.
    if (this.orders.some((o) => o.status === 'pending' && o.buyer === op.user)) {
      return err(409, 'pending_orders');
    }
    const profit = this.profit[op.user];
    if (profit < this.minProfitCents || profit === 0n) return err(409, 'below_threshold');
    if (op.cents !== null && BigInt(op.cents) < this.minProfitCents) {
      return err(409, 'below_threshold');
    }
    if (op.cents !== null && BigInt(op.cents) > profit) return err(400, 'validation');
    return ok(200);
  }

  applyConvert(op: Extract<Operation, { kind: 'convert' }>) {
    const amount = op.cents === null ? this.profit[op.user] : BigInt(op.cents);
    this.profit[op.user] -= amount;
    this.balance[op.user] += amount;
    return amount;
  }
}
