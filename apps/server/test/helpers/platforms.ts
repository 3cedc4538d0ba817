import { randomBytes } from 'node:crypto';
import { freshPostgresDatabase, onPostgres } from './database';
import { PNG_BYTES } from './multipart';
import { freePort, HttpSession, ServerProcess } from './server-process';
import { TEST_PASSWORD } from './test-app';

/**
 * Whole Keymarket platforms for the supply-from-upstream tests (DESIGN.md §14): each a real
 * server process with its own database (PGlite in its data directory, or a fresh PostgreSQL
 * database), set up only through its HTTP API, as an operator would.
 */
export const PROCESS_ADMIN_PASSWORD = 'Process-Admin-Passw0rd!';

/** What these tests read of an answer: loosely typed, asserted field by field. */
export type Body = Record<string, unknown> & {
  id?: string;
  status?: string;
  message?: { type: string; text: string };
  responseKeys?: string[];
  rejectionReason?: string | null;
};

export class Platform {
  private constructor(
    readonly server: ServerProcess,
    readonly admin: HttpSession,
    private readonly closeDatabase: () => Promise<void>,
    /** Its PostgreSQL database, when the tests run on PostgreSQL. */
    readonly databaseUrl: string | undefined,
  ) {}

  static async start(env: Record<string, string> = {}): Promise<Platform> {
    let url: string | undefined;
    let close = async () => {};
    if (onPostgres) {
      const fresh = await freshPostgresDatabase(process.env.DATABASE_URL!);
      url = fresh.url;
      close = () => fresh.database.close();
    }
    const port = await freePort();
    const server = new ServerProcess(port, {
      // Where its upstreams send their events (DESIGN.md §14): itself.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      OUTBOX_POLL_INTERVAL_MS: '100',
      WEBHOOK_RETRY_BASE_MS: '300',
      ...(url ? { DATABASE_URL: url, DATABASE_POOL_MAX: '8' } : {}),
      ...env,
    });
    await server.start();
    const admin = await HttpSession.signIn(server, 'admin', PROCESS_ADMIN_PASSWORD);
    return new Platform(server, admin, close, url);
  }

  async dispose() {
    await this.server.dispose();
    await this.closeDatabase();
  }

  async call(session: HttpSession, method: string, path: string, body?: unknown, headers = {}) {
    const answer = await session.request(this.server, method, path, body, headers);
    return { status: answer.status, body: answer.body as Body };
  }

  async ok(session: HttpSession, method: string, path: string, body?: unknown): Promise<Body> {
    const answer = await this.call(session, method, path, body);
    if (answer.status >= 300) {
      throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    return answer.body;
  }

  /** A multipart form, as the catalogue's routes take (they carry an image). */
  async form(
    session: HttpSession,
    path: string,
    fields: Record<string, string | number>,
    withImage = false,
  ) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
    if (withImage) form.append('image', new Blob([PNG_BYTES], { type: 'image/png' }), 'a.png');
    const response = await fetch(`${this.server.url}${path}`, {
      method: 'POST',
      headers: { cookie: session.cookieHeader },
      body: form,
    });
    const body = (await response.json()) as Body;
    if (response.status >= 300) throw new Error(`POST ${path}: ${JSON.stringify(body)}`);
    return body;
  }

  async category(): Promise<string> {
    const name = `Cat ${randomBytes(3).toString('hex')}`;
    const body = await this.form(
      this.admin,
      '/api/categories/category',
      {
        nameEn: name,
        nameFr: name,
        nameAr: name,
      },
      true,
    );
    return body.id!;
  }

  /** An instant product at `price` for resellers, with `keys` fresh keys; answers it and its keys. */
  async product(price: number, keys: number, categoryId?: string) {
    const body = await this.form(this.admin, '/api/products', {
      name: `Game ${randomBytes(3).toString('hex')}`,
      categoryId: categoryId ?? (await this.category()),
      deliveryType: 'instant',
      initialPrice: Math.min(1, price),
      managerPrice: price,
      resellerPrice: price,
    });
    const texts = Array.from({ length: keys }, () => `KEY-${randomBytes(8).toString('hex')}`);
    if (keys > 0) {
      await this.ok(this.admin, 'POST', `/api/products/${body.id}/keys`, {
        keys: texts.join('\n'),
      });
    }
    return { id: body.id!, keys: texts };
  }

  /** A reseller invited by the admin, holding `balance` USD, signed in. */
  async reseller(balance: number) {
    const invitation = await this.ok(this.admin, 'POST', '/api/invitations/generate', {
      expiryDays: 1,
      role: 'reseller',
    });
    const username = `r_${randomBytes(5).toString('hex')}`;
    const session = new HttpSession();
    const registered = await this.call(session, 'POST', '/api/auth/register', {
      username,
      firstName: 'Re',
      lastName: 'Seller',
      email: `${username}@example.com`,
      phone: `+3361${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
      inviteCode: invitation.code,
    });
    if (registered.status >= 300) throw new Error(JSON.stringify(registered.body));
    const me = await this.ok(session, 'GET', '/api/users/me');
    if (balance > 0)
      await this.ok(this.admin, 'POST', `/api/balance/${me.id}/add`, { amount: balance });
    return { id: me.id!, username, session };
  }

  async balanceOf(session: HttpSession): Promise<number> {
    const me = await this.ok(session, 'GET', '/api/users/me');
    return (me.balance as { current: number }).current;
  }

  async apiKey(session: HttpSession): Promise<string> {
    const body = await this.ok(session, 'POST', '/api/api-keys', { name: 'docking' });
    return body.key as string;
  }

  /**
   * Docks `productId` of `upstream` here with a 10 % markup, through an account there holding
   * `funds` USD, reached at `baseUrl` (a relay in front of it, or itself); answers that account
   * and the local product.
   */
  async dockFrom(
    upstream: Platform,
    productId: string,
    funds: number,
    baseUrl = upstream.server.url,
  ) {
    const account = await upstream.reseller(funds);
    const apiKey = await upstream.apiKey(account.session);
    const added = await this.ok(this.admin, 'POST', '/api/upstreams', {
      name: 'Next up the chain',
      baseUrl,
      apiKey,
    });
    const docked = await this.ok(this.admin, 'POST', `/api/upstreams/${added.id}/products`, {
      upstreamProductIds: [productId],
      categoryId: await this.category(),
      markupPercent: 10,
      markupFixed: 0,
    });
    return {
      account,
      upstreamId: added.id!,
      productId: (docked.docked as { productId: string }[])[0]!.productId,
    };
  }

  /** Every reconciliation check, which must all hold. */
  async reconciliation() {
    const body = await this.ok(this.admin, 'GET', '/api/admin/reconciliation');
    return body as unknown as {
      ok: boolean;
      checks: { name: string; ok: boolean; detail: string }[];
    };
  }

  /** Polls `read` until `done` holds (the outbox works in the background). */
  async until<T>(
    read: () => Promise<T>,
    done: (value: T) => boolean,
    timeoutMs = 60_000,
  ): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (done(value) || Date.now() > deadline) return value;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
