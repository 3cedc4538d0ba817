import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { messages } from '@keymarket/contracts/messages';
import {
  notificationPreferencesSchema,
  updateNotificationPreferencesSchema,
  type NotificationPreferences,
} from '@keymarket/contracts/notifications';
import { accountLanguageSchema, type AppLanguage } from '@keymarket/contracts/users';
import type { Database, Executor } from '../../db/client';
import { notificationPreferences } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { authOf } from '../access/auth-context';
import { saveAccountLanguage } from './account-language';
import { eq } from 'drizzle-orm';

type UpdateInput = z.output<typeof updateNotificationPreferencesSchema>;

/**
 * A user's own notification preferences (DESIGN.md §12): which types also come by email, and in
 * which language. Reading them always works (`emailAvailable` says whether the server sends
 * email); saving them needs `SMTP_URL`, like everything about email.
 */
export class NotificationPreferencesService {
  constructor(
    private readonly db: Database,
    private readonly emailAvailable: boolean,
  ) {}

  async get(userId: string): Promise<NotificationPreferences> {
    return this.view(this.db, userId);
  }

  async put(userId: string, input: UpdateInput): Promise<NotificationPreferences> {
    if (!this.emailAvailable) throw new AppError('not_found', messages.emailUnavailable);
    await this.db
      .insert(notificationPreferences)
      .values({ userId, emailTypes: input.email, language: input.language })
      .onConflictDoUpdate({
        target: notificationPreferences.userId,
        set: { emailTypes: input.email, language: input.language, updatedAt: new Date() },
      });
    return this.view(this.db, userId);
  }

  /**
   * The language the user now reads the app in: its emails follow it. Saved with or without
   * `SMTP_URL`, like the interface's other choices, so that emails sent once it is set are right.
   */
  async setLanguage(userId: string, language: AppLanguage): Promise<{ language: AppLanguage }> {
    await saveAccountLanguage(this.db, userId, language);
    return { language };
  }

  private async view(db: Executor, userId: string): Promise<NotificationPreferences> {
    const [row] = await db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, userId));
    return {
      email: row?.emailTypes ?? [],
      language: (row?.language as NotificationPreferences['language'] | undefined) ?? 'en',
      emailAvailable: this.emailAvailable,
    };
  }
}

export const notificationPreferencesRoutes: FastifyPluginAsyncZod<{
  preferences: NotificationPreferencesService;
}> = async (app, { preferences }) => {
  app.get(
    '/users/me/notification-preferences',
    {
      config: { access: 'authenticated' },
      schema: { response: { 200: notificationPreferencesSchema } },
    },
    (request) => preferences.get(authOf(request).userId),
  );

  app.put(
    '/users/me/notification-preferences',
    {
      config: { access: 'authenticated' },
      schema: {
        body: updateNotificationPreferencesSchema,
        response: { 200: notificationPreferencesSchema },
      },
    },
    (request) => preferences.put(authOf(request).userId, request.body),
  );

  app.put(
    '/users/me/language',
    {
      config: { access: 'authenticated' },
      schema: { body: accountLanguageSchema, response: { 200: accountLanguageSchema } },
    },
    (request) => preferences.setLanguage(authOf(request).userId, request.body.language),
  );
};
