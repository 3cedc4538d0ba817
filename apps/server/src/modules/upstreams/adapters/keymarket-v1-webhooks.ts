import { callUpstream, envelopeOf, type UpstreamUrlRules } from '../upstream-http';
import { UpstreamUnavailable } from './upstream-adapter';

/** A subscription's call: short, nobody's purchase waits for it. */
const TIMEOUT_MS = 15_000;

/**
 * A supplier's events to this platform (DESIGN.md §14), subscribed where it speaks Keymarket's
 * /api/v1: `POST /v1/webhooks` answers the endpoint's id and its signing secret, once;
 * `DELETE /v1/webhooks/{id}` removes it.
 */
export class KeymarketV1Webhooks {
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
    private readonly rules: UpstreamUrlRules,
  ) {}

  private async call(method: 'POST' | 'DELETE', path: string, body?: unknown) {
    const url = new URL(
      `api/v1${path}`,
      this.baseUrl.endsWith('/') ? this.baseUrl : `${this.baseUrl}/`,
    );
    try {
      return await callUpstream(
        url,
        { method, apiKey: this.apiKey, body },
        { ...this.rules, timeoutMs: TIMEOUT_MS },
      );
    } catch (error) {
      throw new UpstreamUnavailable(error instanceof Error ? error.message : String(error));
    }
  }

  /** Subscribes `url` to `events`: the endpoint's id there and its secret. */
  async subscribe(url: string, events: readonly string[]): Promise<{ id: string; secret: string }> {
    const answer = await this.call('POST', '/webhooks', {
      url,
      events,
      description: 'Docked products (Keymarket)',
    });
    const body = answer.body as { id?: unknown; secret?: unknown } | undefined;
    if (answer.status !== 201 || typeof body?.id !== 'string' || typeof body.secret !== 'string') {
      const envelope = envelopeOf(answer.body);
      throw new UpstreamUnavailable(
        `The upstream answered ${answer.status}${envelope ? ` ${envelope.type}: ${envelope.text}` : ''}`,
      );
    }
    return { id: body.id, secret: body.secret };
  }

  /** Removes the endpoint (gone already is fine). */
  async unsubscribe(id: string): Promise<void> {
    const answer = await this.call('DELETE', `/webhooks/${encodeURIComponent(id)}`);
    if (answer.status !== 204 && answer.status !== 404) {
      throw new UpstreamUnavailable(`The upstream answered ${answer.status}`);
    }
  }
}
