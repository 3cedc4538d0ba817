import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { CreatedWebhook, DeliveryList } from '@keymarket/contracts/integration';
import type { SignedInUser } from './factory';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A status code, or a status code with headers (a redirect's `location`). */
export type Answer = number | { status: number; headers: Record<string, string> };

/**
 * A real HTTP server on 127.0.0.1 that webhooks are sent to: it keeps every request and answers
 * what `answer` says (200 unless told).
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  /** An object of its own, so a copy of the receiver (`madeBeforeAll`) changes the same one. */
  private readonly behaviour = { answer: (_request: Received): Answer => 200 };

  private constructor(private readonly server: Server) {}

  static async start(): Promise<WebhookReceiver> {
    const server = createServer();
    const receiver = new WebhookReceiver(server);
    server.on('request', (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const received = { headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
        receiver.received.push(received);
        const answer = receiver.behaviour.answer(received);
        if (typeof answer === 'number') response.statusCode = answer;
        else response.writeHead(answer.status, answer.headers);
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  /** What to answer each request with (200 until told). */
  answerWith(answer: (request: Received) => Answer) {
    this.behaviour.answer = answer;
  }

  /** What arrived for event type `type`. */
  ofType(type: string): Received[] {
    return this.received.filter((r) => r.headers['keymarket-event'] === type);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** Verifies `Keymarket-Signature` as a receiver would, with node:crypto only (docs/api.md). */
export function signatureIsValid(secret: string, received: Received): boolean {
  const header = String(received.headers['keymarket-signature'] ?? '');
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  if (!parts.t || !parts.v1) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${received.body}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function createWebhookResponse(
  user: SignedInUser,
  payload: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return user.inject({ method: 'POST', url: '/api/webhooks', payload });
}

export async function createdWebhook(
  user: SignedInUser,
  url: string,
  events: string[],
): Promise<CreatedWebhook> {
  const response = await createWebhookResponse(user, { url, events });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreatedWebhook>();
}

export async function deliveriesOf(user: SignedInUser, webhookId: string, query = '') {
  const response = await user.inject({
    method: 'GET',
    url: `/api/webhooks/${webhookId}/deliveries${query}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DeliveryList>();
}
