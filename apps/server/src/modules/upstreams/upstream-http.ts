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
} from '../webhooks/url-safety';

/** The webhook URL rules (DESIGN.md §9), which an upstream's address follows too (§14). */
export interface UpstreamUrlRules {
  allowPrivate: boolean;
  resolve: ResolveHost;
}

/** An upstream's answer: its status and JSON body (undefined when it was not JSON). */
export interface UpstreamAnswer {
  status: number;
  body: unknown;
}

/** No upstream answer is larger than a page of 100 products: a bigger one is refused. */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/**
 * One JSON call to an upstream: `https` to a public address, checked again at connection time
 * (DNS rebinding), unless WEBHOOK_ALLOW_PRIVATE_URLS allows http and private addresses
 * (development and tests); no redirect followed; at most `timeoutMs`. The API key travels in the
 * Authorization header only, and no error message carries it.
 */
export function callUpstream(
  url: URL,
  request: {
    method: 'GET' | 'POST' | 'DELETE';
    apiKey: string;
    body?: unknown;
    headers?: Record<string, string>;
  },
  options: UpstreamUrlRules & { timeoutMs: number },
): Promise<UpstreamAnswer> {
  return new Promise((resolve, reject) => {
    const host = hostOf(url);
    // A throw in the executor rejects the promise.
    checkUrlForm(url, options.allowPrivate);
    if (!options.allowPrivate && isIP(host) && !isPublicAddress(host)) {
      reject(new UnsafeUrlError(`${host} is a private, loopback or reserved address`));
      return;
    }
    const payload = request.body === undefined ? undefined : JSON.stringify(request.body);
    const client = url.protocol === 'https:' ? https : http;
    const outgoing = client.request(url, {
      method: request.method,
      headers: {
        ...request.headers,
        accept: 'application/json',
        authorization: `Bearer ${request.apiKey}`,
        'user-agent': 'Keymarket-Upstream/1',
        ...(payload === undefined
          ? {}
          : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
      },
      agent: false,
      ...(options.allowPrivate ? {} : { lookup: checkedLookup(options.resolve) }),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    outgoing.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_ANSWER_BYTES) {
          response.destroy(new Error('The upstream answered more than 4 MB'));
          return;
        }
        chunks.push(chunk);
      });
      response.on('error', (error) => reject(error));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          body = undefined;
        }
        resolve({ status: response.statusCode ?? 0, body });
      });
    });
    outgoing.on('error', (error) =>
      reject(
        error.name === 'AbortError' || error.name === 'TimeoutError'
          ? new Error(`No answer within ${options.timeoutMs / 1000} s`)
          : error,
      ),
    );
    outgoing.end(payload);
  });
}

/** The error envelope's type and text of an upstream's refusal, when it sent one. */
export function envelopeOf(body: unknown): { type: string; text: string } | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const message = (body as { message?: unknown }).message;
  if (typeof message !== 'object' || message === null) return undefined;
  const { type, text } = message as { type?: unknown; text?: unknown };
  return typeof type === 'string'
    ? { type, text: typeof text === 'string' ? text : type }
    : undefined;
}
