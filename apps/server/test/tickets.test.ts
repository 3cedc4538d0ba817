import { randomUUID } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { messages } from '@keymarket/contracts/messages';
import { ticketSchema, type Ticket, type TicketStatus } from '@keymarket/contracts/tickets';
import { tickets } from '../src/db/schema/index';
import { onPostgres } from './helpers/database';
import { expectError, expectValidation } from './helpers/expect-error';
import type { SignedInUser } from './helpers/factory';
import { form } from './helpers/multipart';
import { auditRowsFor } from './helpers/users';
import { useSignedIn, useTestApp } from './helpers/use-app';

interface TicketPage {
  data: Ticket[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
}

const OPEN_TICKET_TEXT =
  'You have an open ticket. Please wait for it to be closed before creating a new one.';

const ctx = useTestApp();
const admin = useSignedIn(ctx, 'admin');
const manager = useSignedIn(ctx, 'manager', admin);

const newUser = () => ctx.factory.signedIn('reseller', manager.user);

const create = (as: SignedInUser, payload: unknown) =>
  as.inject({ method: 'POST', url: '/api/tickets/create', payload: payload as object });

const valid = (n = 0) => ({
  subject: `Order ${n} missing`,
  message: `My order number ${n} never arrived, please check.`,
});

async function created(as: SignedInUser, payload: object = valid()): Promise<Ticket> {
  const response = await create(as, payload);
  expect(response.statusCode, response.body).toBe(201);
  return ticketSchema.strict().parse(response.json());
}

const respond = (as: SignedInUser, id: string, payload: unknown) =>
  as.inject({ method: 'PATCH', url: `/api/tickets/${id}/respond`, payload: payload as object });

async function responded(id: string, response: string, status?: TicketStatus): Promise<Ticket> {
  const answer = await respond(admin, id, status ? { response, status } : { response });
  expect(answer.statusCode, answer.body).toBe(200);
  return ticketSchema.strict().parse(answer.json());
}

function pageOf(response: LightMyRequestResponse): TicketPage {
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<TicketPage>();
  for (const ticket of body.data) ticketSchema.strict().parse(ticket);
  return body;
}

const mine = (as: SignedInUser, query = '') =>
  as.inject({ method: 'GET', url: `/api/tickets/my-tickets${query}` });
const all = (as: SignedInUser, query = '') =>
  as.inject({ method: 'GET', url: `/api/tickets/all${query}` });

describe('POST /api/tickets/create', () => {
  it('opens a ticket for the caller and answers it (201)', async () => {
    const user = await newUser();
    const ticket = await created(user, {
      subject: '  Refund please  ',
      message: '  The key I bought was already used.  ',
    });
    expect(ticket).toMatchObject({
      subject: 'Refund please',
      message: 'The key I bought was already used.',
      status: 'open',
      adminResponse: null,
      respondedAt: null,
      user: { id: user.user.id, username: user.user.username },
    });
    expect(ticket.createdAt).toBe(ticket.updatedAt);
  });

  it('applies the length rules with the contract messages, creating nothing', async () => {
    const user = await newUser();
    const cases: [object, string, string][] = [
      [{ ...valid(), subject: 'Help' }, 'body.subject', 'Subject must be at least 5 characters'],
      [
        { ...valid(), subject: '   Help   ' },
        'body.subject',
        'Subject must be at least 5 characters',
      ],
      [
        { ...valid(), subject: 'x'.repeat(121) },
        'body.subject',
        'Subject cannot exceed 120 characters',
      ],
      [
        { ...valid(), message: 'Too short' },
        'body.message',
        'Message must be at least 10 characters',
      ],
      [
        { ...valid(), message: 'x'.repeat(5001) },
        'body.message',
        'Message cannot exceed 5000 characters',
      ],
      [{ message: valid().message }, 'body.subject', 'Subject must be at least 5 characters'],
      [{ subject: valid().subject }, 'body.message', 'Message must be at least 10 characters'],
      [{ ...valid(), subject: 12345 }, 'body.subject', 'Subject must be at least 5 characters'],
    ];
    for (const [payload, path, message] of cases) {
      expectValidation(await create(user, payload), path, message);
    }
    const both = expectValidation(await create(user, {}), 'body.subject');
    expect(both.details?.map((d) => d.path)).toContain('body.message');
    expect(pageOf(await mine(user)).data).toEqual([]);

    // The bounds themselves are accepted.
    await created(user, { subject: 'x'.repeat(120), message: 'y'.repeat(5000) });
  });

  it('refuses a second ticket while the first is open, with the specification message', async () => {
    const user = await newUser();
    await created(user);
    expectError(await create(user, valid(2)), 409, 'open_ticket_exists', OPEN_TICKET_TEXT);
    expect(OPEN_TICKET_TEXT).toBe(messages.openTicketExists);
    expect(pageOf(await mine(user)).pagination.total).toBe(1);
  });

  it('keeps refusing while the ticket is pending, and allows a new one once it is closed', async () => {
    const user = await newUser();
    const first = await created(user);
    expect((await responded(first.id, 'Looking into it', 'pending')).status).toBe('pending');
    expectError(await create(user, valid(2)), 409, 'open_ticket_exists', OPEN_TICKET_TEXT);

    expect((await responded(first.id, 'Refunded.', 'closed')).status).toBe('closed');
    const second = await created(user, valid(3));
    expect(second.status).toBe('open');
    expectError(await create(user, valid(4)), 409, 'open_ticket_exists', OPEN_TICKET_TEXT);
  });

  it("is per user: one user's open ticket does not block another's", async () => {
    const a = await newUser();
    const b = await newUser();
    const tickets = [await created(a), await created(b), await created(manager)];
    expect(tickets.map((t) => t.status)).toEqual(['open', 'open', 'open']);
  });

  it('requires a session (401) and JSON (415 for a form)', async () => {
    expectError(
      await ctx.app.inject({ method: 'POST', url: '/api/tickets/create', payload: valid() }),
      401,
      'unauthorized',
    );
    const user = await newUser();
    expectError(
      await user.inject({ method: 'POST', url: '/api/tickets/create', payload: form(valid()) }),
      415,
      'unsupported_media_type',
    );
  });

  it('answers a subject holding a NUL character with 400, not 500', async () => {
    const user = await newUser();
    const response = await create(user, { ...valid(), subject: 'Hello\u0000World' });
    expect(response.statusCode).toBe(400);
  });

  describe.skipIf(!onPostgres)('concurrently (PostgreSQL)', () => {
    it('lets exactly one of ten simultaneous tickets of one user in; nine get 409', async () => {
      const user = await newUser();
      const responses = await Promise.all(
        Array.from({ length: 10 }, (_, i) => create(user, valid(i))),
      );
      const statuses = responses.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([201, ...Array<number>(9).fill(409)]);
      for (const response of responses.filter((r) => r.statusCode === 409)) {
        expectError(response, 409, 'open_ticket_exists', OPEN_TICKET_TEXT);
      }
      const rows = await ctx.database.db
        .select({ id: tickets.id })
        .from(tickets)
        .where(and(eq(tickets.userId, user.user.id), ne(tickets.status, 'closed')));
      expect(rows).toHaveLength(1);
    });
  });
});

describe('HTML in tickets', () => {
  it('stores and returns subject, message and response verbatim as JSON text', async () => {
    const user = await newUser();
    const subject = '<img src=x onerror=alert(1)>';
    const message = `<script>alert("x")</script> & 'quotes' "double" </textarea><b>bold</b>`;
    const ticket = await created(user, { subject, message });
    expect(ticket.subject).toBe(subject);
    expect(ticket.message).toBe(message);

    const response = '<a href="javascript:alert(1)">click</a> &amp; done';
    const answered = await responded(ticket.id, response);
    expect(answered.adminResponse).toBe(response);

    const fromMine = await mine(user);
    expect(fromMine.headers['content-type']).toMatch(/^application\/json/);
    expect(pageOf(fromMine).data[0]).toMatchObject({ subject, message, adminResponse: response });
    const fromAll = pageOf(await all(admin, `?search=${encodeURIComponent('onerror=alert')}`));
    expect(fromAll.data.map((t) => [t.subject, t.message])).toEqual([[subject, message]]);
  });
});

describe('GET /api/tickets/my-tickets', () => {
  it("shows the caller's tickets only, newest first, with the admin's response", async () => {
    const user = await newUser();
    const other = await newUser();
    const first = await created(user, valid(1));
    await responded(first.id, 'Sent you a new key.');
    const second = await created(user, valid(2));
    const othersTicket = await created(other, valid(9));

    const body = pageOf(await mine(user));
    expect(body.pagination).toEqual({ page: 1, limit: 10, total: 2, totalPages: 1 });
    expect(body.data.map((t) => t.id)).toEqual([second.id, first.id]);
    expect(body.data[1]).toMatchObject({
      status: 'closed',
      adminResponse: 'Sent you a new key.',
      user: { id: user.user.id },
    });
    expect(body.data[1]!.respondedAt).not.toBeNull();
    expect(body.data.map((t) => t.id)).not.toContain(othersTicket.id);
    expect(JSON.stringify(body)).not.toContain(other.user.username);
  });

  it("filters by status, searches and pages within the caller's own tickets", async () => {
    const user = await newUser();
    const other = await newUser();
    const closed = await created(user, {
      subject: 'Alpha problem',
      message: 'Alpha is broken today',
    });
    await responded(closed.id, 'Fixed');
    const open = await created(user, { subject: 'Beta problem', message: 'Beta is broken today.' });
    await created(other, { subject: 'Alpha other', message: 'Alpha from someone else' });

    expect(pageOf(await mine(user, '?status=closed')).data.map((t) => t.id)).toEqual([closed.id]);
    expect(pageOf(await mine(user, '?status=open')).data.map((t) => t.id)).toEqual([open.id]);
    expect(pageOf(await mine(user, '?search=alpha')).data.map((t) => t.id)).toEqual([closed.id]);
    const paged = pageOf(await mine(user, '?limit=1&page=2'));
    expect(paged.data.map((t) => t.id)).toEqual([closed.id]);
    expect(paged.pagination).toEqual({ page: 2, limit: 1, total: 2, totalPages: 2 });
    expectValidation(await mine(user, '?status=archived'), 'querystring.status');
    expectValidation(await mine(user, '?limit=101'), 'querystring.limit');
  });

  it('requires a session (401)', async () => {
    expectError(
      await ctx.app.inject({ method: 'GET', url: '/api/tickets/my-tickets' }),
      401,
      'unauthorized',
    );
  });
});

describe('GET /api/tickets/all', () => {
  it('is for admins only: 403 for a manager or a reseller, 401 anonymous', async () => {
    expectError(await all(manager), 403, 'forbidden');
    expectError(await all(await newUser()), 403, 'forbidden');
    expectError(
      await ctx.app.inject({ method: 'GET', url: '/api/tickets/all' }),
      401,
      'unauthorized',
    );
  });

  it("lists every user's tickets with their author, filtered by status", async () => {
    const a = await newUser();
    const b = await newUser();
    const ta = await created(a, valid(1));
    const tb = await created(b, valid(2));
    await responded(tb.id, 'Checking', 'pending');

    const everything = pageOf(await all(admin, '?limit=100'));
    expect(everything.pagination.total).toBeGreaterThanOrEqual(2);
    const ids = everything.data.map((t) => t.id);
    expect(ids).toEqual(expect.arrayContaining([ta.id, tb.id]));
    expect(everything.data.find((t) => t.id === ta.id)!.user).toEqual({
      id: a.user.id,
      username: a.user.username,
    });
    const created_ = everything.data.map((t) => t.createdAt);
    expect(created_).toEqual([...created_].sort().reverse());

    for (const status of ['open', 'pending', 'closed'] as const) {
      const rows = pageOf(await all(admin, `?status=${status}&limit=100`)).data;
      expect(rows.every((t) => t.status === status)).toBe(true);
    }
    expect(pageOf(await all(admin, '?status=pending&limit=100')).data.map((t) => t.id)).toContain(
      tb.id,
    );
    expectValidation(await all(admin, '?status=deleted'), 'querystring.status');
  });

  it('searches subject, message and username, with % and _ taken literally', async () => {
    const user = await ctx.factory.signIn(
      await ctx.factory.user({ invitedBy: manager.user, username: 'ticketsearcher' }),
    );
    const ticket = await created(user, {
      subject: 'Discount 100% off',
      message: 'Code SAVE_NOW did not apply',
    });
    const search = async (text: string) =>
      pageOf(await all(admin, `?limit=100&search=${encodeURIComponent(text)}`)).data.map(
        (t) => t.id,
      );
    expect(await search('DISCOUNT')).toEqual([ticket.id]);
    expect(await search('save_now')).toEqual([ticket.id]);
    expect(await search('ticketsearch')).toEqual([ticket.id]);
    expect(await search('100%')).toEqual([ticket.id]);
    expect(await search('0% o')).toEqual([ticket.id]);
    expect(await search('%%')).toEqual([]);
    expect(await search('SAV_')).toEqual([]); // as a wildcard, _ would match the E of SAVE
    expect(await search(`' or 1=1 --`)).toEqual([]);
    expectValidation(await all(admin, `?search=${'a'.repeat(101)}`), 'querystring.search');
  });
});

describe('PATCH /api/tickets/{id}/respond', () => {
  it('records the response, the status (closed by default) and an audit row', async () => {
    const user = await newUser();
    const ticket = await created(user);
    const answered = await responded(ticket.id, '  We re-sent your key.  ');
    expect(answered).toMatchObject({
      id: ticket.id,
      status: 'closed',
      adminResponse: 'We re-sent your key.',
      user: { id: user.user.id, username: user.user.username },
    });
    expect(answered.respondedAt).not.toBeNull();

    const audit = await auditRowsFor(admin, ticket.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'ticket.respond',
      targetType: 'ticket',
      actor: { id: admin.user.id },
      before: { status: 'open' },
      after: { status: 'closed' },
    });
  });

  it('validates the response and the status', async () => {
    const ticket = await created(await newUser());
    expectValidation(
      await respond(admin, ticket.id, {}),
      'body.response',
      'Please write a response',
    );
    expectValidation(
      await respond(admin, ticket.id, { response: '   ' }),
      'body.response',
      'Please write a response',
    );
    expectValidation(
      await respond(admin, ticket.id, { response: 'x'.repeat(5001) }),
      'body.response',
      'The response cannot exceed 5000 characters',
    );
    expectValidation(
      await respond(admin, ticket.id, { response: 'ok', status: 'resolved' }),
      'body.status',
    );
    const untouched = pageOf(await all(admin, '?limit=100')).data.find((t) => t.id === ticket.id);
    expect(untouched).toMatchObject({ status: 'open', adminResponse: null });
  });

  it('is for admins only: 403 for a manager, a reseller and the author; 401 anonymous', async () => {
    const author = await newUser();
    const ticket = await created(author);
    const payload = { response: 'Self-service', status: 'closed' };
    expectError(await respond(manager, ticket.id, payload), 403, 'forbidden');
    expectError(await respond(author, ticket.id, payload), 403, 'forbidden');
    expectError(
      await ctx.app.inject({
        method: 'PATCH',
        url: `/api/tickets/${ticket.id}/respond`,
        payload,
      }),
      401,
      'unauthorized',
    );
    // Still open: the author cannot close its own ticket to open another.
    expectError(await create(author, valid(2)), 409, 'open_ticket_exists');
  });

  it('answers 404 for an unknown ticket and 400 for a malformed id', async () => {
    expectError(
      await respond(admin, randomUUID(), { response: 'Hello' }),
      404,
      'not_found',
      'Ticket not found',
    );
    expectValidation(await respond(admin, 'not-a-uuid', { response: 'Hello' }), 'params.id');
    expectError(await respond(manager, randomUUID(), { response: 'Hello' }), 403, 'forbidden');
  });

  it('refuses to reopen a closed ticket while its author has another one open (409)', async () => {
    const user = await newUser();
    const old = await created(user);
    await responded(old.id, 'Done');
    const current = await created(user, valid(2));
    expectError(
      await respond(admin, old.id, { response: 'Reopening', status: 'open' }),
      409,
      'conflict',
    );
    const body = pageOf(await mine(user));
    expect(body.data.find((t) => t.id === old.id)).toMatchObject({
      status: 'closed',
      adminResponse: 'Done',
    });
    expect(body.data.find((t) => t.id === current.id)!.status).toBe('open');
  });
});
