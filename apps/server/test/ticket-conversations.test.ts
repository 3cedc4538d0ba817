import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '@keymarket/contracts/messages';
import {
  ticketAttachmentSchema,
  ticketDetailSchema,
  ticketMessages,
  ticketSchema,
  type TicketAttachment,
  type TicketDetail,
} from '@keymarket/contracts/tickets';
import { files, notifications, tickets } from '../src/db/schema/index';
import { insertTicket } from '../src/modules/tickets/tickets.repository';
import { expectError, expectValidation } from './helpers/expect-error';
import type { SignedInUser } from './helpers/factory';
import { form, JPEG_BYTES, PNG_BYTES } from './helpers/multipart';
import { useSignedIn, useTestApp } from './helpers/use-app';

const ctx = useTestApp();
const admin = useSignedIn(ctx, 'admin');
const manager = useSignedIn(ctx, 'manager', admin);
const newUser = () => ctx.factory.signedIn('reseller', manager.user);

const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n',
);

async function opened(user: SignedInUser, n = 0) {
  const response = await user.inject({
    method: 'POST',
    url: '/api/tickets/create',
    payload: { subject: `Question ${n} here`, message: 'Where is my order, please check it?' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return ticketSchema.strict().parse(response.json());
}

const write = (as: SignedInUser, id: string, payload: unknown) =>
  as.inject({ method: 'POST', url: `/api/tickets/${id}/messages`, payload: payload as object });

async function written(as: SignedInUser, id: string, payload: object): Promise<TicketDetail> {
  const response = await write(as, id, payload);
  expect(response.statusCode, response.body).toBe(201);
  return ticketDetailSchema.strict().parse(response.json());
}

async function read(as: SignedInUser, id: string): Promise<TicketDetail> {
  const response = await as.inject({ method: 'GET', url: `/api/tickets/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return ticketDetailSchema.strict().parse(response.json());
}

const upload = (as: SignedInUser, id: string, bytes: Uint8Array, name = 'shot.png') =>
  as.inject({
    method: 'POST',
    url: `/api/tickets/${id}/attachments`,
    payload: form({}, { file: { bytes, name, type: 'image/png' } }),
  });

async function uploaded(as: SignedInUser, id: string, bytes: Uint8Array, name?: string) {
  const response = await upload(as, id, bytes, name);
  expect(response.statusCode, response.body).toBe(201);
  return ticketAttachmentSchema.strict().parse(response.json());
}

const listed = async (as: SignedInUser, url: string, id: string) =>
  (await as.inject({ method: 'GET', url }))
    .json<{ data: { id: string; unread: boolean }[] }>()
    .data.find((ticket) => ticket.id === id);

const notificationsOf = (userId: string, type: string) =>
  ctx.database.db
    .select()
    .from(notifications)
    .where(sql`${notifications.userId} = ${userId} and ${notifications.type} = ${type}`);

describe('a ticket is a conversation', () => {
  it('takes turns: admin answers set pending, the author replies and it is open again', async () => {
    const user = await newUser();
    const ticket = await opened(user);
    let detail = await read(user, ticket.id);
    expect(detail.messages).toHaveLength(1);
    expect(detail.messages[0]).toMatchObject({ fromAdmin: false, body: ticket.message });

    detail = await written(admin, ticket.id, { message: 'Which order is it?' });
    expect(detail.status).toBe('pending');
    expect(detail.adminResponse).toBe('Which order is it?');
    expect((await notificationsOf(user.user.id, 'ticket.answered')).length).toBe(1);

    detail = await written(user, ticket.id, { message: 'The one from Monday.' });
    expect(detail.status).toBe('open');
    expect(detail.messages.map((m) => [m.fromAdmin, m.author.id])).toEqual([
      [false, user.user.id],
      [true, admin.user.id],
      [false, user.user.id],
    ]);
    const replied = await notificationsOf(admin.user.id, 'ticket.replied');
    expect(replied.map((n) => (n.data as { ticketId: string }).ticketId)).toContain(ticket.id);
  });

  it('keeps PATCH /respond as an admin message that sets the status (default closed)', async () => {
    const user = await newUser();
    const ticket = await opened(user);
    const response = await admin.inject({
      method: 'PATCH',
      url: `/api/tickets/${ticket.id}/respond`,
      payload: { response: 'Done, the key was replaced.' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const answered = ticketSchema.strict().parse(response.json());
    expect(answered).toMatchObject({
      status: 'closed',
      adminResponse: 'Done, the key was replaced.',
    });
    expect(answered.closedAt).not.toBeNull();
    const detail = await read(user, ticket.id);
    expect(detail.messages.at(-1)).toMatchObject({
      fromAdmin: true,
      body: 'Done, the key was replaced.',
    });
  });

  it('marks unread on each side until that side reads the conversation', async () => {
    const user = await newUser();
    const ticket = await opened(user);
    expect((await listed(admin, '/api/tickets/all?limit=100', ticket.id))?.unread).toBe(true);
    expect((await listed(user, '/api/tickets/my-tickets', ticket.id))?.unread).toBe(false);
    await read(admin, ticket.id);
    expect((await listed(admin, '/api/tickets/all?limit=100', ticket.id))?.unread).toBe(false);

    await written(admin, ticket.id, { message: 'Looking into it.' });
    expect((await listed(user, '/api/tickets/my-tickets', ticket.id))?.unread).toBe(true);
    expect((await read(user, ticket.id)).unread).toBe(false);
    expect((await listed(user, '/api/tickets/my-tickets', ticket.id))?.unread).toBe(false);

    await written(user, ticket.id, { message: 'Thanks!' });
    expect((await listed(admin, '/api/tickets/all?limit=100', ticket.id))?.unread).toBe(true);
  });

  it('reopens a closed ticket by a message of its author within 7 days, not after', async () => {
    const user = await newUser();
    const ticket = await opened(user);
    await written(admin, ticket.id, { message: 'Solved.', status: 'closed' });
    const reopened = await written(user, ticket.id, { message: 'It broke again.' });
    expect(reopened).toMatchObject({ status: 'open', closedAt: null });

    await written(admin, ticket.id, { message: 'Solved for good.', status: 'closed' });
    await ctx.database.db
      .update(tickets)
      .set({ closedAt: new Date(Date.now() - 8 * 24 * 3600 * 1000) })
      .where(eq(tickets.id, ticket.id));
    expectError(
      await write(user, ticket.id, { message: 'Hello again?' }),
      409,
      'conflict',
      ticketMessages.reopenExpired,
    );
    expect((await read(user, ticket.id)).messages).toHaveLength(4);
  });

  it('keeps the one-open-ticket rule when the author reopens an old one', async () => {
    const user = await newUser();
    const first = await opened(user, 1);
    await written(admin, first.id, { message: 'Closing this one.', status: 'closed' });
    await opened(user, 2);
    expectError(
      await write(user, first.id, { message: 'Actually, one more thing.' }),
      409,
      'open_ticket_exists',
      messages.openTicketExists,
    );
    const detail = await read(user, first.id);
    expect(detail.status).toBe('closed');
    expect(detail.messages).toHaveLength(2);
  });

  it('lets only the author and admins in; only admins set a status', async () => {
    const user = await newUser();
    const stranger = await newUser();
    const ticket = await opened(user);
    expectError(
      await stranger.inject({ method: 'GET', url: `/api/tickets/${ticket.id}` }),
      404,
      'not_found',
      messages.ticketNotFound,
    );
    expectError(await write(stranger, ticket.id, { message: 'Me too' }), 404, 'not_found');
    expectError(await write(manager, ticket.id, { message: 'Me too' }), 404, 'not_found');
    expectError(
      await write(user, ticket.id, { message: 'Close it', status: 'closed' }),
      403,
      'forbidden',
    );
    expectError(await upload(stranger, ticket.id, PNG_BYTES), 404, 'not_found');
    expect((await read(user, ticket.id)).messages).toHaveLength(1);
  });

  it('refuses bad bodies with the envelope and writes nothing', async () => {
    const user = await newUser();
    const ticket = await opened(user);
    expectValidation(await write(user, ticket.id, { message: '   ' }), 'body.message');
    expectValidation(await write(user, ticket.id, { message: 'Hi', extra: 1 }), 'body.extra');
    expectValidation(
      await write(user, ticket.id, { message: 'Hi', attachmentIds: ['nope'] }),
      'body.attachmentIds.0',
    );
    expectValidation(
      await write(user, ticket.id, {
        message: 'Hi',
        attachmentIds: Array.from({ length: 6 }, () => randomUUID()),
      }),
      'body.attachmentIds',
    );
    expectValidation(
      await write(user, ticket.id, { message: 'Hi', attachmentIds: [randomUUID()] }),
      'body.attachmentIds',
      ticketMessages.attachmentUnavailable,
    );
    expectValidation(
      await user.inject({ method: 'GET', url: '/api/tickets/not-a-uuid' }),
      'params.id',
      messages.ticketNotFound,
    );
    expectError(await write(user, randomUUID(), { message: 'Hello' }), 404, 'not_found');
    expect((await read(user, ticket.id)).messages).toHaveLength(1);
  });
});

describe('attachments', () => {
  it('sends images and a PDF with a message, served to the author and admins only', async () => {
    const user = await newUser();
    const ticket = await opened(user);
    const png = await uploaded(user, ticket.id, PNG_BYTES, 'screen.png');
    const pdf = await uploaded(user, ticket.id, PDF_BYTES, 'invoice.pdf');
    expect([png.contentType, pdf.contentType]).toEqual(['image/png', 'application/pdf']);

    // Not sent yet: an admin cannot see the draft.
    expectError(await admin.inject({ method: 'GET', url: png.url }), 404, 'not_found');

    const detail = await written(user, ticket.id, {
      message: 'Screenshot and invoice attached.',
      attachmentIds: [png.id, pdf.id],
    });
    const sent = detail.messages.at(-1)?.attachments ?? [];
    expect(sent.map((a: TicketAttachment) => a.name).sort()).toEqual(['invoice.pdf', 'screen.png']);

    const served = await admin.inject({ method: 'GET', url: png.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG_BYTES)).toBe(true);
    expect(
      (await user.inject({ method: 'GET', url: pdf.url })).headers['content-disposition'],
    ).toMatch(/^attachment/);
    const stranger = await newUser();
    expectError(await stranger.inject({ method: 'GET', url: png.url }), 404, 'not_found');

    // Never through the public files route.
    const [file] = await ctx.database.db
      .select({ id: files.id })
      .from(files)
      .where(eq(files.purpose, 'ticket-attachment'))
      .limit(1);
    expectError(
      await stranger.inject({ method: 'GET', url: `/api/files/${file?.id}` }),
      404,
      'not_found',
    );

    // A sent attachment cannot be sent again.
    expectValidation(
      await write(user, ticket.id, { message: 'Again', attachmentIds: [png.id] }),
      'body.attachmentIds',
      ticketMessages.attachmentUnavailable,
    );
  });

  it('checks the content, not the name, and the 5 MB limit', async () => {
    const user = await newUser();
    const ticket = await opened(user);
    expectError(
      await upload(user, ticket.id, Buffer.from('<svg onload=alert(1)>'), 'fake.png'),
      415,
      'unsupported_media_type',
      ticketMessages.attachmentUnsupported,
    );
    const big = Buffer.concat([JPEG_BYTES, Buffer.alloc(5 * 1024 * 1024)]);
    expectError(
      await upload(user, ticket.id, big, 'big.jpg'),
      413,
      'payload_too_large',
      ticketMessages.attachmentTooLarge,
    );
    expectError(
      await user.inject({
        method: 'POST',
        url: `/api/tickets/${ticket.id}/attachments`,
        payload: { file: 'x' },
      }),
      415,
      'unsupported_media_type',
    );
    const count = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(files)
      .where(eq(files.ownerId, user.user.id));
    expect(count[0]?.n).toBe(0);
  });
});

describe('a faulty-key report', () => {
  it('starts its conversation with the report as the first message', async () => {
    const user = await newUser();
    const id = await insertTicket(ctx.database.db, {
      userId: user.user.id,
      subject: 'Faulty key 1 of Game',
      message: 'Already redeemed',
      orderId: randomUUID(),
      keyIndex: 0,
    });
    const detail = await written(admin, id, { message: 'Replacing it now.' });
    expect(detail.report).not.toBeNull();
    expect(detail.messages.map((m) => m.body)).toEqual(['Already redeemed', 'Replacing it now.']);
  });
});
