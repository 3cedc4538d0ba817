import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt, id } from './columns';

/** Uploaded files, stored in the database by default so every instance can serve them. */
export const files = pgTable(
  'files',
  {
    id: id(),
    ownerId: uuid('owner_id'),
    purpose: text('purpose').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('files_owner_idx').on(t.ownerId)],
);
