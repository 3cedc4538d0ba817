import type { FastifyInstance, RouteHandlerMethod } from 'fastify';

/**
 * The route handlers still running, so that shutdown can wait for them before the database
 * closes. Fastify's close waits for open connections, not for handlers: when a client hangs up
 * mid-request (a bot's timeout, a load generator stopping), its handler runs on, and an order
 * placed then would publish its live signals, or write anything else, after the pools had ended
 * ("Cannot use a pool after calling end on the pool").
 *
 * Handlers are counted, not requests: a request whose client hangs up before its body is read
 * never reaches its handler, and Fastify then runs nothing more for it (no onSend, no
 * onResponse), so a count of requests would wait for it in vain.
 */
export class HandlersInFlight {
  private readonly running = new Set<Promise<unknown>>();
  private emptied: (() => void) | undefined;

  get size(): number {
    return this.running.size;
  }

  /** Before any route: each route added after this has its handler counted while it runs. */
  register(app: FastifyInstance): void {
    const count = (handling: Promise<unknown>) => this.count(handling);
    app.addHook('onRoute', (route) => {
      const handler = route.handler;
      const counted: RouteHandlerMethod = function (this: FastifyInstance, request, reply) {
        const result: unknown = handler.call(this, request, reply);
        return result instanceof Promise ? count(result) : result;
      };
      route.handler = counted;
    });
  }

  /** Resolves once no handler is running, or after `timeoutMs` (a handler stuck for good). */
  async settled(timeoutMs: number): Promise<boolean> {
    if (this.running.size === 0) return true;
    let timer: NodeJS.Timeout | undefined;
    const empty = new Promise<boolean>((resolve) => {
      this.emptied = () => resolve(true);
    });
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      return await Promise.race([empty, late]);
    } finally {
      clearTimeout(timer);
      this.emptied = undefined;
    }
  }

  private count<T>(handling: Promise<T>): Promise<T> {
    this.running.add(handling);
    const done = () => {
      if (this.running.delete(handling) && this.running.size === 0) this.emptied?.();
    };
    // Fastify handles the handler's own outcome; this only notes that it ended.
    handling.then(done, done);
    return handling;
  }
}
