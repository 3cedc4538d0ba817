import type { z } from 'zod';
import type { Alert, createAlertSchema } from '@keymarket/contracts/settings';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { AuthContext } from '../access/auth-context';
import { isAdmin, requireAdmin } from '../access/policy';
import { writeAudit } from '../ledger/ledger.repository';
import {
  deleteAlert,
  insertAlert,
  listAlerts,
  toggleAlert,
  type AlertRow,
} from './alerts.repository';

export class AlertsService {
  constructor(private readonly db: Database) {}

  /** Admins manage every alert; everyone else sees only the active banners. */
  async list(caller: AuthContext): Promise<{ alerts: Alert[] }> {
    const rows = await listAlerts(this.db, { activeOnly: !isAdmin(caller) });
    return { alerts: rows.map(alertView) };
  }

  async create(caller: AuthContext, input: z.output<typeof createAlertSchema>): Promise<Alert> {
    requireAdmin(caller);
    return this.db.transaction(async (tx) => {
      const row = await insertAlert(tx, { ...input, createdById: caller.userId });
      await this.audit(tx, caller, 'alert.create', row.id, undefined, alertView(row));
      return alertView(row);
    });
  }

  async toggle(caller: AuthContext, id: string): Promise<Alert> {
    requireAdmin(caller);
    return this.db.transaction(async (tx) => {
      const row = await toggleAlert(tx, id);
      if (!row) throw notFound('Alert');
      await this.audit(
        tx,
        caller,
        'alert.toggle',
        id,
        { active: !row.active },
        { active: row.active },
      );
      return alertView(row);
    });
  }

  async remove(caller: AuthContext, id: string) {
    requireAdmin(caller);
    await this.db.transaction(async (tx) => {
      const row = await deleteAlert(tx, id);
      if (!row) throw notFound('Alert');
      await this.audit(tx, caller, 'alert.delete', id, alertView(row), undefined);
    });
    return { ok: true as const };
  }

  private audit(
    tx: Parameters<typeof writeAudit>[0],
    caller: AuthContext,
    action: string,
    id: string,
    before: unknown,
    after: unknown,
  ) {
    return writeAudit(tx, {
      actorId: caller.userId,
      action,
      targetType: 'alert',
      targetId: id,
      before,
      after,
    });
  }
}

const alertView = (row: AlertRow): Alert => ({
  id: row.id,
  messageEn: row.messageEn,
  messageFr: row.messageFr,
  messageAr: row.messageAr,
  severity: row.severity,
  active: row.active,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
