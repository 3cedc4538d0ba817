import { eq } from 'drizzle-orm';
import type { AppLanguage } from '@keymarket/contracts/users';
import type { NotificationType } from '@keymarket/contracts/notifications';
import type { Executor } from '../../db/client';
import { notificationPreferences } from '../../db/schema/index';

export async function findEmailPreferences(db: Executor, userId: string) {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row;
}

/** The types that also come by email, and their language: created, or replaced. */
export async function saveEmailPreferences(
  db: Executor,
  userId: string,
  preferences: { emailTypes: NotificationType[]; language: AppLanguage },
): Promise<void> {
  const { emailTypes, language } = preferences;
  await db
    .insert(notificationPreferences)
    .values({ userId, emailTypes, language })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { emailTypes, language, updatedAt: new Date() },
    });
}

/**
 * Records the language `userId` reads the app in, which every email to it is written in
 * (email-consumer.ts reads it). Kept with the email preferences, whose types it leaves as they
 * are: a user who never saved them still gets no optional email, but its password reset and
 * account emails come in its language instead of English.
 */
export async function saveAccountLanguage(
  db: Executor,
  userId: string,
  language: AppLanguage,
): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values({ userId, language })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { language, updatedAt: new Date() },
    });
}
