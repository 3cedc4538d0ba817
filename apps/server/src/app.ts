import Fastify, { type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { apiRoutes } from './api-routes';
import { createAppContext, type ContextDeps } from './app-context';
import { HandlersInFlight } from './lib/handlers-in-flight';
import { loggedErr } from './lib/logged-error';
import { ApiKeyGate } from './modules/api-keys/api-key-gate';
import { SessionGate } from './modules/auth/session-gate';
import { registerMaintenanceGate } from './modules/system-settings/maintenance';
import { resolveWithDns } from './modules/webhooks/url-safety';
import { registerSecurity } from './plugins/external/security';
import { swaggerOptions } from './plugins/external/swagger';
import { registerAccessControl } from './plugins/app/access';
import { registerApiDocs } from './plugins/app/api-docs';
import { startBackgroundWork } from './plugins/app/background-work';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  registerErrorHandler,
} from './plugins/app/error-handler';
import { registerJsonBodyParser } from './plugins/app/json-body';
import { capConnectionsPerAddress, clientTimeouts } from './plugins/app/slow-clients';
import { registerStrictBodies } from './plugins/app/strict-bodies';
import { inlineScriptHashes, registerWebApp } from './plugins/app/web-app';

export interface AppDeps extends Omit<ContextDeps, 'resolveHost'> {
  logger?: FastifyServerOptions['logger'];
  /** Where the default logger writes (standard output unless given); tests read what it wrote. */
  logStream?: { write(line: string): void };
  /** How webhook host names are resolved (DNS unless given); tests answer their own addresses. */
  resolveHost?: ContextDeps['resolveHost'];
}

/** Request fields that must never reach a log line. */
const REDACTED = ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'];

/**
 * The app, in the order it loads (as fastify/demo's): the server and its limits; external
 * plugins; the context the modules share; our plugins (bodies, errors, access); the routes, module
 * by module; the web app; the work that runs beside the requests. A hook applies to the routes
 * registered after it, so this order is behaviour: keep it.
 */
export async function buildApp({
  logger,
  logStream,
  resolveHost = resolveWithDns,
  ...deps
}: AppDeps) {
  const { env } = deps;
  const app = Fastify({
    logger: logger ?? {
      level: env.LOG_LEVEL,
      redact: { paths: REDACTED, censor: '[redacted]' },
      // An error logged as `err` (by Fastify, a plugin, a hook) loses a failed query's values
      // too: a user's password hash, a key's ciphertext (lib/logged-error.ts).
      serializers: { err: loggedErr },
      ...(logStream ? { stream: logStream } : {}),
    },
    trustProxy: env.TRUST_PROXY,
    ...clientTimeouts(env),
    bodyLimit: 1_048_576,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  capConnectionsPerAddress(app.server, env);
  // Before any other hook and any route (lib/handlers-in-flight.ts says what it counts).
  const handlersInFlight = new HandlersInFlight();
  handlersInFlight.register(app);

  // External plugins. The database and Redis are opened by main.ts, which closes them after the
  // app; the rate limits are in the context (plugins/external/rate-limits.ts).
  registerSecurity(app, env.ALLOWED_ORIGINS, inlineScriptHashes(env.WEB_DIST_DIR));
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(cookie);
  await app.register(swagger, swaggerOptions);

  const ctx = createAppContext({ ...deps, resolveHost }, app.log);

  // App plugins. Writes are JSON or multipart only (DESIGN.md §3): a text/plain body, which a
  // cross-site form can send, gets 415 instead of being parsed.
  app.removeContentTypeParser('text/plain');
  registerJsonBodyParser(app);
  registerStrictBodies(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerAccessControl(app, {
    sessions: new SessionGate(ctx.database.batchedReads, ctx.tokens, ctx.systemSettings, {
      writes: ctx.db,
      countrySource: { header: env.COUNTRY_HEADER, geoip: env.GEOIP },
    }),
    apiKeys: new ApiKeyGate(ctx.database.batchedReads, ctx.db, ctx.systemSettings, ctx.rateLimits),
  });
  // After access control, whose `request.auth` it reads; before every /api route.
  registerMaintenanceGate(app, ctx.systemSettings);
  // The access check and the maintenance gate are the onRequest hooks that read the database.
  handlersInFlight.registerChecksEnd(app);
  // After access control: its routes are declared public there, like every /api route.
  await registerApiDocs(app);

  // Routes: the modules under /api, then the web app (the SPA and its fallback for the rest).
  await app.register(apiRoutes, { prefix: '/api', ctx });
  await registerWebApp(app, env.WEB_DIST_DIR);

  await startBackgroundWork(app, ctx, handlersInFlight);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
