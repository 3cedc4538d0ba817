import { performance } from 'node:perf_hooks';
import type { CatalogueFactory } from './catalogue-factory';
import type { Factory, SignedInUser } from './factory';
import { freshKeys, reportKey } from './after-sale';
import { deposit, placedOrder } from './money';
import type { ServerProcess } from './server-process';

/**
 * Every way money moves (DESIGN.md §5 and §11), each as a batch of HTTP requests to a real server
 * process, for tests that run them against each other. What a movement needs to exist first
 * (orders to refund, backorders to fill, profit to convert) is made beforehand through the
 * in-process app, so that only the movement itself races.
 */

/** One request's outcome: which movement, the HTTP status, the answer and how long it took. */
export interface MovementAnswer {
  movement: string;
  status: number;
  body: unknown;
  ms: number;
}

/** One request of a movement, sent to whichever process it is given. */
export type MovementRequest = (server: ServerProcess) => Promise<MovementAnswer>;

/**
 * A manager, a reseller it invited, and products, fresh for one pair: a platform product the
 * manager buys, and three the manager prices for its invitee (instant, request, backorder), so
 * that every sale pays the manager a margin. Every movement touches the same two user rows.
 */
export interface MovementScene {
  admin: SignedInUser;
  manager: SignedInUser;
  invitee: SignedInUser;
  platformProductId: string;
  chainProductId: string;
  requestProductId: string;
  backorderProductId: string;
}

export interface MoneyMovement {
  name: string;
  /** `count` requests of this movement on `scene`, with what they need made first. */
  prepare(scene: MovementScene, count: number): Promise<MovementRequest[]>;
}

/** The manager's price to its invitee, in cents: a $4 margin over the platform's $8 to it. */
const SELLER_PRICE_CENTS = 1200n;

export async function newMovementScene(
  factory: Factory,
  catalogue: CatalogueFactory,
  admin: SignedInUser,
): Promise<MovementScene> {
  // At once where nothing depends on the other: a scene is made for every pair. Enough keys and
  // money for two rounds of six requests a side, whichever two movements meet.
  const managerRow = await factory.user({ role: 'manager', invitedBy: admin.user });
  const inviteeRow = await factory.user({ role: 'reseller', invitedBy: managerRow });
  const [manager, invitee] = await Promise.all([
    factory.signIn(managerRow),
    factory.signIn(inviteeRow),
  ]);
  const [platformProduct, chainProduct, requestProduct, backorderProduct] = await Promise.all([
    catalogue.product({ keys: 30 }),
    catalogue.product({ keys: 60 }),
    catalogue.product({ deliveryType: 'request', stock: 100 }),
    catalogue.product({ allowBackorder: true }),
    deposit(admin, managerRow.id, 300),
    deposit(admin, inviteeRow.id, 1000),
  ]);
  await Promise.all(
    [chainProduct, requestProduct, backorderProduct].map((product) =>
      catalogue.sellerPrice(managerRow.id, product.id, SELLER_PRICE_CENTS),
    ),
  );
  return {
    admin,
    manager,
    invitee,
    platformProductId: platformProduct.id,
    chainProductId: chainProduct.id,
    requestProductId: requestProduct.id,
    backorderProductId: backorderProduct.id,
  };
}

/** A request as `actor` (its cookies from the in-process sign-in) to one server process. */
export async function requestAs(
  movement: string,
  actor: SignedInUser,
  server: ServerProcess,
  method: string,
  url: string,
  body: unknown,
): Promise<MovementAnswer> {
  const started = performance.now();
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: { 'content-type': 'application/json', cookie: actor.cookies },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return {
    movement,
    status: response.status,
    body: text ? (JSON.parse(text) as unknown) : {},
    ms: performance.now() - started,
  };
}

const times = <T>(count: number, make: (index: number) => T): T[] =>
  Array.from({ length: count }, (_, index) => make(index));

/** `count` orders of the invitee for one unit of `productId`, placed at once. */
function inviteeOrders(scene: MovementScene, productId: string, count: number) {
  return Promise.all(times(count, () => placedOrder(scene.invitee, productId)));
}

