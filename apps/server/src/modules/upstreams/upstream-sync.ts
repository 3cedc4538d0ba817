import { markedUpCents } from '@keymarket/contracts/upstreams';
import type { Database } from '../../db/client';
import type { KeyVault } from '../../lib/key-vault';
import { writeAudit } from '../ledger/ledger.repository';
import { updateProduct } from '../products/products.repository';
import { setDockedStock } from '../stock/stock';
import type { UpstreamProduct } from './adapters/upstream-adapter';
import { adapterFor } from './upstream-adapters';
import type { UpstreamUrlRules } from './upstream-http';
import type { UpstreamPurchases } from './upstream-purchases';
import { ensureSubscribed } from './upstream-subscription';
import {
  claimDueSyncs,
  dockedOf,
  lockDocked,
  pendingPurchasesAt,
  productPurchasesDueNow,
  recordUpstreamHealth,
  setPaused,
  type UpstreamRow,
} from './upstreams.repository';

/** A catalogue is read 100 products a page, at most this many pages a sync. */
const MAX_PAGES = 500;

export const PAUSED_REMOVED = 'No longer available from the supplier';
export const PAUSED_BELOW_COST = "The supplier's price rose above the price set here";

type DockedRow = Awaited<ReturnType<typeof dockedOf>>[number];

/** What a sync does to one docked product, given what the upstream says of it now. */
export type SyncDecision =
  { pause: string } | { cost: bigint; prices?: bigint; stock: number; unpause: boolean };

/**
 * The rule (DESIGN.md §14): a product whose prices follow its markup moves with its cost; a
 * hand-set price stays, unless the cost rose above it, which pauses the product (hidden from
 * buyers: no stock, and `place_order` refuses it) until the price or the cost changes. A product
 * gone upstream is paused too.
 */
export function decide(row: DockedRow, now: UpstreamProduct | undefined): SyncDecision {
  if (!now) return { pause: PAUSED_REMOVED };
  const { product, docked } = row;
  const rulePrice = markedUpCents(
    product.initialPriceCents,
    docked.markupBasisPoints,
    docked.markupFixedCents,
  );
  const followsRule =
    product.managerPriceCents === rulePrice && product.resellerPriceCents === rulePrice;
  if (followsRule) {
    const prices = markedUpCents(now.priceCents, docked.markupBasisPoints, docked.markupFixedCents);
    return { cost: now.priceCents, prices, stock: now.stockQuantity, unpause: true };
  }
  const lowest =
    product.managerPriceCents < product.resellerPriceCents
      ? product.managerPriceCents
      : product.resellerPriceCents;
  if (lowest < now.priceCents) return { pause: PAUSED_BELOW_COST };
  return { cost: now.priceCents, stock: now.stockQuantity, unpause: true };
}

/**
 * Keeps docked products in line with their upstream (DESIGN.md §14): every
 * `UPSTREAM_SYNC_INTERVAL_MS` each instance claims the upstreams due (`claimDueSyncs`), reads
 * their whole catalogue at our price there, and applies `decide` to each docked product; then
 * reads our balance there.
 */
export class UpstreamSync {
  constructor(
    private readonly db: Database,
    private readonly vault: KeyVault,
    private readonly rules: UpstreamUrlRules,
    private readonly purchases: UpstreamPurchases,
    /** This platform's address, for the subscription to the upstream's events. */
    private readonly publicUrl: string,
  ) {}

  /** Syncs the due upstreams (or `onlyId` now); answers how many were synced. */
  async syncDue(intervalMs: number, onlyId?: string): Promise<number> {
    const due = await claimDueSyncs(this.db, intervalMs, onlyId);
    for (const upstream of due) await this.syncOne(upstream);
    return due.length;
  }

  /**
   * One docked product read again from its upstream and brought in line (a `product.changed`
   * event); answers false when nothing here is docked from it.
   */
  async syncProduct(upstream: UpstreamRow, upstreamProductId: string): Promise<boolean> {
    const [row] = await dockedOf(this.db, upstream.id, upstreamProductId);
    if (!row) return false;
    const now = await adapterFor(upstream, this.vault, this.rules).product(upstreamProductId);
    await this.apply(row, now);
    return true;
  }

