import { vi } from 'vitest';
import { errorStatus, type ErrorType } from '@keymarket/contracts/errors';

export type Reply = { status: number; body: unknown };
type Handler = Reply | (() => Reply | Promise<Reply>);

/** An error envelope as the server sends it. */
export function errorReply(type: ErrorType, text = 'Server text'): Reply {
  const status = errorStatus[type];
  return { status, body: { statusCode: status, message: { type, text } } };
}

export function okReply(body: unknown, status = 200): Reply {
  return { status, body };
}

/** GET /system-settings of a fresh installation, as a signed-out visitor sees it. */
export const defaultSystemSettings = {
  siteName: 'Keymarket',
  maintenanceMode: false,
  registrationOpen: true,
  defaultLanguage: 'en',
  supportContact: '',
  passwordReset: false,
};

/**
 * What the layouts ask on every screen (site name, currencies, alerts, music), answered as a
 * fresh installation would; a test whose subject they are passes its own handler instead.
 */
export const layoutDefaults: Record<string, Handler> = {
  'GET /system-settings': okReply(defaultSystemSettings),
  'GET /currencies': okReply({
    currencies: [
      { id: '5d0b8f0e-6c1a-4a57-9a0e-0f1d6c1b2a01', code: 'USD', symbol: '$', rateToUSD: 1 },
    ],
  }),
  'GET /alerts': okReply({ alerts: [] }),
  'GET /music': okReply({ url: null }),
  // The top bar's bell, on every area screen.
  'GET /notifications/unread-count': okReply({ unread: 0 }),
  // The profile screen's email choices: a server without SMTP_URL, so the section stays hidden.
  'GET /users/me/notification-preferences': okReply({
    email: [],
    language: 'en',
    emailAvailable: false,
  }),
  // The profile screen's signed-in devices: none listed.
  'GET /users/me/sessions': okReply({ sessions: [] }),
  // The language switch, signed in: the account's emails follow the language chosen.
  'PUT /users/me/language': okReply({ language: 'en' }),
  // Price Control's standing rules, for a manager or reseller: none set.
  'GET /price-rules': okReply({ data: [] }),
  // The buy dialog's purchase allowance, wherever a shop opens it: a buyer without limits.
  'GET /users/me/limits': okReply({
    dailySpendCap: null,
    spentToday: 0,
    spendLeftToday: null,
    maxOrderQuantity: null,
    product: null,
    quantityLeft: null,
    quantityLeftToday: null,
    resetsAt: '2025-02-02T00:00:00Z',
  }),
};

/** The URL a fetch was called with, as text: a Request's own URL, a URL's href. */
export function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/** The text a fetch call sent: these tests send JSON as a string, anything else is a mistake. */
export function bodyText(body: BodyInit | null | undefined): string {
  if (typeof body !== 'string') throw new Error(`Expected a text body, got ${typeof body}`);
  return body;
}

function routeOf(input: RequestInfo | URL, init?: RequestInit): string {
  const url = new URL(urlOf(input), 'http://localhost');
  return `${init?.method ?? 'GET'} ${url.pathname.replace(/^\/api/, '')}`;
}

/**
 * Replaces the global fetch with a table of `"METHOD /path"` handlers (paths without `/api`),
 * on top of `layoutDefaults`. A request with no handler is reported through console.error,
 * which fails the test.
 */
export function mockApi(ownHandlers: Record<string, Handler>) {
  const handlers = { ...layoutDefaults, ...ownHandlers };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const route = routeOf(input, init);
    const handler = handlers[route];
    if (!handler) {
      console.error(`Unexpected request: ${route}`);
      return new Response(null, { status: 501 });
    }
    const reply = typeof handler === 'function' ? await handler() : handler;
    // A 204 (a deletion) has no body: a Response refuses one.
    if (reply.status === 204) return new Response(null, { status: 204 });
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  // The layouts' requests this test left to layoutDefaults: not what the screen under test did.
  const layoutRoutes = new Set(
    Object.keys(layoutDefaults).filter((route) => !(route in ownHandlers)),
  );
  return Object.assign(fetchMock, { layoutRoutes });
}

/**
 * `METHOD /path` of every request made so far, in order, except the layouts' own requests that
 * `layoutDefaults` answered.
 */
export function requestedPaths(fetchMock: ReturnType<typeof mockApi>): string[] {
  return fetchMock.mock.calls
    .map(([input, init]) => routeOf(input, init))
    .filter((route) => !fetchMock.layoutRoutes.has(route));
}
