import { auditActionKey, auditActions, type AuditAction } from '@keymarket/contracts/audit-actions';
import type { AppLanguage } from '@keymarket/contracts/users';
import ar from './locales/ar.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };

/**
 * The actions' names as the audit screen shows them, one file per language (`locales/*.json`):
 * a copy of the web app's `audit.actions` texts (apps/web/src/locales/namespaces/money), which
 * `audit-actions.test.ts` holds equal to them and complete in every language.
 */
export const auditActionNames: Record<AppLanguage, Record<string, string>> = { en, fr, ar };

const isAuditAction = (action: string): action is AuditAction =>
  (auditActions as readonly string[]).includes(action);

/** An action's name in `language`: English where that language lacks it, the code for none. */
export function auditActionName(action: string, language: AppLanguage): string {
  if (!isAuditAction(action)) return action;
  const key = auditActionKey(action);
  return auditActionNames[language][key] ?? auditActionNames.en[key] ?? action;
}
