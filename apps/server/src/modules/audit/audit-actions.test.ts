import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditActionKey, auditActions } from '@keymarket/contracts/audit-actions';
import { auditTargetTypes } from '@keymarket/contracts/balance';
import { webhookEventTypes } from '@keymarket/contracts/integration';
import { notificationTypes } from '@keymarket/contracts/notifications';
import { appLanguages } from '@keymarket/contracts/users';
import { auditActionName, auditActionNames } from './audit-action-names';

/**
 * The audit screen lists and names the actions of `auditActions`: an action the server writes
 * that the list lacks could be found by nobody. Every text in the server's source shaped like an
 * action ("product.keys_moved": a record's kind, a dot, words) is one of them, or a webhook
 * event or a notification type, which share the shape.
 */
const SOURCE = join(import.meta.dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Other names of that shape: an outbox delivery's kind, a notification of the upstreams. */
const notActions = ['upstream.report', 'upstream.balance_low'];

const kinds = [...auditTargetTypes, 'balance', 'profit', 'thresholds'].join('|');
const actionShaped = new RegExp(`['\`"]((?:${kinds})(?:\\.[a-z_-]+)+)['\`"]`, 'g');

describe('audit actions', () => {
  it('lists every action the server writes', () => {
    const known = new Set<string>([
      ...auditActions,
      ...webhookEventTypes,
      ...notificationTypes,
      ...notActions,
    ]);
    const written = new Set(
      sourceFiles(SOURCE).flatMap((path) =>
        [...readFileSync(path, 'utf8').matchAll(actionShaped)].map((match) => match[1]!),
      ),
    );
    // The scan finds the actions written with their name spelt out.
    expect(written).toContain('order.placed');
    expect(written).toContain('user.reset-password');
    expect([...written].filter((action) => !known.has(action))).toEqual([]);
  });

  it('lists each action once', () => {
    expect(new Set(auditActions).size).toBe(auditActions.length);
  });
});

/** The audit screen's texts of `language` (the web app's `money` namespace). */
const WEB_NAMESPACE = join(SOURCE, '..', '..', 'web', 'src', 'locales', 'namespaces', 'money');
function webActionNames(language: string): unknown {
  const texts = JSON.parse(readFileSync(join(WEB_NAMESPACE, `${language}.json`), 'utf8')) as {
    audit: { actions: unknown };
  };
  return texts.audit.actions;
}

describe('audit action names', () => {
  it.each(appLanguages)(
    '%s: the export names every action, as the audit screen does',
    (language) => {
      const names = auditActionNames[language];
      const unnamed = auditActions.filter((action) => !names[auditActionKey(action)]?.trim());
      expect(unnamed).toEqual([]);
      expect(Object.keys(names).sort()).toEqual(auditActions.map(auditActionKey).sort());
      // The server's copy is the screen's texts, word for word.
      expect(names).toEqual(webActionNames(language));
    },
  );

  it('names an action in the language asked for, and an unknown one by its code', () => {
    expect(auditActionName('order.completed', 'en')).toBe(auditActionNames.en.order_completed);
    expect(auditActionName('order.completed', 'fr')).not.toBe(
      auditActionName('order.completed', 'en'),
    );
    expect(auditActionName('bulk.test', 'fr')).toBe('bulk.test');
  });
});
