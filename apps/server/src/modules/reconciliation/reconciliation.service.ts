import type { Reconciliation } from '@keymarket/contracts/reconciliation';
import type { Database } from '../../db/client';
import { ReadRouting } from '../../db/read-routing';
import { readSetting, SETTINGS, writeSetting } from '../../lib/settings';
import type { AuthContext } from '../access/auth-context';
import { requireAdmin } from '../access/policy';
import { runChecks } from './reconciliation.checks';

/**
 * Checks every money invariant on the whole database in one snapshot (a read-only repeatable
 * read transaction, so money moving meanwhile cannot make a check fail).
 */
export async function checkInvariants(db: Database, now = new Date()): Promise<Reconciliation> {
  const checks = await db.transaction((tx) => runChecks(tx), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
  return { ok: checks.every((c) => c.ok), checkedAt: now.toISOString(), checks };
}

/**
 * Checks every invariant and stores the result for the admin dashboard (the last result).
 * `npm run reconcile` and `POST /admin/reconciliation` run this.
 */
export async function reconcile(db: Database, now = new Date()): Promise<Reconciliation> {
  const result = await checkInvariants(db, now);
  await writeSetting(db, SETTINGS.reconciliation, result);
  return result;
}

export class ReconciliationService {
  constructor(
    private readonly db: Database,
    /**
     * The read-only checks may run on a replica that is close behind: one snapshot of it is as
     * consistent as one of the primary (a read-only repeatable read runs on a standby).
     */
    private readonly reads = new ReadRouting(db),
  ) {}

  /** The checks now, without storing them. */
  async check(caller: AuthContext): Promise<Reconciliation> {
    requireAdmin(caller);
    return checkInvariants(await this.reads.reader());
  }

  /** The checks now, stored as the last result. */
  run(caller: AuthContext): Promise<Reconciliation> {
    requireAdmin(caller);
    return reconcile(this.db);
  }

  async last(caller: AuthContext): Promise<{ last: Reconciliation | null }> {
    requireAdmin(caller);
    return { last: await readSetting(this.db, SETTINGS.reconciliation) };
  }
}
