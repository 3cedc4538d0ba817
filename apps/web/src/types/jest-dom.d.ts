import type { TestingLibraryMatchers } from '@testing-library/jest-dom/matchers';

// jest-dom's own `vitest` entry cannot resolve vitest from where npm hoists it, so the matchers
// are registered by hand (testing/setup-tests.ts) and typed here.
declare module 'vitest' {
  // Declaration merging is the only way to add matchers, and it needs an interface.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Matchers<T> extends TestingLibraryMatchers<unknown, T> {}
}
