import { afterAll, beforeAll } from 'vitest';
import type { Role } from '@keymarket/contracts/users';
import type { SignedInUser } from './factory';
import { createTestApp, type TestContext } from './test-app';

/**
 * An object a test file can name at its top (`const ctx = useTestApp()`) although it is made in
 * a beforeAll: the object returned now is filled in, prototype included, when the hook runs. Its
 * fields are there in the tests and in hooks registered after this one, as with a `let` assigned
 * in beforeAll, without each file writing the `let`s and the hook again.
 */
export function madeBeforeAll<T extends object>(make: () => Promise<T>): T {
  const made = {} as T;
  beforeAll(async () => {
    const value = await make();
    Object.setPrototypeOf(
      Object.assign(made, value),
      Object.getPrototypeOf(value) as object | null,
    );
  });
  return made;
}

/** The real app on a fresh database (createTestApp) for the enclosing file or describe, closed after it. */
export function useTestApp(...args: Parameters<typeof createTestApp>): TestContext {
  const ctx = madeBeforeAll(() => createTestApp(...args));
  afterAll(() => ctx.close());
  return ctx;
}

/** A user of `role` invited by `invitedBy`, signed in once the app is up. */
export function useSignedIn(ctx: TestContext, role: Role, invitedBy?: SignedInUser): SignedInUser {
  return madeBeforeAll(() => ctx.factory.signedIn(role, invitedBy?.user));
}
