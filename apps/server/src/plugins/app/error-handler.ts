import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  errorStatus,
  errorTypeForStatus,
  type ErrorBody,
  type ErrorDetail,
  type ErrorType,
} from '@keymarket/contracts/errors';
import { messages } from '@keymarket/contracts/messages';
import { AccountBannedError, AppError, LimitExceededError } from '../../lib/app-error';
import { causeChain, isConnectionLoss, pgErrorCode } from '../../lib/pg-errors';
import { withoutQueryValues } from '../../lib/logged-error';
import { RateLimitedError, rateLimitHeaders } from '../../lib/rate-limiter';
import { clientClosedRequest, unsupportedBodyText } from '../../lib/body-types';

export function sendError(
  reply: FastifyReply,
  type: ErrorType,
  text: string,
  details?: ErrorDetail[],
  extra?: Pick<ErrorBody['message'], 'reason' | 'limit'>,
) {
  const body: ErrorBody = { statusCode: errorStatus[type], message: { type, text } };
  if (extra?.reason) body.message.reason = extra.reason;
  if (extra?.limit) body.message.limit = extra.limit;
  if (details?.length) body.details = details;
  return reply.status(body.statusCode).type('application/json').send(body);
}

/** The text of a validation answer whose details name more than one field. */
export const SOME_FIELDS_INVALID = 'Some fields are not valid';

