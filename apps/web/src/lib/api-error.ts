import { errorTypeForStatus, type ErrorBody, type ErrorType } from '@keymarket/contracts/errors';
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

/**
 * For answers that never reached our server's error handler: a proxy's HTML 502, a dropped
 * connection (status 0). The UI still gets an envelope it knows how to translate.
 */
export function apiErrorWithoutBody(status: number): ApiError {
  return new ApiError(status, {
    statusCode: status,
    message: { type: errorTypeForStatus(status), text: messages.somethingWentWrong },
  });
}
