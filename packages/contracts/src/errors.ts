import { z } from './zod';
import { exceededLimitSchema } from './purchase-limits';

/** Every `message.type` the API can answer (DESIGN.md §2), with its HTTP status. */
export const errorStatus = {
  unauthorized: 401,
  invalid_credentials: 401,
  two_factor_required: 401,
  forbidden: 403,
  banned: 403,
  inactive: 403,
  country_blocked: 403,
  two_factor_setup_required: 403,
  not_found: 404,
  validation: 400,
  bad_request: 400,
  price_below_cost: 400,
  conflict: 409,
  insufficient_balance: 409,
  out_of_stock: 409,
  open_ticket_exists: 409,
  pending_orders: 409,
  below_threshold: 409,
  /** POST /v1/orders: the unit price is now above the caller's `maxUnitPrice`. */
  price_changed: 409,
  /** An order over a purchase limit (`message.limit` names it and when it resets). */
  limit_exceeded: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  maintenance: 503,
  unavailable: 503,
} as const;

export type ErrorType = keyof typeof errorStatus;
export const errorTypes = Object.keys(errorStatus) as ErrorType[];

/**
 * The type an answer stands for when it carries none of ours, by its HTTP status: a framework's
 * own client error on the server; a proxy's page or no answer at all (status 0) in the web app.
 */
const typeOfStatus: Readonly<Partial<Record<number, ErrorType>>> = {
  0: 'unavailable',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  502: 'unavailable',
  503: 'unavailable',
  504: 'unavailable',
};

export function errorTypeForStatus(status: number): ErrorType {
  return typeOfStatus[status] ?? (status >= 500 ? 'internal' : 'bad_request');
}

export const errorDetailSchema = z.object({ path: z.string(), message: z.string() });

export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  message: z.object({
    type: z.enum(errorTypes as [ErrorType, ...ErrorType[]]),
    text: z.string(),
    /** `banned` only: the reason an administrator gave, as typed (the text says it in English). */
    reason: z.string().optional(),
    /** `limit_exceeded` only: the limit the order met and when it resets. */
    limit: exceededLimitSchema.optional(),
  }),
  details: z.array(errorDetailSchema).optional(),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

export function isErrorBody(value: unknown): value is ErrorBody {
  return errorBodySchema.safeParse(value).success;
}
