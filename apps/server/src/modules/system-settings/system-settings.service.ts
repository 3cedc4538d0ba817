import type { z } from 'zod';
import type {
  SystemSettings,
  SystemSettingsView,
  updateSystemSettingsSchema,
} from '@keymarket/contracts/system-settings';
import type { Database } from '../../db/client';
import {
  readSystemSettings,
  SETTINGS,
  writeSetting,
  type SystemSettingsCache,
} from '../../lib/settings';
import type { AuthContext } from '../access/auth-context';
import { isAdmin, requireAdmin } from '../access/policy';
import { writeAudit } from '../ledger/ledger.repository';

export class SystemSettingsService {
  constructor(
    private readonly db: Database,
    private readonly cache: SystemSettingsCache,
    private readonly emailAvailable = false,
  ) {}

  /** Public: the web app needs the site name and maintenance state before anyone signs in. */
  async get(caller: AuthContext | null): Promise<SystemSettingsView> {
    return settingsView(await readSystemSettings(this.db), isAdmin(caller), this.emailAvailable);
  }

  /** Merges the given settings into the stored ones; the row is locked for the read-modify-write. */
  async update(
    caller: AuthContext,
    input: z.output<typeof updateSystemSettingsSchema>,
  ): Promise<SystemSettingsView> {
    requireAdmin(caller);
    const saved = await this.db.transaction(async (tx) => {
      const before = await readSystemSettings(tx, { forUpdate: true });
      const after: SystemSettings = { ...before, ...input };
      await writeSetting(tx, SETTINGS.system, after);
      await writeAudit(tx, {
        actorId: caller.userId,
        action: 'settings.system.update',
        targetType: 'settings',
        before,
        after,
      });
      return after;
    });
    this.cache.remember(saved);
    return settingsView(saved, true, this.emailAvailable);
  }
}

function settingsView(
  settings: SystemSettings,
  forAdmin: boolean,
  emailAvailable: boolean,
): SystemSettingsView {
  const view: SystemSettingsView = {
    siteName: settings.siteName,
    maintenanceMode: settings.maintenanceMode,
    registrationOpen: settings.registrationOpen,
    defaultLanguage: settings.defaultLanguage,
    supportContact: settings.supportContact,
    passwordReset: emailAvailable,
  };
  if (forAdmin) {
    view.signupApproval = settings.signupApproval;
    view.adminTwoFactorRequired = settings.adminTwoFactorRequired;
    view.lowStockThreshold = settings.lowStockThreshold;
  }
  return view;
}
