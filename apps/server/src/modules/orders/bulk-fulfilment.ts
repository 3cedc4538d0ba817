import { eq, inArray } from 'drizzle-orm';
import {
  BULK_ORDERS_MAX,
  type BulkOutcome,
  type BulkPreview,
  type BulkPreviewRow,
  type BulkRefusal,
  type BulkResult,
} from '@keymarket/contracts/bulk-fulfilment';
import type { Database } from '../../db/client';
import { orders, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../access/auth-context';
import { isAdmin } from '../access/policy';
import { parseBulkCsv, type CsvOrder } from './bulk-csv';
import type { OrdersService } from './orders.service';

/** What a bulk answer needs to know of an order before answering it. */
type OrderFacts = Awaited<ReturnType<typeof ordersFacts>> extends Map<string, infer F> ? F : never;

/**
 * Completing many request orders from a CSV and rejecting many with one reason. Each order is
 * answered by `OrdersService.respond`, the single answer, in its own transaction: the money, the
 * keys in the vault, the event, the notification and the audit row are the single answer's, and
 * one order refused leaves the others answered. The checks here only tell beforehand, order by
 * order, what `respond` would refuse; it checks again under its own condition, so two bulk
 * answers at once complete an order once.
 */
export class BulkFulfilment {
  constructor(
    private readonly db: Database,
    private readonly orders: OrdersService,
  ) {}

  async preview(caller: AuthContext, csv: string): Promise<BulkPreview> {
    assertAdmin(caller);
    const { rows, unparsable } = await this.plan(csv);
    return {
      orders: rows.map(({ row }) => row),
      unparsable,
      completable: rows.filter(({ row }) => row.refusal === null).length,
    };
  }

  async complete(caller: AuthContext, csv: string): Promise<BulkResult> {
    assertAdmin(caller);
    const { rows, unparsable } = await this.plan(csv);
    const outcomes: BulkOutcome[] = [];
    // One after the other: each is an administrator's answer of its own, short, and a bulk of
    // them side by side would only queue on the same buyers' and sellers' rows.
    for (const { row, keys } of rows) {
      if (row.refusal !== null) {
        outcomes.push(refused(row.orderId, row.refusal, row.message));
        continue;
      }
      outcomes.push(
        await this.answer(row.orderId, 'completed', () =>
          this.orders.respond(caller, row.orderId, { status: 'completed', keys: keys.join('\n') }),
        ),
      );
    }
    return { orders: outcomes, unparsable };
  }

  async reject(caller: AuthContext, orderIds: string[], reason: string): Promise<BulkResult> {
    assertAdmin(caller);
    const facts = await ordersFacts(this.db, orderIds);
    const outcomes: BulkOutcome[] = [];
    for (const orderId of orderIds) {
      const refusal = refusalOf(facts.get(orderId), undefined);
      if (refusal) {
        outcomes.push(refused(orderId, refusal, refusalText(refusal, facts.get(orderId))));
        continue;
      }
      outcomes.push(
        await this.answer(orderId, 'rejected', () =>
          this.orders.respond(caller, orderId, { status: 'rejected', reason }),
        ),
      );
    }
    return { orders: outcomes, unparsable: [] };
  }

  /** The CSV's orders, each with what would become of it, the first BULK_ORDERS_MAX only. */
  private async plan(csv: string) {
    const parsed = parseBulkCsv(csv);
    const facts = await ordersFacts(
      this.db,
      parsed.orders.slice(0, BULK_ORDERS_MAX).map((order) => order.orderId),
    );
    const rows = parsed.orders.map((order, index) => ({
      row: previewRow(order, facts.get(order.orderId), index >= BULK_ORDERS_MAX),
      keys: order.keys,
    }));
    return { rows, unparsable: parsed.unparsable };
  }

  /** One order answered by `respond`: what it refuses is that order's refusal, not the bulk's. */
  private async answer(
    orderId: string,
    outcome: 'completed' | 'rejected',
    respond: () => Promise<unknown>,
  ): Promise<BulkOutcome> {
    try {
      await respond();
      return { orderId, outcome, refusal: null, message: null };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // Answered by someone else since the check (another bulk, another administrator).
      const refusal: BulkRefusal = error.type === 'not_found' ? 'unknown' : 'not_pending';
      return refused(orderId, refusal, error.text);
    }
  }
}

function assertAdmin(caller: AuthContext) {
  if (!isAdmin(caller)) throw new AppError('forbidden', 'Only an administrator can do this');
}

function refused(orderId: string, refusal: BulkRefusal, message: string | null): BulkOutcome {
  return { orderId, outcome: 'refused', refusal, message };
}

function previewRow(
  order: CsvOrder,
  facts: OrderFacts | undefined,
  beyondCap: boolean,
): BulkPreviewRow {
  const refusal: BulkRefusal | null = beyondCap
    ? 'beyond_cap'
    : refusalOf(facts, order.keys.length);
  return {
    orderId: order.orderId,
    lines: order.lines,
    productName: facts?.productName ?? null,
    buyer: facts?.buyer ?? null,
    quantity: facts?.quantity ?? null,
    status: facts?.status ?? null,
    keysGiven: order.keys.length,
    refusal,
    message: refusal ? refusalText(refusal, facts, order.keys.length) : null,
  };
}

/**
 * What `respond` would refuse of this order, checked beforehand (`keysGiven` for a completion,
 * undefined for a rejection): a rejection refunds a backorder, a completion cannot fill one.
 */
function refusalOf(
  facts: OrderFacts | undefined,
  keysGiven: number | undefined,
): BulkRefusal | null {
  if (!facts) return 'unknown';
  if (facts.status !== 'pending') return 'not_pending';
  if (facts.sourcing === 'upstream') return 'docked';
  if (keysGiven === undefined) return null;
  if (facts.backordered) return 'backordered';
  if (keysGiven !== facts.quantity) return 'line_count';
  return null;
}

function refusalText(refusal: BulkRefusal, facts: OrderFacts | undefined, keysGiven = 0): string {
  switch (refusal) {
    case 'unknown':
      return 'No such order';
    case 'not_pending':
      return `This order is already ${facts?.status ?? 'answered'}`;
    case 'docked':
      return 'This order is being bought from a supplier: it completes, or is refunded, by itself';
    case 'backordered':
      return 'A backorder is delivered from the key pool: import keys for its product to fill it';
    case 'line_count': {
      const quantity = facts?.quantity ?? 0;
      return `Give exactly ${quantity} key${quantity > 1 ? 's' : ''}, one per unit (the CSV gives ${keysGiven})`;
    }
    case 'beyond_cap':
      return `A CSV completes at most ${BULK_ORDERS_MAX} orders: send the rest in another`;
  }
}

/** The orders named, by id: what `refusalOf` reads and the preview shows. */
async function ordersFacts(db: Database, orderIds: string[]) {
  const found = orderIds.length
    ? await db
        .select({
          id: orders.id,
          status: orders.status,
          sourcing: orders.sourcing,
          backordered: orders.backordered,
          quantity: orders.quantity,
          productName: orders.productName,
          buyer: { id: users.id, username: users.username },
        })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.buyerId))
        .where(inArray(orders.id, orderIds))
    : [];
  return new Map(found.map((row) => [row.id, row]));
}