/** Fastify's own client errors, by code, mapped to our types and plain sentences. */
const fastifyErrors: Record<string, [ErrorType, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: ['payload_too_large', 'The request body is too large'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['bad_request', 'The request body is empty; send a JSON object'],
  FST_ERR_CTP_INVALID_JSON_BODY: ['bad_request', 'The request body is not valid JSON'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [
    'bad_request',
    'The Content-Length header does not match the body',
  ],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [
    'unsupported_media_type',
    'Send the request as multipart/form-data',
  ],
  FST_REQ_FILE_TOO_LARGE: ['payload_too_large', 'The uploaded file is too large'],
  FST_PARTS_LIMIT: ['payload_too_large', 'Too many parts in the upload'],
  FST_FILES_LIMIT: ['payload_too_large', 'Too many files in the upload'],
  FST_FIELDS_LIMIT: ['payload_too_large', 'Too many fields in the upload'],
  FST_PROTO_VIOLATION: ['bad_request', 'The request body contains a forbidden property name'],
  FST_ERR_VALIDATION: ['validation', 'The request is not valid'],
};

/**
 * What Node's HTTP parser refuses before Fastify sees a request (raw bytes no URL may hold, a NUL
 * in a header, a header section over 16 kB, an unknown method, a bad Content-Length), written
 * straight to the socket in the envelope: Fastify's default answers `{"error":"Bad Request",…}`.
 * Given to Fastify as `clientErrorHandler`, so it runs with the server as `this`.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
) {
  // A connection reset: nothing to answer and no one to answer it to.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, text] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The request headers are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive']
        : [400, 'The request is not valid HTTP'];
  const body = JSON.stringify({ statusCode: status, message: { type: 'bad_request', text } });
  this.log.trace({ code: error.code }, 'client error');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Errors Fastify raises before routing (bad URL encoding, over-long parameters), as the envelope. */
export function frameworkErrorHandler(
  error: FastifyError,
  _request: unknown,
  reply: FastifyReply,
): void {
  const text =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A path parameter is too long'
      : 'The request URL is not valid';
  // Written before any hook runs, so the security headers helmet adds elsewhere are set here.
  void reply.headers({
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  });
  void sendError(reply, 'bad_request', text);
}

/**
 * The one place errors become HTTP answers. Whatever is thrown, the client gets the DESIGN.md §2
 * envelope; internals (stack, SQL) go to the log, never to the body.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error instanceof RateLimitedError) {
        void reply.header('retry-after', String(error.retryAfterSeconds));
        if (error.standing) void reply.headers(rateLimitHeaders(error.standing));
      }
      return sendError(reply, error.type, error.text, error.details, {
        reason: error instanceof AccountBannedError ? error.reason : undefined,
        limit: error instanceof LimitExceededError ? error.limit : undefined,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.flatMap((issue) => {
        const path = [
          error.validationContext ?? 'request',
          ...issue.instancePath.split('/').filter(Boolean),
        ].join('.');
        const message = issue.message ?? 'Invalid value';
        // zod names every unknown key of an object in one issue; DESIGN.md §2 wants a detail each.
        const unknownKeys = issue.keyword === 'unrecognized_keys' ? issue.params.keys : undefined;
        return Array.isArray(unknownKeys)
          ? unknownKeys.map((key) => ({ path: `${path}.${String(key)}`, message }))
          : [{ path, message }];
      });
      const [first] = details;
      const text = first && details.length === 1 ? first.message : SOME_FIELDS_INVALID;
      return sendError(reply, 'validation', text, details);
    }
    const code = 'code' in error ? error.code : undefined;
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return sendError(reply, 'unsupported_media_type', unsupportedBodyText(request));
    }
    const known = code ? fastifyErrors[code] : undefined;
    if (known) return sendError(reply, known[0], known[1]);
    const status =
      'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return sendError(
        reply,
        errorTypeForStatus(status),
        error.message || 'The request is not valid',
      );
    }
    if (clientClosedRequest(request)) {
      // The client dropped its upload (ECONNRESET "aborted" from the body stream, often inside a
      // transaction that then rolled back): not the server's fault, nobody to page, no one to
      // answer. Kept apart from the database checks, which the same socket code would match.
      request.log.info({ code }, 'client closed the request');
      return sendError(reply, 'bad_request', CLIENT_CLOSED_TEXT);
    }
    const pgCode = pgErrorCode(error);
    if (pgCode && unstorableInput.has(pgCode)) {
      return sendError(reply, 'bad_request', UNSTORABLE_INPUT_TEXT);
    }
    const resources = insufficientResources(error);
    if (resources) {
      // Logged without the wrapping error: Drizzle's message and `params` carry the query's
      // values, which for an upload are the file's bytes.
      request.log.error(
        { postgres: resources, query: failedQuery(error) },
        'database out of resources',
      );
      void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return sendError(
        reply,
        'unavailable',
        resources.code === DISK_FULL ? OUT_OF_STORAGE_TEXT : UNAVAILABLE_TEXT,
      );
    }
    if (isConnectionLoss(error)) {
      request.log.error({ error: withoutQueryValues(error) }, 'database unavailable');
      void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return sendError(reply, 'unavailable', UNAVAILABLE_TEXT);
    }
    request.log.error({ error: withoutQueryValues(error) }, 'unhandled error');
    return sendError(reply, 'internal', messages.somethingWentWrong);
  });
}

/**
 * The answer when PostgreSQL refuses a value the schemas let through: a safety net, each case a
 * schema to tighten (the bad-input sweep fails on it) so the refusal names the field.
 */
export const UNSTORABLE_INPUT_TEXT =
  'The request contains characters or values that cannot be stored';

/**
 * PostgreSQL refusing a value the schemas let through (a NUL character, a number out of range):
 * bad input, not a server fault.
 */
const unstorableInput = new Set([
  '22021',
  '22P05',
  '22001',
  '22003',
  '22P02',
  '22007',
  '22008',
  '54000',
]);

const UNAVAILABLE_TEXT = 'The service is temporarily unavailable. Please try again.';
/** Written to a socket that is gone; what the log and a proxy's access log read. */
const CLIENT_CLOSED_TEXT = 'The request was closed before its body arrived';
/**
 * When a client should try a 503 again: a Patroni failover hands the primary over in a few
 * seconds (docs/operations.md), and a retry with the same Idempotency-Key places no second order.
 */
const RETRY_AFTER_SECONDS = 2;
const OUT_OF_STORAGE_TEXT = 'The server is out of storage space. Please try again later.';
const DISK_FULL = '53100';

/**
 * SQLSTATE class 53, insufficient resources (53100 disk_full, 53200 out_of_memory,
 * 53300 too_many_connections, ...): the database cannot take the write now, which is the server's
 * condition, not the request's fault nor a bug. Searched along the cause chain like
 * isConnectionLoss; returns what can be logged of the PostgreSQL error (no parameters).
 */
function insufficientResources(
  error: Error,
): { code: string; message: string; hint?: string } | undefined {
  for (const { code, message, hint } of causeChain(error)) {
    if (typeof code === 'string' && /^53[0-9A-Z]{3}$/.test(code)) {
      return {
        code,
        message: String(message),
        ...(typeof hint === 'string' ? { hint } : {}),
      };
    }
  }
  return undefined;
}

/** The SQL text (placeholders, not values) of a query Drizzle wrapped, for the log. */
function failedQuery(error: Error): string | undefined {
  for (const { query } of causeChain(error)) {
    if (typeof query === 'string') return query;
  }
  return undefined;
}
