import * as domMatchers from '@testing-library/jest-dom/matchers';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { i18n, i18nReady } from '@/lib/i18n';
import { endMaintenance } from '@/lib/maintenance';
import { queryClient } from '@/lib/query-client';

expect.extend(domMatchers);
// The first visit to a lazily loaded area transforms its modules on the spot, which can take
// longer than the default second on a busy machine.
configure({ asyncUtilTimeout: 10_000 });
await i18nReady;
// Components are tested as they render inside an area, where its layout and route have loaded
// their texts before they show: rendered alone, a screen could otherwise show its data before
// its texts had arrived, and a test read keys instead of words (seen on a busy machine).
const namespaceFiles = Object.keys(import.meta.glob('../locales/namespaces/*/en.json'));
await i18n.loadNamespaces(namespaceFiles.map((file) => file.split('/')[3]!));

// A React warning (act, keys, a11y props) or a jsdom "not implemented" is a bug the test did
// not assert on; any console.error fails the test that produced it.
let consoleErrors: string[] = [];

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args.map(String).join(' '));
  });
});

afterEach(async () => {
  cleanup();
  queryClient.clear();
  // sonner keeps its toasts in a module-level store and replays the active ones to the next
  // Toaster that mounts: without this, a test would also see the previous tests' toasts.
  toast.dismiss();
  endMaintenance();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
  if (consoleErrors.length > 0) {
    throw new Error(`Unexpected console.error:\n${consoleErrors.join('\n')}`);
  }
});
