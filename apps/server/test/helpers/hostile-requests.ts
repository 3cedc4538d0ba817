import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { errorBodySchema, type ErrorBody } from '@keymarket/contracts/errors';
import { UNSTORABLE_INPUT_TEXT } from '../../src/plugins/app/error-handler';
import { leakIn } from './expect-error';
import type { SignedInUser } from './factory';
import { asFormText, type Operation } from './hostile-inputs';
import { form, pngFile } from './multipart';

/**
 * The requests of the bad-input sweep (bad-input-sweep.test.ts) and the checks on their answers:
 * what makes an answer to bad input wrong (a 5xx, a leak, no DESIGN.md §2 envelope, a text that
 * says nothing of the mistake).
 */

/** Who calls: a signed-in user (cookies) or an API key client. */
export interface Caller {
  inject: SignedInUser['inject'];
}

/** One hostile request: the route, what is abused (`label`), and what is sent. */
export interface Call {
  operation: Operation;
  label: string;
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
  raw?: string | Buffer;
}

let idempotencyKeys = 0;

/** The request for `call`: JSON, a multipart form (a real PNG as each required file), or none. */
export function requestOf(call: Call): InjectOptions {
  const { operation, url, body } = call;
  // A required header (Idempotency-Key) gets a fresh value unless it is the one abused.
  const requiredHeaders = Object.fromEntries(
    operation.headerParams
      .filter((header) => header.required)
      .map(({ name }) => [name, `sweep-${++idempotencyKeys}`]),
  );
  const headers = { ...requiredHeaders, ...call.headers };
  const method = operation.method;
  if (call.raw !== undefined) {
    return {
      method,
      url,
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      payload: call.raw,
    };
  }
  if (!operation.body) return { method, url, headers };
  if (!operation.body.multipart) {
    return {
      method,
      url,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    };
  }
  const fields = body && typeof body === 'object' && !Array.isArray(body) ? body : { body };
  // Only where a file is required: storing an optional one adds time and tests nothing more.
  const { properties = {}, required = [] } = operation.body.schema;
  const files = Object.entries(properties)
    .filter(([name, field]) => field.format === 'binary' && required.includes(name))
    .map(([name]) => [name, pngFile()] as const);
  return {
    method,
    url,
    headers,
    payload: form(
      Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, asFormText(value)])),
      Object.fromEntries(files),
    ),
  };
}

/** The part of an answer the checks read (a stream's answer has no `body` of its own). */
export interface Answer {
  statusCode: number;
  headers: LightMyRequestResponse['headers'];
  body: string;
}

/**
 * Server-Sent Events never end, and app.inject waits for the end: these are called with the
 * answer as a stream, read up to its headers; an open stream is then closed from the client side
 * (as a browser closing the tab), an error answer read to its end.
 */
export const STREAMS = new Set(['GET /api/notifications/stream']);

export async function answerOf(as: Caller, call: Call, streaming: boolean): Promise<Answer> {
  if (!streaming) return as.inject(requestOf(call));
  const res = await as.inject({ ...requestOf(call), payloadAsStream: true });
  const answer = { statusCode: res.statusCode, headers: res.headers, body: '' };
  if (String(res.headers['content-type']).startsWith('text/event-stream')) {
    (res.raw.res as unknown as { destroy(): void }).destroy();
    return answer;
  }
  for await (const chunk of res.stream()) answer.body += String(chunk);
  return answer;
}

/**
 * Texts that say nothing of the mistake: zod's bare default for a union, and the error handler's
 * safety net for a value PostgreSQL refused (the schema let it through: it should name the field).
 */
const UNCLEAR_TEXTS = new Set(['Invalid input', UNSTORABLE_INPUT_TEXT]);

const unclearText = ({ message, details = [] }: ErrorBody) =>
  [message.text, ...details.map((detail) => detail.message)].find((text) =>
    UNCLEAR_TEXTS.has(text),
  );

/** What is wrong with an answer to bad input, if anything. */
export function problemWith(res: Answer): string | undefined {
  if (res.statusCode >= 500) return `answered ${res.statusCode}`;
  const leak = leakIn(res.body);
  if (leak) return `leaks ${leak}`;
  if (res.statusCode < 400) return undefined;
  if (!/^application\/json/.test(String(res.headers['content-type']))) {
    return `answered ${res.statusCode} as ${String(res.headers['content-type'])}`;
  }
  let json: unknown;
  try {
    json = JSON.parse(res.body);
  } catch {
    return `answered ${res.statusCode} with a body that is not JSON`;
  }
  const body = errorBodySchema.strict().safeParse(json);
  if (!body.success) return `answered ${res.statusCode} without the envelope`;
  if (body.data.statusCode !== res.statusCode) return 'statusCode differs from the status';
  if (!body.data.message.text.trim()) return 'the message text is empty';
  const unclear = unclearText(body.data);
  if (unclear) return `answered "${unclear}"`;
  return undefined;
}
