import { fromCents, toCents } from '@keymarket/contracts/money';
import { pageOf } from '@keymarket/contracts/pagination';
import {
  basisPointsOf,
  markedUpCents,
  type CreateUpstreamInput,
  type DockProductsInput,
  type Upstream,
  type UpstreamTest,
  type UpdateDockedProductInput,
  type UpdateUpstreamInput,
} from '@keymarket/contracts/upstreams';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { KeyVault } from '../../lib/key-vault';
import type { AuthContext } from '../access/auth-context';
import { assertMayManageUpstreams } from '../access/policy';
import { writeAudit } from '../ledger/ledger.repository';
import { assertCategoryPair } from '../products/product-rules';
import { insertProduct } from '../products/products.repository';
import { setDockedStock } from '../stock/stock';
import { checkWebhookUrl, UnsafeUrlError } from '../webhooks/url-safety';
import { UpstreamUnavailable, type UpstreamProduct } from './adapters/upstream-adapter';
import { adapterFor } from './upstream-adapters';
import type { UpstreamUrlRules } from './upstream-http';
import type { UpstreamPurchases } from './upstream-purchases';
import { ensureSubscribed, unsubscribe } from './upstream-subscription';
import { UpstreamSync } from './upstream-sync';
import {
  deleteUnusedUpstream,
  dockedFrom,
  findPurchase,
  findUpstream,
  insertDocked,
  insertUpstream,
  listPurchases,
  listUpstreams,
  setOnUpstreamFailure,
  updateUpstream,
  type UpstreamRow,
} from './upstreams.repository';

const upstreamNotFound = () => new AppError('not_found', 'Supplier not found');

/**
 * Upstreams (DESIGN.md §14), for administrators: add, change, test and remove them, browse their
 * catalogue and dock their products. The API key is sealed by the key vault when it arrives and
 * unsealed only for a call to its upstream: no answer, log line or audit row ever carries it.
 */
export class UpstreamsService {
  constructor(
    private readonly db: Database,
    private readonly vault: KeyVault,
    private readonly rules: UpstreamUrlRules,
    private readonly purchases: UpstreamPurchases,
    /** This platform's address, where its upstreams send their events. */
    private readonly publicUrl: string,
  ) {}

  async list(caller: AuthContext) {
    assertMayManageUpstreams(caller);
    const rows = await listUpstreams(this.db);
    return { data: rows.map((r) => upstreamView(r.upstream, r.docked)) };
  }

  async get(caller: AuthContext, id: string): Promise<Upstream> {
    assertMayManageUpstreams(caller);
    const found = await findUpstream(this.db, id);
    if (!found) throw upstreamNotFound();
    return upstreamView(found.upstream, found.docked);
  }

  async create(caller: AuthContext, input: CreateUpstreamInput): Promise<Upstream> {
    assertMayManageUpstreams(caller);
    const baseUrl = await this.checkedBaseUrl(input.baseUrl);
    const row = await this.db.transaction(async (tx) => {
      const created = await insertUpstream(tx, {
        name: input.name,
        baseUrl,
        apiKeyCiphertext: this.vault.encrypt(input.apiKey),
        lowBalanceAlertCents:
          input.lowBalanceAlert === undefined || input.lowBalanceAlert === null
            ? null
            : toCents(input.lowBalanceAlert),
      });
      await this.audit(tx, caller, 'upstream.created', created.id, { name: input.name, baseUrl });
      return created;
    });
    // Its first balance and health, so the list shows at once whether the key works; and the
    // subscription to its events (each sync tries again until it is made).
    await this.purchases.refreshBalance(row);
    await ensureSubscribed(this.db, this.vault, this.rules, row, this.publicUrl);
    return this.get(caller, row.id);
  }

  async update(caller: AuthContext, id: string, input: UpdateUpstreamInput): Promise<Upstream> {
    assertMayManageUpstreams(caller);
    const baseUrl =
      input.baseUrl === undefined ? undefined : await this.checkedBaseUrl(input.baseUrl);
    await this.db.transaction(async (tx) => {
      const row = await updateUpstream(tx, id, {
        name: input.name,
        baseUrl,
        apiKeyCiphertext: input.apiKey === undefined ? undefined : this.vault.encrypt(input.apiKey),
        lowBalanceAlertCents:
          input.lowBalanceAlert === undefined
            ? undefined
            : input.lowBalanceAlert === null
              ? null
              : toCents(input.lowBalanceAlert),
      });
      if (!row) throw upstreamNotFound();
      await this.audit(tx, caller, 'upstream.updated', id, {
        name: input.name,
        baseUrl,
        apiKeyChanged: input.apiKey !== undefined,
        lowBalanceAlert: input.lowBalanceAlert,
      });
    });
    return this.get(caller, id);
  }