/** `count` chain orders whose key the invitee has reported faulty, for an admin to answer. */
async function reportedOrders(scene: MovementScene, count: number) {
  const orders = await inviteeOrders(scene, scene.chainProductId, count);
  await Promise.all(
    orders.map(async (order) => {
      const report = await reportKey(scene.invitee, order.id, {
        keyIndex: 0,
        reason: 'The key does not activate',
      });
      if (report.statusCode !== 200) throw new Error(`report failed: ${report.body}`);
    }),
  );
  return orders;
}

export const MONEY_MOVEMENTS: readonly MoneyMovement[] = [
  {
    name: 'order',
    prepare: async (scene, count) =>
      times(
        count,
        () => (server) =>
          requestAs('order', scene.manager, server, 'POST', '/api/orders', {
            productId: scene.platformProductId,
            quantity: 1,
          }),
      ),
  },
  {
    name: 'chain order',
    prepare: async (scene, count) =>
      times(
        count,
        () => (server) =>
          requestAs('chain order', scene.invitee, server, 'POST', '/api/orders', {
            productId: scene.chainProductId,
            quantity: 1,
          }),
      ),
  },
  {
    name: 'transfer',
    prepare: async (scene, count) =>
      times(
        count,
        () => (server) =>
          requestAs(
            'transfer',
            scene.manager,
            server,
            'POST',
            `/api/balance/${scene.invitee.user.id}/add`,
            { amount: 0.5 },
          ),
      ),
  },
  {
    name: 'deposit',
    prepare: async (scene, count) =>
      times(
        count,
        (i) => (server) =>
          requestAs(
            'deposit',
            scene.admin,
            server,
            'POST',
            `/api/balance/${(i % 2 ? scene.manager : scene.invitee).user.id}/add`,
            { amount: 5 },
          ),
      ),
  },
  {
    name: 'withdrawal',
    prepare: async (scene, count) =>
      times(
        count,
        (i) => (server) =>
          requestAs(
            'withdrawal',
            scene.admin,
            server,
            'POST',
            `/api/balance/${(i % 2 ? scene.manager : scene.invitee).user.id}/remove`,
            { amount: 1 },
          ),
      ),
  },
  {
    name: 'profit conversion',
    prepare: async (scene, count) => {
      // $4 of margin an order: enough for `count` conversions of $1 whatever else takes profit.
      await inviteeOrders(scene, scene.chainProductId, Math.ceil(count / 2));
      return times(
        count,
        () => (server) =>
          requestAs('profit conversion', scene.manager, server, 'POST', '/api/thresholds/convert', {
            amount: 1,
          }),
      );
    },
  },
  {
    name: 'respond',
    prepare: async (scene, count) => {
      const pending = await inviteeOrders(scene, scene.requestProductId, count);
      // Rejections refund the buyer; completions pay the manager its margin.
      return pending.map(
        (order, i) => (server) =>
          requestAs(
            'respond',
            scene.admin,
            server,
            'PATCH',
            `/api/orders/${order.id}/respond`,
            i % 2
              ? { status: 'completed', keys: `ACCOUNT-${i}` }
              : { status: 'rejected', reason: 'Not available' },
          ),
      );
    },
  },
  {
    name: 'unit refund',
    prepare: async (scene, count) =>
      (await reportedOrders(scene, count)).map(
        (order) => (server) =>
          requestAs('unit refund', scene.admin, server, 'POST', `/api/orders/${order.id}/refund`, {
            keyIndex: 0,
          }),
      ),
  },
  {
    name: 'replacement',
    prepare: async (scene, count) =>
      (await reportedOrders(scene, count)).map(
        (order) => (server) =>
          requestAs('replacement', scene.admin, server, 'POST', `/api/orders/${order.id}/replace`, {
            keyIndex: 0,
          }),
      ),
  },
  {
    name: 'backorder fill',
    prepare: async (scene, count) => {
      const waiting = await inviteeOrders(scene, scene.backorderProductId, count);
      if (waiting.some((order) => order.status !== 'pending')) throw new Error('not backordered');
      // One key an import: each fills the oldest waiting order, paying the manager its margin.
      return times(
        count,
        () => (server) =>
          requestAs(
            'backorder fill',
            scene.admin,
            server,
            'POST',
            `/api/products/${scene.backorderProductId}/keys`,
            { keys: freshKeys(1, 'FILL').join('\n') },
          ),
      );
    },
  },
];
