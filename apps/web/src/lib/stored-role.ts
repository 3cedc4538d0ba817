import { roleSchema, type Role } from '@keymarket/contracts/users';
import { readStorage, removeStorage, storageKeys, writeStorage } from './storage';

/** The role `/` redirects by (specification §2). Anything unrecognised reads as no role. */
export function readStoredRole(): Role | null {
  const parsed = roleSchema.safeParse(readStorage(storageKeys.userRole));
  return parsed.success ? parsed.data : null;
}

export function storeRole(role: Role): void {
  writeStorage(storageKeys.userRole, role);
}

export function clearStoredRole(): void {
  removeStorage(storageKeys.userRole);
}