  /** Refused while products are docked from it or orders were bought there (their record). */
  async remove(caller: AuthContext, id: string): Promise<void> {
    assertMayManageUpstreams(caller);
    const removed = await this.db.transaction(async (tx) => {
      const found = await findUpstream(tx, id);
      if (!found) throw upstreamNotFound();
      if (!(await deleteUnusedUpstream(tx, id))) {
        throw new AppError(
          'conflict',
          'This supplier has docked products or orders bought there: it cannot be removed',
        );
      }
      await this.audit(tx, caller, 'upstream.deleted', id, undefined);
      return found.upstream;
    });
    await unsubscribe(this.vault, this.rules, removed);
  }

  /** Reads the upstream's /v1/balance with the sealed key. */
  async test(caller: AuthContext, id: string): Promise<UpstreamTest> {
    assertMayManageUpstreams(caller);
    const upstream = await this.upstreamRow(id);
    const balanceCents = await this.purchases.refreshBalance(upstream);
    const after = await findUpstream(this.db, id);
    return balanceCents === undefined
      ? { ok: false, balance: null, error: after?.upstream.lastError ?? 'No answer' }
      : { ok: true, balance: fromCents(balanceCents), error: null };
  }

  /** A page of the upstream's products at this platform's price there, and what is docked. */
  async catalogue(
    caller: AuthContext,
    id: string,
    query: { page: number; limit: number; search?: string | undefined },
  ) {
    assertMayManageUpstreams(caller);
    const upstream = await this.upstreamRow(id);
    const { items, total } = await this.reachUpstream(() =>
      adapterFor(upstream, this.vault, this.rules).catalogue(query),
    );
    const docked = await dockedFrom(
      this.db,
      id,
      items.map((i) => i.id),
    );
    return pageOf(
      items.map((item) => ({
        upstreamProductId: item.id,
        name: item.name,
        deliveryType: item.deliveryType,
        price: fromCents(item.priceCents),
        stockQuantity: item.stockQuantity,
        productId: docked.get(item.id) ?? null,
      })),
      query,
      total,
    );
  }

  /**
   * Docks upstream products as local instant products: cost = the upstream's price to us,
   * manager and reseller prices = cost marked up (never below cost), stock = theirs. A product
   * already docked from this upstream is answered as it is. All or nothing.
   */
  async dock(caller: AuthContext, id: string, input: DockProductsInput) {
    assertMayManageUpstreams(caller);
    const upstream = await this.upstreamRow(id);
    const adapter = adapterFor(upstream, this.vault, this.rules);
    const wanted = [...new Set(input.upstreamProductIds)];
    const already = await dockedFrom(this.db, id, wanted);
    const fetched: UpstreamProduct[] = [];
    for (const [index, upstreamProductId] of wanted.entries()) {
      if (already.has(upstreamProductId)) continue;
      const product = await this.reachUpstream(() => adapter.product(upstreamProductId));
      if (!product) {
        const message = 'This product is not available to this platform at the supplier';
        throw new AppError('not_found', message, [
          { path: `body.upstreamProductIds.${index}`, message },
        ]);
      }
      fetched.push(product);
    }
    const basisPoints = basisPointsOf(input.markupPercent);
    const fixedCents = toCents(input.markupFixed);
    const subcategoryId = input.subcategoryId ?? null;
    const created = await this.db.transaction(async (tx) => {
      await assertCategoryPair(tx, input.categoryId, subcategoryId);
      const docked: { upstreamProductId: string; productId: string }[] = [];
      for (const product of fetched) {
        const priceCents = markedUpCents(product.priceCents, basisPoints, fixedCents);
        const row = await insertProduct(tx, {
          name: product.name,
          categoryId: input.categoryId,
          subcategoryId,
          deliveryType: 'instant',
          initialPriceCents: product.priceCents,
          managerPriceCents: priceCents,
          resellerPriceCents: priceCents,
          stock: 0,
          upstreamId: id,
        });
        await insertDocked(tx, {
          productId: row.id,
          upstreamId: id,
          upstreamProductId: product.id,
          markupBasisPoints: basisPoints,
          markupFixedCents: fixedCents,
          onUpstreamFailure: input.onUpstreamFailure ?? 'refund',
        });
        await setDockedStock(tx, row.id, product.stockQuantity);
        await writeAudit(tx, {
          actorId: caller.userId,
          action: 'product.docked',
          targetType: 'product',
          targetId: row.id,
          after: {
            upstreamId: id,
            upstreamProductId: product.id,
            costCents: product.priceCents,
            priceCents,
          },
        });
        docked.push({ upstreamProductId: product.id, productId: row.id });
      }
      return docked;
    });
    return {
      docked: wanted.flatMap((upstreamProductId) => {
        const productId =
          already.get(upstreamProductId) ??
          created.find((c) => c.upstreamProductId === upstreamProductId)?.productId;
        return productId ? [{ upstreamProductId, productId }] : [];
      }),
    };
  }

