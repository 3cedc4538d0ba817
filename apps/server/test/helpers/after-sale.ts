import type { SignedInUser } from './factory';

/** POST /api/products/{id}/keys as `admin`: one line per key. */
export function importKeys(admin: SignedInUser, productId: string, keys: readonly string[]) {
  return admin.inject({
    method: 'POST',
    url: `/api/products/${productId}/keys`,
    payload: { keys: keys.join('\n') },
  });
}

/** POST /api/orders/{id}/report as `user`. */
export function reportKey(user: SignedInUser, orderId: string, payload: unknown) {
  return user.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/report`,
    payload: payload as object,
  });
}

/** POST /api/orders/{id}/replace or /refund as `user`. */
export function actOnKey(
  user: SignedInUser,
  action: 'replace' | 'refund',
  orderId: string,
  payload: unknown,
) {
  return user.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/${action}`,
    payload: payload as object,
  });
}

let keySerial = 0;
/** `count` fresh key texts, unique across the test run. */
export function freshKeys(count: number, prefix = 'NEW'): string[] {
  return Array.from(
    { length: count },
    () => `${prefix}-${process.pid}-${++keySerial}-${Date.now()}`,
  );
}
