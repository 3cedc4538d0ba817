import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The requests whose answer is not made yet, so that shutdown can wait for their handlers before
 * the database closes. Fastify's close waits for open connections, not for handlers: when a
 * client hangs up mid-request (a bot's timeout, a load generator stopping), its handler runs on,
 * and an order placed then would publish its live signals, or write anything else, after the
 * pools had ended ("Cannot use a pool after calling end on the pool").
 *
 * A request counts from `onRequest` until its answer is sent (`onSend` runs for every answer,
 * an error's included, whether or not the client is still there) or, for a reply the handler
 * took over (`reply.hijack()`: the live streams, which `preClose` ends), until its response
 * closes.
 */
export class HandlersInFlight {
  private readonly requests = new Set<FastifyRequest>();
  private emptied: (() => void) | undefined;

  get size(): number {
    return this.requests.size;
  }

  register(app: FastifyInstance): void {
    // Callback hooks: every request runs them, and they cost less than async ones.
    app.addHook('onRequest', (request, reply, next) => {
      this.requests.add(request);
      reply.raw.once('close', () => {
        if (reply.sent) this.done(request);
      });
      next();
    });
    app.addHook('onSend', (request, _reply, payload, next) => {
      this.done(request);
      next(null, payload);
    });
  }

  /** Resolves once no handler is running, or after `timeoutMs` (a handler stuck for good). */
  async settled(timeoutMs: number): Promise<boolean> {
    if (this.requests.size === 0) return true;
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

  private done(request: FastifyRequest): void {
    if (this.requests.delete(request) && this.requests.size === 0) this.emptied?.();
  }
}