  /** Syncs the upstream's docked products now (the background sync does it periodically). */
  async syncNow(caller: AuthContext, id: string): Promise<Upstream> {
    assertMayManageUpstreams(caller);
    await this.upstreamRow(id);
    await new UpstreamSync(this.db, this.vault, this.rules, this.purchases, this.publicUrl).syncDue(
      0,
      id,
    );
    return this.get(caller, id);
  }

  /** Docked orders as bought upstream: the failing ones' reasons, the references to quote. */
  async purchaseList(
    caller: AuthContext,
    query: {
      page: number;
      limit: number;
      status?: 'pending' | 'completed' | 'rejected' | undefined;
    },
  ) {
    assertMayManageUpstreams(caller);
    const { rows, total } = await listPurchases(this.db, query);
    return pageOf(
      rows.map((r) => ({
        orderId: r.purchase.orderId,
        productName: r.productName,
        quantity: r.quantity,
        buyer: r.buyer,
        upstream: { id: r.purchase.upstreamId, name: r.upstreamName },
        upstreamOrderId: r.purchase.upstreamOrderId,
        unitCost: fromCents(r.purchase.unitCostCents),
        status: r.purchase.status,
        lastError: r.purchase.lastError,
        attempts: r.purchase.attempts,
        createdAt: r.purchase.createdAt.toISOString(),
      })),
      query,
      total,
    );
  }

  /** A docked product's choice on a refusal of its supplier: refund at once, or wait (a backorder). */
  async updateDocked(caller: AuthContext, productId: string, input: UpdateDockedProductInput) {
    assertMayManageUpstreams(caller);
    await this.db.transaction(async (tx) => {
      if (!(await setOnUpstreamFailure(tx, productId, input.onUpstreamFailure))) {
        throw new AppError('not_found', 'No product docked from a supplier has this id');
      }
      await writeAudit(tx, {
        actorId: caller.userId,
        action: 'product.upstream_failure_set',
        targetType: 'product',
        targetId: productId,
        after: { onUpstreamFailure: input.onUpstreamFailure },
      });
    });
  }

  /** An administrator's retry of a docked order's purchase that has not settled. */
  async retryPurchase(caller: AuthContext, orderId: string): Promise<void> {
    assertMayManageUpstreams(caller);
    const found = await findPurchase(this.db, orderId);
    if (!found) throw new AppError('not_found', 'No purchase from a supplier for this order');
    if (found.purchase.status !== 'pending') {
      throw new AppError('conflict', `This purchase is already ${found.purchase.status}`);
    }
    await this.purchases.retry(orderId);
  }

  private async upstreamRow(id: string): Promise<UpstreamRow> {
    const found = await findUpstream(this.db, id);
    if (!found) throw upstreamNotFound();
    return found.upstream;
  }

  /** A call to the upstream; no answer is a 503 the administrator can retry, never a 500. */
  private async reachUpstream<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof UpstreamUnavailable) {
        throw new AppError('unavailable', `The supplier could not be reached: ${error.message}`);
      }
      throw error;
    }
  }

  /** The base URL, checked by the webhook URL rules (DESIGN.md §9), without a trailing slash. */
  private async checkedBaseUrl(text: string): Promise<string> {
    const url = new URL(text);
    try {
      await checkWebhookUrl(url, this.rules);
    } catch (error) {
      if (!(error instanceof UnsafeUrlError)) throw error;
      const message = error.message.replace('webhooks are sent', 'suppliers are reached');
      throw new AppError('validation', message, [{ path: 'body.baseUrl', message }]);
    }
    return url.toString().replace(/\/+$/, '');
  }

  private audit(
    tx: Parameters<typeof writeAudit>[0],
    caller: AuthContext,
    action: string,
    targetId: string,
    after: unknown,
  ) {
    return writeAudit(tx, {
      actorId: caller.userId,
      action,
      targetType: 'upstream',
      targetId,
      after,
    });
  }
}

export function upstreamView(row: UpstreamRow, docked: number): Upstream {
  return {
    id: row.id,
    name: row.name,
    baseUrl: row.baseUrl,
    status: row.status,
    balance: row.balanceCents === null ? null : fromCents(row.balanceCents),
    lowBalanceAlert: row.lowBalanceAlertCents === null ? null : fromCents(row.lowBalanceAlertCents),
    lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
    lastError: row.lastError,
    dockedProducts: docked,
    createdAt: row.createdAt.toISOString(),
  };
}
