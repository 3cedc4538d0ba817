import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { roleResponseSchema } from '@keymarket/contracts/users';
import { loginResponseSchema, okResponseSchema } from '@keymarket/contracts/auth';
import { FakeXhr } from '@/testing/fake-xhr';
import { errorReply, okReply, type Reply, urlOf } from '@/testing/mock-api';
import { createApiClient } from './api-client';
import { ApiError } from './api-error';

function respond({ status, body }: Reply): Response {
  return new Response(JSON.stringify(body), { status });
}

function setup(route: (path: string, init?: RequestInit) => Reply | Promise<Reply>) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    respond(await route(urlOf(input).replace(/^\/api/, ''), init)),
  );
  const queryClient = new QueryClient();
  const navigate = vi.fn();
  const onMaintenance = vi.fn();
  const client = createApiClient({
    baseUrl: '/api',
    fetch,
    queryClient,
    navigator: () => ({ navigate, currentPath: () => '/reseller/profile?tab=security' }),
    onMaintenance,
  });
  const calls = () => fetch.mock.calls.map(([input]) => urlOf(input));
  return { client, fetch, calls, queryClient, navigate, onMaintenance };
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('api client', () => {
  it('sends cookies and JSON, and a body on every write', async () => {
    const { client, fetch } = setup(() => okReply({ ok: true }));

    await client.put('/users/me/password', okResponseSchema);

    const [, init] = fetch.mock.calls[0]!;
    expect(init).toMatchObject({
      method: 'PUT',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
  });

  it('answers undefined for a 204 No Content (a deletion), which has no JSON to read', async () => {
    const client = createApiClient({
      baseUrl: '/api',
      fetch: vi.fn(async () => new Response(null, { status: 204 })),
      queryClient: new QueryClient(),
      navigator: () => ({ navigate: vi.fn(), currentPath: () => '/' }),
    });
    await expect(client.delete('/webhooks/1', z.undefined())).resolves.toBeUndefined();
    await expect(client.delete('/webhooks/1', okResponseSchema)).rejects.toThrow();
  });

  it('leads an administrator held to two-factor setup to the security screen', async () => {
    const { client, navigate } = setup(() => errorReply('two_factor_setup_required'));

    await expect(client.get('/orders/all', okResponseSchema)).rejects.toBeInstanceOf(ApiError);
    expect(navigate).toHaveBeenCalledWith('/admin/security');
  });

  it('reports maintenance, and only maintenance, to the app', async () => {
    const { client, onMaintenance, navigate } = setup((path) =>
      path === '/orders' ? errorReply('maintenance') : errorReply('unavailable'),
    );

    await expect(client.get('/currencies', okResponseSchema)).rejects.toMatchObject({
      type: 'unavailable',
    });
    expect(onMaintenance).not.toHaveBeenCalled();

    await expect(client.post('/orders', okResponseSchema)).rejects.toMatchObject({
      status: 503,
      type: 'maintenance',
    });
    expect(onMaintenance).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each(['banned', 'inactive'] as const)(
    'ends the session of a %s account: empty cache, login with redirect',
    async (type) => {
      const { client, calls, queryClient, navigate } = setup(() => errorReply(type, 'Reason'));
      queryClient.setQueryData(['users', 'me'], { username: 'previous user' });

      await expect(client.get('/orders/all', okResponseSchema)).rejects.toMatchObject({ type });

      expect(navigate).toHaveBeenCalledWith(
        '/login?redirect=%2Freseller%2Fprofile%3Ftab%3Dsecurity',
      );
      expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
      // No refresh: the server has revoked the session already.
      expect(calls()).toEqual(['/api/orders/all']);
    },
  );

  it('refreshes once on an expired token and retries the request', async () => {
    let refreshed = false;
    const { client, calls } = setup((path) => {
      if (path === '/auth/refresh') {
        refreshed = true;
        return okReply({ ok: true });
      }
      return refreshed ? okReply({ role: 'manager' }) : errorReply('unauthorized');
    });

    await expect(client.get('/users/me/role', roleResponseSchema)).resolves.toEqual({
      role: 'manager',
    });
    expect(calls()).toEqual(['/api/users/me/role', '/api/auth/refresh', '/api/users/me/role']);
  });

  it('shares one refresh between requests that expire together', async () => {
    let refreshed = false;
    const { client, calls } = setup(async (path) => {
      if (path === '/auth/refresh') {
        // Slow enough that the second 401 arrives while this refresh is still running.
        await delay(20);
        refreshed = true;
        return okReply({ ok: true });
      }
      return refreshed ? okReply({ role: 'admin' }) : errorReply('unauthorized');
    });

    const results = await Promise.all([
      client.get('/users/me/role', roleResponseSchema),
      client.get('/users/me/role', roleResponseSchema),
    ]);

    expect(results).toEqual([{ role: 'admin' }, { role: 'admin' }]);
    expect(calls().filter((url) => url === '/api/auth/refresh')).toHaveLength(1);
    expect(calls().filter((url) => url === '/api/users/me/role')).toHaveLength(4);
  });

  it('ends the session when the refresh fails: empty cache, no role, login with redirect', async () => {
    const { client, queryClient, navigate } = setup(() => errorReply('unauthorized'));
    queryClient.setQueryData(['users', 'me'], { username: 'previous user' });
    window.localStorage.setItem('userRole', 'reseller');

    const request = client.get('/users/me/role', roleResponseSchema);

    await expect(request).rejects.toBeInstanceOf(ApiError);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login?redirect=%2Freseller%2Fprofile%3Ftab%3Dsecurity');
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(window.localStorage.getItem('userRole')).toBeNull();
  });

  it('does not refresh on wrong credentials', async () => {
    const { client, calls, navigate } = setup(() =>
      errorReply('invalid_credentials', 'Login failed. Please check your credentials.'),
    );

    const login = client.post('/auth/login', loginResponseSchema, {
      identifier: 'nadia',
      password: 'wrong',
    });

    await expect(login).rejects.toMatchObject({ status: 401, type: 'invalid_credentials' });
    expect(calls()).toEqual(['/api/auth/login']);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('rejects other failures with the status and the server body', async () => {
    const { client } = setup(() =>
      errorReply('forbidden', 'You do not have permission to do this'),
    );

    const error: unknown = await client
      .get('/users/me/role', roleResponseSchema)
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 403,
      body: { statusCode: 403, message: { type: 'forbidden' } },
    });
  });

  it('turns a lost connection into an "unavailable" error', async () => {
    const { client, fetch } = setup(() => okReply({}));
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));

    await expect(client.get('/users/me/role', roleResponseSchema)).rejects.toMatchObject({
      status: 0,
      type: 'unavailable',
    });
  });
});

describe('api client uploads', () => {
  function setupUpload(refresh: Reply = okReply({ ok: true })) {
    const fetch = vi.fn(async () => respond(refresh));
    const uploads: FakeXhr[] = [];
    const navigate = vi.fn();
    const client = createApiClient({
      baseUrl: '/api',
      fetch,
      createXhr: () => {
        const xhr = new FakeXhr();
        uploads.push(xhr);
        return xhr as unknown as XMLHttpRequest;
      },
      queryClient: new QueryClient(),
      navigator: () => ({ navigate, currentPath: () => '/admin/settings/music' }),
    });
    return { client, fetch, uploads, navigate };
  }

  function aForm() {
    const form = new FormData();
    form.set('music', new File(['RIFF'], 'track.wav', { type: 'audio/wav' }));
    return form;
  }

  // Each event is dispatched after the upload is sent, which happens on a later microtask.
  const sent = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('sends the form with cookies and reports the share of the body sent', async () => {
    const { client, uploads } = setupUpload();
    const progress: number[] = [];

    const upload = client.upload('/music/update', okResponseSchema, aForm(), {
      onProgress: (fraction) => progress.push(fraction),
    });
    await sent();
    const [xhr] = uploads;
    xhr!.progress(25, 100);
    xhr!.progress(100, 100);
    xhr!.respond(200, { ok: true });

    await expect(upload).resolves.toEqual({ ok: true });
    expect(progress).toEqual([0.25, 1]);
    expect(xhr).toMatchObject({ method: 'POST', url: '/api/music/update', withCredentials: true });
    expect(xhr!.formField('music')).toBeInstanceOf(File);
  });

  it('refreshes once on an expired token and sends the form again', async () => {
    const { client, fetch, uploads } = setupUpload();

    const upload = client.upload('/music/update', okResponseSchema, aForm());
    await sent();
    uploads[0]!.respond(401, errorReply('unauthorized').body);
    await vi.waitFor(() => expect(uploads).toHaveLength(2));
    uploads[1]!.respond(200, { ok: true });

    await expect(upload).resolves.toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledWith('/api/auth/refresh', expect.anything());
    expect(uploads[1]!.formField('music')).toBeInstanceOf(File);
  });

  it('rejects a refused upload with the server body, without a refresh', async () => {
    const { client, fetch, uploads } = setupUpload();

    const upload = client.upload('/music/update', okResponseSchema, aForm());
    await sent();
    uploads[0]!.respond(413, errorReply('payload_too_large').body);

    await expect(upload).rejects.toMatchObject({ status: 413, type: 'payload_too_large' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('turns a lost connection into an "unavailable" error', async () => {
    const { client, uploads } = setupUpload();

    const upload = client.upload('/music/update', okResponseSchema, aForm());
    await sent();
    uploads[0]!.failConnection();

    await expect(upload).rejects.toMatchObject({ status: 0, type: 'unavailable' });
  });

  it('deletes with a JSON body the server accepts', async () => {
    const { client, fetch } = setup(() => okReply({ ok: true }));

    await client.delete('/currencies/3f0a3c1e-7b11-4c39-9d2b-6f1c2a4e8a53', okResponseSchema);

    expect(fetch.mock.calls[0]![1]).toMatchObject({ method: 'DELETE', body: '{}' });
  });
});
