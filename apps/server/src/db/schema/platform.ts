import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { users } from './users';

/** Display currencies; the rate converts a USD amount for display only (money stays in USD). */
export const currencies = pgTable(
  'currencies',
  {
    id: id(),
    code: text('code').notNull(),
    symbol: text('symbol').notNull(),
    // Exact to 6 decimals, read as a JS number (the contract caps it at 1,000,000).
    rateToUsd: numeric('rate_to_usd', { precision: 13, scale: 6, mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('currencies_code_unique').on(t.code),
    check('currencies_rate_positive', sql`${t.rateToUsd} > 0`),
  ],
);

export const alertSeverityEnum = pgEnum('alert_severity', ['info', 'warning', 'critical']);

/** Banners shown to every user while active. */
export const alerts = pgTable(
  'alerts',
  {
    id: id(),
    messageEn: text('message_en').notNull(),
    messageFr: text('message_fr').notNull(),
    messageAr: text('message_ar').notNull(),
    severity: alertSeverityEnum('severity').notNull(),
    active: boolean('active').notNull().default(true),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('alerts_active_idx').on(t.active)],
);

export const faqs = pgTable(
  'faqs',
  {
    id: id(),
    questionEn: text('question_en').notNull(),
    questionFr: text('question_fr').notNull(),
    questionAr: text('question_ar').notNull(),
    answerEn: text('answer_en').notNull(),
    answerFr: text('answer_fr').notNull(),
    answerAr: text('answer_ar').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('faqs_position_idx').on(t.position, t.createdAt)],
);

/** ISO 3166-1 alpha-2 codes refused at register and login. */
export const bannedCountries = pgTable(
  'banned_countries',
  {
    id: id(),
    countryCode: text('country_code').notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('banned_countries_code_unique').on(t.countryCode)],
);
