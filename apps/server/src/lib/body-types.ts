import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route reads its body itself, a file sent as it is, and answers any other body with a
     * message of its own (the key file import): no body schema, and none refused by the strict
     * bodies check (plugins/app/strict-bodies.ts).
     */
    fileBody?: true;
  }
}

/** What a JSON route says to a body in another content type (415). */
export const JSON_BODY_TEXT = 'Send the request body as application/json';
/** What a route that reads a file as it is (`config.fileBody`) says to any other body. */
export const FILE_BODY_TEXT = 'Send the file itself, as application/octet-stream';

/**
 * The 415 text for a body the route does not take, naming what it does take: the key file
 * import wants the file's bytes, and "send JSON" sent its users the wrong way.
 */
export function unsupportedBodyText(request: FastifyRequest): string {
  return request.routeOptions.config.fileBody ? FILE_BODY_TEXT : JSON_BODY_TEXT;
}

/**
 * True when the client went away before its request body had all arrived (a dropped upload, a
 * closed tab): whatever failed next failed because of that, not because of the server.
 */
export function clientClosedRequest(request: FastifyRequest): boolean {
  return request.raw.readableAborted;
}
