import type { Sort } from '@keymarket/contracts/pagination';
import type { TicketSortColumn } from '@keymarket/contracts/tickets';
import { sortedBy } from '../../db/sort';
import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { TicketStatus } from '@keymarket/contracts/tickets';
import type { Executor } from '../../db/client';
import { tickets, users } from '../../db/schema/index';
import { oneRow } from '../../lib/rows';

export async function insertTicket(
  db: Executor,
  values: {
    userId: string;
    subject: string;
    message: string;
    orderId?: string;
    keyIndex?: number;
  },
) {
  return oneRow(await db.insert(tickets).values(values).returning({ id: tickets.id })).id;
}

export async function findTicket(db: Executor, id: string) {
  const [row] = await db.select().from(tickets).where(eq(tickets.id, id)).limit(1);
  return row;
}

export async function updateTicket(
  db: Executor,
  id: string,
  values: Partial<typeof tickets.$inferInsert>,
) {
  await db
    .update(tickets)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(tickets.id, id));
}

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function listTickets(
  db: Executor,
  filter: {
    userId?: string;
    status?: TicketStatus;
    search?: string;
    sort?: Sort<TicketSortColumn> | undefined;
    limit: number;
    offset: number;
  },
) {
  const pattern = filter.search ? `%${escapeLike(filter.search)}%` : undefined;
  const where: SQL | undefined = and(
    filter.userId ? eq(tickets.userId, filter.userId) : undefined,
    filter.status ? eq(tickets.status, filter.status) : undefined,
    pattern
      ? or(
          ilike(tickets.subject, pattern),
          ilike(tickets.message, pattern),
          ilike(users.username, pattern),
        )
      : undefined,
  );
  const rows = await db
    .select({ ticket: tickets, user: { id: users.id, username: users.username } })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.userId))
    .where(where)
    .orderBy(
      ...sortedBy(
        filter.sort,
        {
          date: tickets.createdAt,
          subject: tickets.subject,
          status: tickets.status,
          user: users.username,
        },
        [desc(tickets.createdAt), desc(tickets.id)],
      ),
    )
    .limit(filter.limit)
    .offset(filter.offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.userId))
    .where(where);
  return { rows, total: count?.n ?? 0 };
}

export type TicketListRow = Awaited<ReturnType<typeof listTickets>>['rows'][number];
