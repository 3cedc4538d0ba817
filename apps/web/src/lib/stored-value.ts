import { useSyncExternalStore } from 'react';
import { readStorage, writeStorage, type StorageKey } from './storage';

type StoredValueOptions<T> = {
  key: StorageKey;
  parse: (raw: string | null) => T;
  serialize: (value: T) => string;
};

/**
 * A preference kept in localStorage that several mounted components read at once (the top bar
 * and the mobile drawer both show the theme switch), so a change must reach all of them, and
 * other tabs too through the `storage` event.
 */
export function createStoredValue<T>({ key, parse, serialize }: StoredValueOptions<T>) {
  const listeners = new Set<() => void>();

  function get(): T {
    return parse(readStorage(key));
  }

  function set(value: T): void {
    writeStorage(key, serialize(value));
    listeners.forEach((notify) => notify());
  }

  function subscribe(notify: () => void): () => void {
    const onStorage = (event: StorageEvent) => {
      if (event.key === key) notify();
    };
    listeners.add(notify);
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(notify);
      window.removeEventListener('storage', onStorage);
    };
  }

  function useValue(): [T, (value: T) => void] {
    // The raw string is the snapshot: parsed objects would differ on every read and loop React.
    const raw = useSyncExternalStore(subscribe, () => readStorage(key));
    return [parse(raw), set];
  }

  return { get, set, subscribe, useValue };
}
