import { vi } from 'vitest';
import type { KeyImport } from '@keymarket/contracts/catalogue';
import type { SignedInUser } from './factory';

const FINAL = new Set<KeyImport['status']>(['done', 'cancelled', 'failed']);

/** Reading and waiting for key imports (they run in the background) as `admin`. */
export function keyImportsOf(admin: SignedInUser) {
  const read = async (productId: string, importId: string) => {
    const res = await admin.inject({
      method: 'GET',
      url: `/api/products/${productId}/keys/imports/${importId}`,
    });
    if (res.statusCode !== 200) throw new Error(`import not read: ${res.body}`);
    return res.json<KeyImport>();
  };
  /** Polls the import until `done` holds of it. */
  const importWhen = (
    productId: string,
    importId: string,
    done: (job: KeyImport) => boolean,
    timeout = 60_000,
  ) =>
    vi.waitFor(
      async () => {
        const job = await read(productId, importId);
        if (!done(job)) throw new Error(`not yet: ${JSON.stringify(job)}`);
        return job;
      },
      { timeout, interval: 20 },
    );
  return {
    read,
    importWhen,
    /** The import once it ended (done, cancelled or failed). */
    finishedImport: (productId: string, importId: string, timeout?: number) =>
      importWhen(productId, importId, (job) => FINAL.has(job.status), timeout),
  };
}
