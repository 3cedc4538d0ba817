import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { errorBodySchema, type ErrorBody, type ErrorType } from '@keymarket/contracts/errors';

/** Fragments that would mean internals leaked into an answer (DESIGN.md §2: no stack, no SQL). */
const LEAKS = [/stack/i, /\bselect\b[\s\S]*\bfrom\b/i, /insert into/i, /Error:/];

/** The first fragment of the server's internals found in `body`, if any. */
export function leakIn(body: string): RegExp | undefined {
  return LEAKS.find((leak) => leak.test(body));
}

/** Asserts the body carries nothing of the server's internals. */
export function expectNoLeak(response: LightMyRequestResponse) {
  for (const leak of LEAKS) expect(response.body).not.toMatch(leak);
}

/**
 * Asserts `response` is the DESIGN.md §2 error envelope with this status and type (and text, when
 * given), that it leaks nothing, and returns the parsed body for further checks.
 */
export function expectError(
  response: LightMyRequestResponse,
  statusCode: number,
  type: ErrorType,
  text?: string,
): ErrorBody {
  expect(response.statusCode, response.body).toBe(statusCode);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = errorBodySchema.strict().parse(response.json());
  expect(body.statusCode).toBe(statusCode);
  expect(body.message.type).toBe(type);
  if (text !== undefined) expect(body.message.text).toBe(text);
  expectNoLeak(response);
  return body;
}

/** Asserts a 400 `validation` answer naming `path` with `message` among its details. */
export function expectValidation(response: LightMyRequestResponse, path: string, message?: string) {
  const body = expectError(response, 400, 'validation');
  const detail = body.details?.find((d) => d.path === path);
  expect(detail, `no detail for ${path} in ${response.body}`).toBeDefined();
  if (message !== undefined) expect(detail!.message).toBe(message);
  return body;
}
