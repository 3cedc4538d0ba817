import { fromCents, toCents } from '@keymarket/contracts/money';
import {
  callUpstream,
  envelopeOf,
  type UpstreamAnswer,
  type UpstreamUrlRules,
} from '../upstream-http';
import {
  UpstreamUnavailable,
  type FinalRefusal,
  type PurchaseAnswer,
  type PurchaseRequest,
  type ReportAnswer,
  type UpstreamAdapter,
  type UpstreamOrder,
  type UpstreamProduct,
} from './upstream-adapter';

/** A read of the catalogue or the balance: longer than a purchase made inside a request. */
const READ_TIMEOUT_MS = 15_000;

const FINAL_REFUSALS: Record<string, FinalRefusal> = {
  out_of_stock: 'out_of_stock',
  insufficient_balance: 'insufficient_balance',
  price_changed: 'price_changed',
  not_found: 'not_found',
  forbidden: 'forbidden',
  banned: 'forbidden',
  inactive: 'forbidden',
  validation: 'validation',
};

interface V1Product {
  id: string;
  name: string;
  deliveryType: 'instant' | 'request';
  price: number;
  stockQuantity: number;
}

interface V1Order {
  id: string;
  quantity: number;
  status: 'pending' | 'completed' | 'rejected';
  unitPrice: number;
  totalAmount: number;
  responseKeys?: string[];
  rejectionReason: string | null;
  keyStates?: UpstreamOrder['keyStates'];
}

/**
 * Another Keymarket, through its /api/v1 (DESIGN.md §9) with the API key it gave this platform:
 * its products at this platform's price there, its balance, and orders placed with an
 * Idempotency-Key (the local order's id) and `maxUnitPrice`.
 */
export class KeymarketV1Adapter implements UpstreamAdapter {
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
    private readonly rules: UpstreamUrlRules,
  ) {}

  private async call(
    method: 'GET' | 'POST',
    path: string,
    options: { body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
  ): Promise<UpstreamAnswer> {
    const url = new URL(
      `api/v1${path}`,
      this.baseUrl.endsWith('/') ? this.baseUrl : `${this.baseUrl}/`,
    );
    let answer: UpstreamAnswer;
    try {
      answer = await callUpstream(
        url,
        { method, apiKey: this.apiKey, body: options.body, headers: options.headers },
        { ...this.rules, timeoutMs: options.timeoutMs ?? READ_TIMEOUT_MS },
      );
    } catch (error) {
      throw new UpstreamUnavailable(error instanceof Error ? error.message : String(error));
    }
    // A rate limit, a key still busy with the same purchase, a server error or a proxy's page:
    // trying again later may succeed.
    if (answer.status >= 500 || answer.status === 429 || answer.status === 0) {
      throw new UpstreamUnavailable(describe(answer));
    }
    if (answer.status === 401) throw new UpstreamUnavailable(describe(answer));
    return answer;
  }

  async balance(): Promise<bigint> {
    const answer = await this.call('GET', '/balance');
    const body = answer.body as { balance?: unknown } | undefined;
    if (answer.status !== 200 || typeof body?.balance !== 'number') {
      throw new UpstreamUnavailable(describe(answer));
    }
    return toCents(body.balance);
  }

  async catalogue(query: { page: number; limit: number; search?: string | undefined }) {
    const params = new URLSearchParams({ page: String(query.page), limit: String(query.limit) });
    if (query.search) params.set('search', query.search);
    const answer = await this.call('GET', `/products?${params.toString()}`);
    const body = answer.body as { data?: V1Product[]; pagination?: { total?: number } } | undefined;
    if (answer.status !== 200 || !Array.isArray(body?.data)) {
      throw new UpstreamUnavailable(describe(answer));
    }
    return { items: body.data.map(productOf), total: body.pagination?.total ?? body.data.length };
  }

  async product(id: string): Promise<UpstreamProduct | undefined> {
    const answer = await this.call('GET', `/products/${encodeURIComponent(id)}`);
    if (answer.status === 404) return undefined;
    if (answer.status !== 200) throw new UpstreamUnavailable(describe(answer));
    return productOf(answer.body as V1Product);
  }

  async order(id: string): Promise<UpstreamOrder | undefined> {
    const answer = await this.call('GET', `/orders/${encodeURIComponent(id)}`);
    if (answer.status === 404) return undefined;
    if (answer.status !== 200) throw new UpstreamUnavailable(describe(answer));
    return orderOf(answer.body as V1Order);
  }

  async orders(page: number) {
    const answer = await this.call('GET', `/orders?page=${page}&limit=100`);
    const body = answer.body as { data?: V1Order[]; pagination?: { total?: number } } | undefined;
    if (answer.status !== 200 || !Array.isArray(body?.data)) {
      throw new UpstreamUnavailable(describe(answer));
    }
    return { items: body.data.map(orderOf), total: body.pagination?.total ?? body.data.length };
  }

  async purchase(request: PurchaseRequest, timeoutMs: number): Promise<PurchaseAnswer> {
    const answer = await this.call('POST', '/orders', {
      body: {
        productId: request.productId,
        quantity: request.quantity,
        maxUnitPrice: fromCents(request.maxUnitPriceCents),
      },
      headers: { 'idempotency-key': request.idempotencyKey },
      timeoutMs,
    });
    if (answer.status === 200 || answer.status === 201) {
      return { placed: orderOf(answer.body as V1Order) };
    }
    const envelope = envelopeOf(answer.body);
    const refusal = envelope ? FINAL_REFUSALS[envelope.type] : undefined;
    if (refusal) return { refused: refusal, text: envelope?.text ?? refusal };
    // A 409 `conflict`: the same key still being processed there; anything else unknown.
    throw new UpstreamUnavailable(describe(answer));
  }

  async report(
    orderId: string,
    report: { keyIndex: number; reason: string },
    timeoutMs: number,
  ): Promise<ReportAnswer> {
    const answer = await this.call('POST', `/orders/${encodeURIComponent(orderId)}/report`, {
      body: report,
      timeoutMs,
    });
    if (answer.status === 200) return { taken: true };
    // Refused: taken all the same when the supplier holds a report or an answer for that key
    // already (an earlier attempt whose answer was lost); otherwise its reason.
    const order = await this.order(orderId);
    const state = order?.keyStates[report.keyIndex];
    if (state && state !== 'delivered') return { taken: true };
    return { taken: false, text: describe(answer) };
  }
}

function productOf(p: V1Product): UpstreamProduct {
  return {
    id: p.id,
    name: p.name,
    deliveryType: p.deliveryType,
    priceCents: toCents(p.price),
    stockQuantity: p.stockQuantity,
  };
}

function orderOf(o: V1Order): UpstreamOrder {
  return {
    id: o.id,
    quantity: o.quantity,
    status: o.status,
    keys: o.responseKeys ?? [],
    unitPriceCents: toCents(o.unitPrice),
    totalCents: toCents(o.totalAmount),
    rejectionReason: o.rejectionReason,
    keyStates: o.keyStates ?? [],
  };
}

/** What went wrong, for `lastError`: the upstream's own message when it sent one. */
function describe(answer: UpstreamAnswer): string {
  const envelope = envelopeOf(answer.body);
  return envelope
    ? `The upstream answered ${answer.status} ${envelope.type}: ${envelope.text}`
    : `The upstream answered ${answer.status}`;
}
