import type { z } from 'zod';
import { messages } from '@keymarket/contracts/messages';
import type {
  NotificationPreferences,
  updateNotificationPreferencesSchema,
} from '@keymarket/contracts/notifications';
import type { AppLanguage } from '@keymarket/contracts/users';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import {
  findEmailPreferences,
  saveAccountLanguage,
  saveEmailPreferences,
} from './email-preferences.repository';

type UpdateInput = z.output<typeof updateNotificationPreferencesSchema>;

/**
 * A user's own notification preferences (DESIGN.md §12): which types also come by email, and in
 * which language. Reading them always works (`emailAvailable` says whether the server sends
 * email); saving them needs `SMTP_URL`, like everything about email.
 */
export class EmailPreferencesService {
  constructor(
    private readonly db: Database,
    private readonly emailAvailable: boolean,
  ) {}

  async get(userId: string): Promise<NotificationPreferences> {
    return this.view(userId);
  }

  async put(userId: string, input: UpdateInput): Promise<NotificationPreferences> {
    if (!this.emailAvailable) throw new AppError('not_found', messages.emailUnavailable);
    await saveEmailPreferences(this.db, userId, {
      emailTypes: input.email,
      language: input.language,
    });
    return this.view(userId);
  }

  /**
   * The language the user now reads the app in: its emails follow it. Saved with or without
   * `SMTP_URL`, like the interface's other choices, so that emails sent once it is set are right.
   */
  async setLanguage(userId: string, language: AppLanguage): Promise<{ language: AppLanguage }> {
    await saveAccountLanguage(this.db, userId, language);
    return { language };
  }

  private async view(userId: string): Promise<NotificationPreferences> {
    const row = await findEmailPreferences(this.db, userId);
    return {
      email: row?.emailTypes ?? [],
      language: (row?.language as NotificationPreferences['language'] | undefined) ?? 'en',
      emailAvailable: this.emailAvailable,
    };
  }
}
