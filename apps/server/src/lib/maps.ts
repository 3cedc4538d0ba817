/**
 * `map.get(key)` for a key the map is known to hold (a product `requireLiveProducts` checked, a
 * product that was quoted). A missing one is a bug, not a 404, so this throws.
 */
export function known<K, V>(map: ReadonlyMap<K, V>, key: K): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Expected ${String(key)} in the map`);
  return value;
}
