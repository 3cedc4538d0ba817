import { errorCodes, type FastifyInstance } from 'fastify';
import { parse } from 'secure-json-parse';

/**
 * @fastify/multipart's code for the same refusal of a form field's name: the error handler
 * answers both with its "forbidden property name" text.
 */
const FORBIDDEN_PROPERTY = 'FST_PROTO_VIOLATION';

/**
 * Fastify's JSON parser with its own defaults (secure-json-parse refusing `__proto__` and
 * `constructor.prototype` keys), except that such a body is told apart from one that is not
 * JSON: Fastify 5 reports both as invalid JSON, which misleads a client sending valid JSON.
 */
export function registerJsonBodyParser(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.length === 0) return done(new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY(), undefined);
    try {
      done(null, parse(text, { protoAction: 'error', constructorAction: 'error' }));
    } catch (error) {
      done(
        isPrototypePoisoning(error)
          ? Object.assign(new Error('Forbidden property name in the body'), {
              code: FORBIDDEN_PROPERTY,
              statusCode: 400,
            })
          : new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY(),
        undefined,
      );
    }
  });
}

// secure-json-parse throws a SyntaxError with this text for both keys; JSON.parse's own
// SyntaxErrors never contain it.
const isPrototypePoisoning = (error: unknown) =>
  error instanceof SyntaxError && error.message === 'Object contains forbidden prototype property';
