import type { ErrorBody, ErrorType } from '@keymarket/contracts/errors';
import { messages } from '@keymarket/contracts/messages';

/** A failed call: the HTTP status and the server's error envelope (specification §8). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody;

  constructor(status: number, body: ErrorBody) {
    super(body.message.text);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  get type(): ErrorType {
    return this.body.message.type;
  }
}

function typeForStatus(status: number): ErrorType {
  if (status === 0 || status === 502 || status === 503 || status === 504) return 'unavailable';
  if (status >= 500) return 'internal';
  switch (status) {
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 429:
      return 'rate_limited';
    default:
      return 'bad_request';
  }
}

/**
 * For answers that never reached our server's error handler: a proxy's HTML 502, a dropped
 * connection (status 0). The UI still gets an envelope it knows how to translate.
 */
export function apiErrorWithoutBody(status: number): ApiError {
  return new ApiError(status, {
    statusCode: status,
    message: { type: typeForStatus(status), text: messages.somethingWentWrong },
  });
}