  private async syncOne(upstream: UpstreamRow) {
    const docked = await dockedOf(this.db, upstream.id);
    let catalogue: Map<string, UpstreamProduct>;
    try {
      catalogue = await this.readCatalogue(upstream);
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      await recordUpstreamHealth(this.db, upstream.id, { ok: false, error: text });
      return;
    }
    for (const row of docked) await this.apply(row, catalogue.get(row.docked.upstreamProductId));
    // The poll behind the events: purchases still open there are read again.
    for (const orderId of await pendingPurchasesAt(this.db, upstream.id)) {
      await this.purchases.refresh(orderId).catch(() => undefined);
    }
    await ensureSubscribed(this.db, this.vault, this.rules, upstream, this.publicUrl);
    await this.purchases.refreshBalance(upstream);
  }

  private async readCatalogue(upstream: UpstreamRow) {
    const adapter = adapterFor(upstream, this.vault, this.rules);
    const all = new Map<string, UpstreamProduct>();
    for (let page = 1; page <= MAX_PAGES; page++) {
      const { items, total } = await adapter.catalogue({ page, limit: 100 });
      for (const item of items) all.set(item.id, item);
      if (items.length < 100 || all.size >= total) break;
    }
    return all;
  }

  /**
   * Brings one docked product in line with what the upstream says of it now (`undefined`: gone
   * there). A product already in line as `read` (the same cost, stock and pause) is left alone
   * without a transaction, so a sync that finds nothing changed writes and locks nothing; any
   * other is decided again on its row as it is now, locked, so a sync and an event that both saw
   * a change apply it (and audit it) once.
   */
  private async apply(read: DockedRow, now: UpstreamProduct | undefined) {
    if (inLine(read, decide(read, now))) return;
    const productId = read.product.id;
    await this.db.transaction(async (tx) => {
      const row = await lockDocked(tx, productId);
      if (!row) return;
      const decision = decide(row, now);
      if (inLine(row, decision)) return;
      if ('pause' in decision) {
        if (row.docked.pauseReason !== decision.pause) {
          await setPaused(tx, productId, decision.pause);
          await audit(tx, productId, 'product.paused', { reason: decision.pause });
        }
        if (row.product.stock !== 0) await setDockedStock(tx, productId, 0);
        return;
      }
      const costChanged = decision.cost !== row.product.initialPriceCents;
      if (costChanged) {
        await updateProduct(tx, productId, {
          initialPriceCents: decision.cost,
          ...(decision.prices === undefined
            ? {}
            : { managerPriceCents: decision.prices, resellerPriceCents: decision.prices }),
        });
        await audit(tx, productId, 'product.cost_synced', {
          costCents: decision.cost,
          priceCents: decision.prices ?? null,
        });
      }
      if (decision.unpause && row.docked.pausedAt) {
        await setPaused(tx, productId, null);
        await audit(tx, productId, 'product.unpaused', {});
      }
      const stock = Math.max(0, decision.stock);
      if (stock === row.product.stock) return;
      await setDockedStock(tx, productId, stock);
      // Back in stock there: the orders waiting for the supplier are bought again now, not at
      // their next try.
      if (stock > row.product.stock) await productPurchasesDueNow(tx, productId);
    });
  }
}

/** Whether `decision` changes nothing of `row`. */
function inLine(row: DockedRow, decision: SyncDecision): boolean {
  if ('pause' in decision) {
    return row.docked.pauseReason === decision.pause && row.product.stock === 0;
  }
  return (
    decision.cost === row.product.initialPriceCents &&
    row.docked.pausedAt === null &&
    Math.max(0, decision.stock) === row.product.stock
  );
}

const audit = (
  tx: Parameters<typeof writeAudit>[0],
  productId: string,
  action: string,
  after: unknown,
) => writeAudit(tx, { actorId: null, action, targetType: 'product', targetId: productId, after });

/**
 * Runs `sync.syncDue` every `intervalMs`, never two at once; a failure is logged and the next run
 * tries again. The answer stops it, waiting for a run under way.
 */
export function startUpstreamSync(
  sync: UpstreamSync,
  log: { warn(object: object, message: string): void },
  intervalMs: number,
): () => Promise<void> {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= sync
      .syncDue(intervalMs)
      .then(() => undefined)
      .catch((error: unknown) => {
        log.warn(
          { error: error instanceof Error ? error.message : String(error) },
          'upstream sync failed; will retry',
        );
      })
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
