import type { Role } from '@keymarket/contracts/users';
import { parsePayload, type LivePayload } from './live-signals';

/** One open stream's ear: told each signal meant for its user, and to catch up after a gap. */
export interface LiveSubscriber {
  userId: string;
  role: Role;
  signal(payload: LivePayload): void;
  resync(): void;
  /** Ends the stream (the server is closing). */
  end(): void;
}

/**
 * Hands the channel's signals (one LISTEN per process, `DatabaseHandle.listen`) to the streams of
 * the users they name, in process. Holds no database connection: a stream reads the database
 * only when a signal says there is something to read.
 */
export class LiveHub {
  private readonly byUser = new Map<string, Set<LiveSubscriber>>();

  subscribe(subscriber: LiveSubscriber): () => void {
    let set = this.byUser.get(subscriber.userId);
    if (!set) {
      set = new Set();
      this.byUser.set(subscriber.userId, set);
    }
    set.add(subscriber);
    return () => {
      set.delete(subscriber);
      if (set.size === 0 && this.byUser.get(subscriber.userId) === set) {
        this.byUser.delete(subscriber.userId);
      }
    };
  }

  message(text: string): void {
    const payload = parsePayload(text);
    if (!payload) return;
    if (payload.u) {
      for (const subscriber of [...(this.byUser.get(payload.u) ?? [])]) {
        subscriber.signal(payload);
      }
    }
    if (payload.r) {
      for (const subscriber of this.all()) {
        if (subscriber.role === payload.r) subscriber.signal(payload);
      }
    }
  }

  resync(): void {
    for (const subscriber of this.all()) subscriber.resync();
  }

  endAll(): void {
    for (const subscriber of this.all()) subscriber.end();
  }

  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  private *all(): Generator<LiveSubscriber> {
    for (const set of [...this.byUser.values()]) yield* [...set];
  }
}
