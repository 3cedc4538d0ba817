import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notificationItemSchema } from '@keymarket/contracts/notifications';
import { API_BASE_URL } from '@/lib/api-client';
import { unreadCountQueryOptions } from './get-notifications';
import {
  distinctKeys,
  EVERYTHING_LIVE,
  LIVE_EVENT_KEYS,
  NOTIFICATION_KEYS,
  type QueryKey,
} from './live-query-keys';

/** What a stream event makes stale (`live-query-keys.ts`). Exported for its unit test. */
export function invalidationsFor(event: string, data: unknown): QueryKey[] {
  if (event !== 'balance' && event !== 'orders' && event !== 'notification') return [];
  const keys = [...LIVE_EVENT_KEYS[event]];
  if (event === 'notification') {
    const parsed = notificationItemSchema.safeParse(data);
    if (parsed.success) keys.push(...NOTIFICATION_KEYS[parsed.data.type]);
  }
  return distinctKeys(keys);
}

function invalidate(queryClient: QueryClient, keys: readonly QueryKey[]) {
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}

const FIRST_RETRY_MS = 3_000;
const LAST_RETRY_MS = 60_000;

/**
 * Keeps the signed-in user's figures live (DESIGN.md §12): one EventSource on
 * `/notifications/stream` per tab, whose events invalidate the queries they concern
 * (`live-query-keys.ts`), so the top bar, the dashboard, the bell, the orders lists and counts,
 * the statements, the tickets and the top-ups all show the same state without a reload.
 *
 * When the stream cannot stay open (a proxy that buffers, a laptop asleep, an expired session),
 * the tab refetches on focus instead, and tries the stream again later: first a request through
 * the API client, which refreshes an expired session, then a new EventSource that names the last
 * event it had (`lastEventId`), so nothing raised meanwhile is missed.
 */
export function useLiveUpdates(enabled = true) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let live = false;
    let wasDown = false;
    let lastEventId: string | undefined;
    let retryMs = FIRST_RETRY_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const onEvent = (event: MessageEvent<string>) => {
      if (event.lastEventId) lastEventId = event.lastEventId;
      let data: unknown;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      invalidate(queryClient, invalidationsFor(event.type, data));
    };

    const open = () => {
      const query = lastEventId ? `?lastEventId=${encodeURIComponent(lastEventId)}` : '';
      source = new EventSource(`${API_BASE_URL}/notifications/stream${query}`, {
        withCredentials: true,
      });
      source.addEventListener('ready', () => {
        // Whatever changed while the stream was down is read again once.
        if (wasDown) invalidate(queryClient, EVERYTHING_LIVE);
        live = true;
        wasDown = false;
        retryMs = FIRST_RETRY_MS;
      });
      for (const name of Object.keys(LIVE_EVENT_KEYS)) {
        source.addEventListener(name, onEvent as EventListener);
      }
      source.addEventListener('error', () => {
        live = false;
        wasDown = true;
        // CONNECTING: the browser reconnects by itself, with Last-Event-ID. CLOSED: it gave up
        // (an error status, such as 401 once the session expired): we try again later.
        if (source?.readyState !== EventSource.CLOSED) return;
        source = undefined;
        timer = setTimeout(() => void reopen(), retryMs);
        retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
      });
    };

    const reopen = async () => {
      if (stopped) return;
      try {
        // Through the API client: refreshes an expired session (or signs the user out).
        await queryClient.fetchQuery({ ...unreadCountQueryOptions(), staleTime: 0 });
      } catch {
        // The retry below comes later anyway.
      }
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- the cleanup may have run during the await
      if (!stopped) open();
    };

    const onFocus = () => {
      if (!live && document.visibilityState === 'visible') {
        invalidate(queryClient, EVERYTHING_LIVE);
      }
    };

    open();
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onFocus);
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onFocus);
    };
  }, [enabled, queryClient]);
}
