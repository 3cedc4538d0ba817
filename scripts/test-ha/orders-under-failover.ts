import { sleep } from './cluster';

/**
 * The clients of `npm run test:ha`: each a signed-in buyer placing orders one after another with
 * a fresh Idempotency-Key each, spread over the Keymarket instances, recording every attempt.
 */

export interface Attempt {
  client: number;
  key: string;
  instance: string;
  startedAt: number;
  endedAt: number;
  /** The HTTP status, or 0 when no answer came (connection refused, cut, or too slow). */
  status: number;
  orderId?: string;
  errorType?: string;
}

export interface Buyer {
  username: string;
  cookie: string;
}

/** One answer may take this long; longer counts as never answered (the key is retried later). */
const ANSWER_TIMEOUT_MS = 15_000;

export async function signIn(
  baseUrl: string,
  identifier: string,
  password: string,
): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier, password }),
  });
  if (response.status !== 200) {
    throw new Error(`sign-in of ${identifier} failed: ${response.status} ${await response.text()}`);
  }
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

export async function placeOrder(
  client: number,
  buyer: Buyer,
  instance: string,
  productId: string,
  key: string,
): Promise<Attempt> {
  const startedAt = Date.now();
  const attempt = (fields: Partial<Attempt> & { status: number }): Attempt => ({
    client,
    key,
    instance,
    startedAt,
    endedAt: Date.now(),
    ...fields,
  });
  try {
    const response = await fetch(`${instance}/api/orders`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: buyer.cookie,
        'idempotency-key': key,
      },
      body: JSON.stringify({ productId, quantity: 1 }),
      signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => ({}))) as {
      id?: string;
      message?: { type?: string };
    };
    return attempt({
      status: response.status,
      orderId: response.status === 201 ? body.id : undefined,
      errorType: body.message?.type,
    });
  } catch {
    return attempt({ status: 0 });
  }
}

/**
 * Each client places orders until `until`, one at a time with `pauseMs` between them, on
 * instance `client % instances`, calling `onAttempt` with each result.
 */
export async function placeOrdersUntil(options: {
  buyers: Buyer[];
  instances: string[];
  productId: string;
  until: number;
  pauseMs: number;
  onAttempt: (attempt: Attempt) => void;
}): Promise<void> {
  const { buyers, instances, productId } = options;
  await Promise.all(
    buyers.map(async (buyer, client) => {
      for (let n = 0; Date.now() < options.until; n++) {
        const instance = instances[(client + n) % instances.length]!;
        const attempt = await placeOrder(client, buyer, instance, productId, `ha-${client}-${n}`);
        options.onAttempt(attempt);
        await sleep(attempt.status === 201 ? options.pauseMs : options.pauseMs * 4);
      }
    }),
  );
}

/**
 * Tries every key whose last answer was not a 201 again, with the same key, until each gets one
 * (or `deadline` passes): what a well-behaved client does after a 503 or a cut connection.
 */
export async function retryUnplaced(options: {
  buyers: Buyer[];
  instances: string[];
  productId: string;
  attempts: Attempt[];
  deadline: number;
  onAttempt: (attempt: Attempt) => void;
}): Promise<{ retried: number; stillUnplaced: string[] }> {
  const last = new Map<string, Attempt>();
  for (const attempt of options.attempts) last.set(attempt.key, attempt);
  const pending = [...last.values()].filter((attempt) => attempt.status !== 201);
  const retried = pending.length;
  let round = 0;
  while (pending.length > 0 && Date.now() < options.deadline) {
    const results = await Promise.all(
      pending.map((attempt) =>
        placeOrder(
          attempt.client,
          options.buyers[attempt.client]!,
          options.instances[(attempt.client + round) % options.instances.length]!,
          options.productId,
          attempt.key,
        ),
      ),
    );
    results.forEach(options.onAttempt);
    const left = results.filter((result) => result.status !== 201);
    pending.splice(0, pending.length, ...left);
    round += 1;
    if (pending.length > 0) await sleep(1000);
  }
  return { retried, stillUnplaced: pending.map((attempt) => attempt.key) };
}
