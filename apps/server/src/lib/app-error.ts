import { errorStatus, type ErrorDetail, type ErrorType } from '@keymarket/contracts/errors';
import type { ExceededLimit } from '@keymarket/contracts/purchase-limits';

/** The one error services throw; the error handler turns it into the DESIGN.md §2 envelope. */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly type: ErrorType,
    readonly text: string,
    readonly details?: ErrorDetail[],
  ) {
    super(text);
    this.name = 'AppError';
    this.statusCode = errorStatus[type];
  }
}

/**
 * A banned account refused: the reason an administrator gave goes in the English text for API
 * clients and, as typed, in the envelope's `message.reason` for the web app to show in any language.
 */
export class AccountBannedError extends AppError {
  readonly reason: string | undefined;

  constructor(reason: string | null) {
    super(
      'banned',
      reason ? `Your account has been banned: ${reason}` : 'Your account has been banned',
    );
    this.reason = reason || undefined;
  }
}

/**
 * An order over a purchase limit: the English text names the limit and when it resets, and the
 * envelope's `message.limit` carries them for the web app to say in any language.
 */
export class LimitExceededError extends AppError {
  constructor(
    text: string,
    readonly limit: ExceededLimit,
  ) {
    super('limit_exceeded', text);
  }
}

export const notFound = (what: string) => new AppError('not_found', `${what} not found`);
export const forbidden = (text = 'You do not have permission to do this') =>
  new AppError('forbidden', text);
export const conflict = (text: string) => new AppError('conflict', text);
export const validationError = (path: string, message: string) =>
  new AppError('validation', message, [{ path, message }]);
