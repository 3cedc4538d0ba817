import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { isErrorBody } from '@keymarket/contracts/errors';
import { ApiError, apiErrorWithoutBody } from './api-error';
import { queryClient } from './query-client';
import { loginPathFor } from './redirect';
import { clearStoredRole } from './stored-role';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryParams = Record<string, string | number | boolean | undefined>;

type RequestOptions = {
  method?: Method;
  body?: unknown;
  query?: QueryParams;
  signal?: AbortSignal;
  /** Extra request headers, such as an order's `Idempotency-Key`. */
  headers?: Record<string, string>;
};

/** How the client leaves the page when the session is over; the router provides it. */
export type SessionNavigator = {
  navigate: (to: string) => void;
  currentPath: () => string;
};

type ApiClientDependencies = {
  baseUrl: string;
  fetch: typeof fetch;
  queryClient: QueryClient;
  navigator: () => SessionNavigator;
};

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

async function toApiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  return isErrorBody(body)
    ? new ApiError(response.status, body)
    : apiErrorWithoutBody(response.status);
}

/** Only an expired or missing access token is worth a refresh; a wrong password is not. */
function needsRefresh(error: ApiError): boolean {
  return error.status === 401 && error.type === 'unauthorized';
}

const TWO_FACTOR_SETUP_PATH = '/admin/security';

export function createApiClient(deps: ApiClientDependencies) {
  // Every request that meets an expired token while a refresh is running waits for that same
  // refresh: refresh tokens rotate, so a second refresh would present a token already replaced
  // and the server would take it for theft and revoke the whole session.
  let refreshInFlight: Promise<boolean> | null = null;

  function urlOf(path: string, query: QueryParams = {}): string {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined) search.set(name, String(value));
    }
    const queryString = search.toString();
    return `${deps.baseUrl}${path}${queryString ? `?${queryString}` : ''}`;
  }

  async function send(path: string, options: RequestOptions): Promise<Response> {
    const method = options.method ?? 'GET';
    // The server refuses state-changing requests that are not JSON (its CSRF defence), and an
    // empty JSON body is a parse error, so bodiless writes send `{}`.
    const body = method === 'GET' ? undefined : JSON.stringify(options.body ?? {});
    try {
      return await deps.fetch(urlOf(path, options.query), {
        method,
        credentials: 'include',
        headers: {
          ...options.headers,
          ...(body
            ? { Accept: 'application/json', 'Content-Type': 'application/json' }
            : { Accept: 'application/json' }),
        },
        body,
        signal: options.signal,
      });
    } catch (error) {
      if (isAbort(error)) throw error;
      throw apiErrorWithoutBody(0);
    }
  }

  function endSession(): void {
    const { navigate, currentPath } = deps.navigator();
    // Leave the page first so its queries unmount instead of refetching into an empty cache.
    navigate(loginPathFor(currentPath()));
    deps.queryClient.clear();
    clearStoredRole();
  }

  // Only administrators are refused this way, while the platform requires two-factor sign-in of
  // them and they have not set it up: their security screen is the one place that works.
  function leadToTwoFactorSetup(): void {
    const { navigate, currentPath } = deps.navigator();
    if (!currentPath().startsWith(TWO_FACTOR_SETUP_PATH)) navigate(TWO_FACTOR_SETUP_PATH);
  }

  function refreshSession(): Promise<boolean> {
    refreshInFlight ??= deps
      .fetch(urlOf('/auth/refresh'), {
        credentials: 'include',
        headers: { Accept: 'application/json' },
      })
      .then(
        (response) => response.ok,
        () => false,
      )
      .then((refreshed) => {
        if (!refreshed) endSession();
        return refreshed;
      })
      .finally(() => {
        refreshInFlight = null;
      });
    return refreshInFlight;
  }

  async function request<S extends z.ZodType>(
    path: string,
    schema: S,
    options: RequestOptions = {},
  ): Promise<z.output<S>> {
    const first = await send(path, options);
    if (first.ok) return schema.parse(await first.json());

    const error = await toApiError(first);
    if (error.type === 'two_factor_setup_required') leadToTwoFactorSetup();
    if (!needsRefresh(error) || !(await refreshSession())) throw error;

    const retried = await send(path, options);
    if (retried.ok) return schema.parse(await retried.json());
    throw await toApiError(retried);
  }

  return {
    get: <S extends z.ZodType>(
      path: string,
      schema: S,
      options: Omit<RequestOptions, 'method' | 'body'> = {},
    ) => request(path, schema, { ...options, method: 'GET' }),
    post: <S extends z.ZodType>(
      path: string,
      schema: S,
      body?: unknown,
      options: Pick<RequestOptions, 'headers'> = {},
    ) => request(path, schema, { ...options, method: 'POST', body }),
    patch: <S extends z.ZodType>(path: string, schema: S, body?: unknown) =>
      request(path, schema, { method: 'PATCH', body }),
    put: <S extends z.ZodType>(path: string, schema: S, body?: unknown) =>
      request(path, schema, { method: 'PUT', body }),
  };
}

// Until the router binds itself (app/router.tsx), a full page load is the only way to move.
let sessionNavigator: SessionNavigator = {
  navigate: (to) => window.location.assign(to),
  currentPath: () => window.location.pathname + window.location.search,
};

export function bindSessionNavigator(navigator: SessionNavigator): void {
  sessionNavigator = navigator;
}

export const apiClient = createApiClient({
  baseUrl: import.meta.env.VITE_API_URL ?? '/api',
  // Looked up at call time, not captured, so tests can stub the global fetch.
  fetch: (input, init) => globalThis.fetch(input, init),
  queryClient,
  navigator: () => sessionNavigator,
});
