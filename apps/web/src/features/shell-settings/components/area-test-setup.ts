import type { Role, User } from '@keymarket/contracts/users';
import { aUser } from '@/testing/fixtures';
import { mockApi, okReply } from '@/testing/mock-api';

/**
 * The server side of a signed-in `role` on its profile page (the layout's screen under test),
 * plus `handlers` for what the test is about.
 */
export function signedInAs(
  role: Role,
  handlers: Parameters<typeof mockApi>[0] = {},
  user: Partial<User> = {},
) {
  window.localStorage.setItem('userRole', role);
  return mockApi({
    'GET /users/me/role': okReply({ role }),
    'GET /users/me': okReply(aUser({ role, ...user })),
    ...handlers,
  });
}

/**
 * Imports the area's lazily loaded modules once, before the tests: the first import transforms
 * them on the spot, which on a busy machine outlasts a `findBy` inside a test.
 */
export async function preloadArea(): Promise<void> {
  await Promise.all([import('@/app/layouts/area-layout'), import('@/app/routes/area/profile')]);
}
