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
export type ProductSlot = 'instant' | 'request';

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
];

/** cost(buyer) per product under those prices (DESIGN.md §4). */
export const COST: Record<ProductSlot, Record<UserSlot, bigint>> = {
  instant: { manager: 800n, r1: 1800n, r2: 1800n, r3: 2200n },
  // r1 sets no price for the request product: r3 pays resellerPrice 10.00 raised to r1's own
  // cost 13.00, so r1 earns nothing on it (a zero margin writes no profit row).
  request: { manager: 800n, r1: 1300n, r2: 1300n, r3: 1300n },
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
  | { kind: 'threshold'; cents: number };

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
      product: fc.constantFrom<ProductSlot>('instant', 'request'),
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
  stock: Record<ProductSlot, number> = { instant: INITIAL_KEYS, request: INITIAL_REQUEST_STOCK };
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
    if (this.stock[op.product] < op.quantity) return err(409, 'out_of_stock');
    if (this.balance[op.user] < COST[op.product][op.user] * BigInt(op.quantity)) {
      return err(409, 'insufficient_balance');
    }
    return ok(201);
  }

  applyBuy(op: Extract<Operation, { kind: 'buy' }>, orderId: string) {
    const totalCents = COST[op.product][op.user] * BigInt(op.quantity);
    this.balance[op.user] -= totalCents;
    this.stock[op.product] -= op.quantity;
    const order: ModelOrder = {
      id: orderId,
      buyer: op.user,
      product: op.product,
      quantity: op.quantity,
      totalCents,
      status: op.product === 'instant' ? 'completed' : 'pending',
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
    this.stock[order.product] += order.quantity;
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
