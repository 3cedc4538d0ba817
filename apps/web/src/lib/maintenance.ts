import { useSyncExternalStore } from 'react';

/*
 * Whether the API has answered 503 `maintenance`: while an administrator has the platform in
 * maintenance, every call of every other user is refused. The API client reports it on any such
 * answer; the maintenance page ends it once the system settings say maintenance is over.
 */
let underMaintenance = false;
const listeners = new Set<() => void>();

function setMaintenance(value: boolean): void {
  if (underMaintenance === value) return;
  underMaintenance = value;
  listeners.forEach((notify) => notify());
}

export function reportMaintenance(): void {
  setMaintenance(true);
}

export function endMaintenance(): void {
  setMaintenance(false);
}

function subscribe(notify: () => void): () => void {
  listeners.add(notify);
  return () => listeners.delete(notify);
}

export function useMaintenance(): boolean {
  return useSyncExternalStore(subscribe, () => underMaintenance);
}
