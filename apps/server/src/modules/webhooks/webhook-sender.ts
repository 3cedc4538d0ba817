import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import {
  checkedLookup,
  checkUrlForm,
  hostOf,
  isPublicAddress,
  UnsafeUrlError,
  type ResolveHost,
} from './url-safety';

/** A 2xx within this time is a success (DESIGN.md §9). */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>` (DESIGN.md §9). */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const digest = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${digest}`;
}

export interface SendOptions {
  allowPrivate: boolean;
  resolve: ResolveHost;
  timeoutMs?: number;
}

/**
 * POSTs `body` to `url` and answers the status code. Redirects are not followed (a 3xx is a
 * failure like any other non-2xx). Unless private addresses are allowed, only https is sent, and
 * the connection goes only to an address checked at connection time (`checkedLookup`).
 */
export function postWebhook(
  url: URL,
  body: string,
  headers: Record<string, string>,
  options: SendOptions,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const host = hostOf(url);
    // Before any lookup or connection: http, when this instance does not allow it. A throw in
    // the executor rejects the promise.
    checkUrlForm(url, options.allowPrivate);
    // A literal address is connected to without a lookup: checked here instead.
    if (!options.allowPrivate && isIP(host) && !isPublicAddress(host)) {
      reject(new UnsafeUrlError(`${host} is a private, loopback or reserved address`));
      return;
    }
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'user-agent': 'Keymarket-Webhooks/1',
      },
      agent: false,
      ...(options.allowPrivate ? {} : { lookup: checkedLookup(options.resolve) }),
      signal: AbortSignal.timeout(options.timeoutMs ?? WEBHOOK_TIMEOUT_MS),
    });
    request.on('response', (response) => {
      // The status is the whole answer: the body is not read. A receiver that answers 200 and
      // then keeps writing has taken the delivery, and must not hold the worker until the
      // timeout (nor feed it data) to have it counted a failure.
      response.on('error', () => {});
      resolve(response.statusCode ?? 0);
      response.destroy();
    });
    request.on('error', (error) =>
      reject(
        error.name === 'AbortError'
          ? new Error(`No answer within ${(options.timeoutMs ?? WEBHOOK_TIMEOUT_MS) / 1000} s`)
          : error,
      ),
    );
    request.end(body);
  });
}
