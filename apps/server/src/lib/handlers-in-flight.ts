import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';

/**
 * The requests whose work is not done, so that shutdown can wait for them before the database
 * closes. Fastify's close waits for open connections, not for the work of a request whose client
 * has hung up (a bot's timeout, a load generator stopping): its access check and its handler run
 * on, and an order placed then would publish its live signals, or read or write anything else,
 * after the pools had ended ("Cannot use a pool after calling end on the pool").
 *
 * Two stages are counted:
 * - the onRequest checks (the access check reads the session or the API key, the maintenance
 *   gate the settings): from the first onRequest hook (`register`) to the end of the last one
 *   that reads the database (`registerChecksEnd`), or to the answer (`onSend`) when one of them
 *   refuses;
 * - each route's handler, while its promise runs.
 * Not from the first hook to the answer: a request whose client hangs up before its body is read
 * never reaches its handler, and Fastify then runs nothing more for it (no onSend, no
 * onResponse), so such a count would wait for it in vain.
 */
export class HandlersInFlight {
  private readonly checking = new Set<FastifyRequest>();
  private readonly handling = new Set<Promise<unknown>>();
  /** Those waiting in `settled`, woken each time the count falls to zero. */
  private readonly waiting = new Set<() => void>();

  get size(): number {
    return this.checking.size + this.handling.size;
  }

  /** First, before any other hook and any route. */
  register(app: FastifyInstance): void {
    app.addHook('onRequest', (request, _reply, next) => {
      this.checking.add(request);
      next();
    });
    app.addHook('onSend', (request, _reply, payload, next) => {
      this.checked(request);
      next(null, payload);
    });
    const count = (handling: Promise<unknown>) => this.count(handling);
    app.addHook('onRoute', (route) => {
      const handler = route.handler;
      const counted: RouteHandlerMethod = function (this: FastifyInstance, request, reply) {
        const result: unknown = handler.call(this, request, reply);
        // Async handlers return native promises. Not any thenable: a handler returning `reply`
        // (itself a thenable, settled when the answer is written) has already answered.
        if (result instanceof Promise) count(result);
        return result;
      };
      route.handler = counted;
    });
  }

  /** After the last onRequest hook that does any work. */
  registerChecksEnd(app: FastifyInstance): void {
    app.addHook('onRequest', (request, _reply, next) => {
      this.checked(request);
      next();
    });
  }

  /** Resolves once no check or handler is running, or after `timeoutMs` (one stuck for good). */
  async settled(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      // A request past its checks starts its handler a few microtasks later (a GET, a body read
      // already): it is counted again by then, so the count is read after a turn of the loop.
      await new Promise((resolve) => setImmediate(resolve));
      if (this.size === 0) return true;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await this.emptyOrAfter(left);
    }
  }

  private emptyOrAfter(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.waiting.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.waiting.add(wake);
    });
  }

  private count(handling: Promise<unknown>): void {
    this.handling.add(handling);
    const done = () => {
      if (this.handling.delete(handling)) this.checkEmpty();
    };
    // Fastify handles the handler's own outcome; this only notes that it ended.
    handling.then(done, done);
  }

  private checked(request: FastifyRequest): void {
    if (this.checking.delete(request)) this.checkEmpty();
  }

  private checkEmpty(): void {
    if (this.size === 0) for (const wake of [...this.waiting]) wake();
  }
}
