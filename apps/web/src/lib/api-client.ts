import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { isErrorBody } from '@keymarket/contracts/errors';
import { ApiError, apiErrorWithoutBody } from './api-error';
import { queryClient } from './query-client';
import { reportMaintenance } from './maintenance';
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
  /**
   * Asks whether there is a session at all (the public pages do): a visitor without one stays
   * on the page it is reading instead of being sent to /login.
   */
  probe?: boolean;
};

/** How the client leaves the page when the session is over; the router provides it. */
export type SessionNavigator = {
  navigate: (to: string) => void;
  currentPath: () => string;
};

/** A multipart upload: `onProgress` hears the share of the body sent so far, from 0 to 1. */
type UploadOptions = {
  method?: 'POST' | 'PUT';
  query?: QueryParams;
  onProgress?: (sentFraction: number) => void;
  signal?: AbortSignal;
};

type ApiClientDependencies = {
  baseUrl: string;
  fetch: typeof fetch;
  /** Uploads go through XMLHttpRequest: fetch cannot report how much of a body was sent. */
  createXhr?: () => XMLHttpRequest;
  queryClient: QueryClient;
  navigator: () => SessionNavigator;
  /** Told of every 503 `maintenance`, so the app can show its maintenance page. */
  onMaintenance?: () => void;
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

/** A ban or a suspension: the server has already revoked every session of the account. */
function isAccountBlocked(error: ApiError): boolean {
  return error.type === 'banned' || error.type === 'inactive';
}

const TWO_FACTOR_SETUP_PATH = '/admin/security';

/** A success's JSON; `204 No Content` (a deletion) has none and reads as `undefined`. */
function bodyOf(response: Response): Promise<unknown> {
  return response.status === 204 ? Promise.resolve(undefined) : response.json();
}

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

  // The browser sets the multipart boundary itself, so no Content-Type is given for a form. A file
  // sent as the body itself goes as application/octet-stream, which no cross-site form can send.
  function sendForm(
    path: string,
    form: FormData | Blob,
    options: UploadOptions,
  ): Promise<Response> {
    // Created at call time, like fetch above, so tests can stub the global.
    const xhr = deps.createXhr?.() ?? new XMLHttpRequest();
    return new Promise((resolve, reject) => {
      const abort = () => xhr.abort();
      options.signal?.addEventListener('abort', abort, { once: true });
      const settle = () => options.signal?.removeEventListener('abort', abort);
      xhr.open(options.method ?? 'POST', urlOf(path, options.query));
      xhr.withCredentials = true;
      xhr.setRequestHeader('Accept', 'application/json');
      if (!(form instanceof FormData)) {
        xhr.setRequestHeader('Content-Type', 'application/octet-stream');
      }
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable && event.total > 0) {
          options.onProgress?.(event.loaded / event.total);
        }
      });
      xhr.addEventListener('load', () => {
        settle();
        resolve(new Response(xhr.responseText || null, { status: xhr.status }));
      });
      xhr.addEventListener('error', () => {
        settle();
        reject(apiErrorWithoutBody(0));
      });
      xhr.addEventListener('abort', () => {
        settle();
        reject(new DOMException('The upload was aborted', 'AbortError'));
      });
      xhr.send(form);
    });
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

  // A page left open by a user who has since been banned or suspended goes to the sign-in form,
  // where an attempt tells why. Sign-in answers the same way; there is no session to leave then.
  function leaveBlockedAccount(): void {
    if (!deps.navigator().currentPath().startsWith('/login')) endSession();
  }

  function refreshSession({ endOnFailure = true } = {}): Promise<boolean> {
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
        if (!refreshed) {
          if (endOnFailure) endSession();
          else clearStoredRole();
        }
        return refreshed;
      })
      .finally(() => {
        refreshInFlight = null;
      });
    return refreshInFlight;
  }

  /** Sends with `transmit`, refreshing the session once on an expired token and retrying. */
  async function withSession<S extends z.ZodType>(
    schema: S,
    transmit: () => Promise<Response>,
    { probe = false } = {},
  ): Promise<z.output<S>> {
    const first = await transmit();
    if (first.ok) return schema.parse(await bodyOf(first));

    const error = await toApiError(first);
    if (error.type === 'two_factor_setup_required') leadToTwoFactorSetup();
    if (isAccountBlocked(error)) leaveBlockedAccount();
    if (error.type === 'maintenance') deps.onMaintenance?.();
    if (!needsRefresh(error) || !(await refreshSession({ endOnFailure: !probe }))) throw error;

    const retried = await transmit();
    if (retried.ok) return schema.parse(await bodyOf(retried));
    throw await toApiError(retried);
  }

  function request<S extends z.ZodType>(
    path: string,
    schema: S,
    options: RequestOptions = {},
  ): Promise<z.output<S>> {
    return withSession(schema, () => send(path, options), { probe: options.probe });
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
    delete: <S extends z.ZodType>(path: string, schema: S, body?: unknown) =>
      request(path, schema, { method: 'DELETE', body }),
    /** A multipart body (files), with upload progress; a retry after a refresh starts over. */
    upload: <S extends z.ZodType>(
      path: string,
      schema: S,
      form: FormData,
      options: UploadOptions = {},
    ) => withSession(schema, () => sendForm(path, form, options)),
    /** A file as the request body itself, streamed by the browser, with upload progress. */
    uploadFile: <S extends z.ZodType>(
      path: string,
      schema: S,
      file: Blob,
      options: UploadOptions = {},
    ) => withSession(schema, () => sendForm(path, file, options)),
  };
}

// Until the router binds itself (app/router.ts), a full page load is the only way to move.
let sessionNavigator: SessionNavigator = {
  navigate: (to) => window.location.assign(to),
  currentPath: () => window.location.pathname + window.location.search,
};

export function bindSessionNavigator(navigator: SessionNavigator): void {
  sessionNavigator = navigator;
}

/** Where the API is: this origin's /api unless the build says otherwise. */
export const API_BASE_URL = import.meta.env.VITE_API_URL ?? '/api';

export const apiClient = createApiClient({
  baseUrl: API_BASE_URL,
  // Looked up at call time, not captured, so tests can stub the global fetch.
  fetch: (input, init) => globalThis.fetch(input, init),
  queryClient,
  navigator: () => sessionNavigator,
  onMaintenance: reportMaintenance,
});
