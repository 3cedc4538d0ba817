import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  approveTopupSchema,
  confirmTopupPaymentSchema,
  createTopupSchema,
  rejectTopupSchema,
  topupListSchema,
  topupMethodDeleteSchema,
  topupMethodInputSchema,
  topupMethodListSchema,
  topupMethodParams,
  topupMessages,
  topupMethodPatchSchema,
  topupMethodSchema,
  topupParams,
  topupSchema,
  topupsQuerySchema,
} from '@keymarket/contracts/topups';
import { sendCsv } from '../../lib/csv';
import { registerUploads, uploadSchema } from '../../lib/uploads';
import { authOf } from '../access/auth-context';
import { proofUpload } from './topup-proof';
import type { TopupMethodsService } from './topup-methods.service';
import type { TopupsService } from './topups.service';

const requesters = ['manager', 'reseller'] as const;
const tags = ['top-ups'];

/** Money in (DESIGN.md §13): funders' methods, requests, and the funders' decisions. */
export const topupsRoutes: FastifyPluginAsyncZod<{
  methods: TopupMethodsService;
  topups: TopupsService;
}> = async (app, { methods, topups }) => {
  await registerUploads(app);

  app.get(
    '/topup-methods',
    {
      config: { access: [...requesters] },
      schema: {
        tags,
        summary: 'The enabled methods you can pay your funder with',
        response: { 200: topupMethodListSchema },
      },
    },
    (request) => methods.payable(authOf(request)),
  );

  app.get(
    '/topup-methods/managed',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'The methods you offer (administrators: the platform’s)',
        response: { 200: topupMethodListSchema },
      },
    },
    (request) => methods.managed(authOf(request)),
  );

  app.post(
    '/topup-methods',
    {
      config: { access: 'authenticated' },
      schema: { tags, body: topupMethodInputSchema, response: { 201: topupMethodSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await methods.create(authOf(request), request.body)),
  );

  app.patch(
    '/topup-methods/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        params: topupMethodParams,
        body: topupMethodPatchSchema,
        response: { 200: topupMethodSchema },
      },
    },
    (request) => methods.update(authOf(request), request.params.id, request.body),
  );

  app.delete(
    '/topup-methods/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Delete a method; one with pending requests is disabled instead',
        params: topupMethodParams,
        response: { 200: topupMethodDeleteSchema },
      },
    },
    (request) => methods.remove(authOf(request), request.params.id),
  );

  app.post(
    '/topups',
    {
      config: { access: [...requesters], upload: proofUpload },
      schema: {
        tags,
        summary: 'Ask your funder for balance (multipart; optional file "proof")',
        body: createTopupSchema.extend({
          proof: uploadSchema(topupMessages.topupProofChoose).optional(),
        }),
        response: { 201: topupSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await topups.request(authOf(request), request.body)),
  );

  app.get(
    '/topups',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Your own top-up requests (?format=csv: all of them)',
        querystring: topupsQuerySchema,
        response: { 200: topupListSchema },
      },
    },
    async (request, reply) => {
      const caller = authOf(request);
      if (request.query.format === 'csv') {
        return sendCsv(reply, 'topups', topups.exportMine(caller, request.query));
      }
      return topups.mine(caller, request.query);
    },
  );

  app.get(
    '/topups/incoming',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'The requests you decide (administrators: the platform’s)',
        querystring: topupsQuerySchema,
        response: { 200: topupListSchema },
      },
    },
    async (request, reply) => {
      const caller = authOf(request);
      if (request.query.format === 'csv') {
        return sendCsv(reply, 'topup-requests', topups.exportIncoming(caller, request.query));
      }
      return topups.incoming(caller, request.query);
    },
  );

  app.get(
    '/topups/:id',
    {
      config: { access: 'authenticated' },
      schema: { tags, params: topupParams, response: { 200: topupSchema } },
    },
    (request) => topups.get(authOf(request), request.params.id),
  );

  app.get(
    '/topups/:id/proof',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'The proof of payment, to the requester and its funder only',
        params: topupParams,
        response: {
          200: z.any().meta({ description: 'The file bytes', type: 'string', format: 'binary' }),
        },
      },
    },
    async (request, reply) => {
      const file = await topups.proof(authOf(request), request.params.id);
      // Private: not kept by shared caches. The type was read from the bytes at upload.
      return reply
        .header('Cache-Control', 'private, max-age=3600')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', 'inline')
        .type(file.contentType)
        .send(file.data);
    },
  );

  app.post(
    '/topups/:id/approve',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        params: topupParams,
        body: approveTopupSchema,
        response: { 200: topupSchema },
      },
    },
    (request) => topups.approve(authOf(request), request.params.id, request.body),
  );

  app.post(
    '/topups/:id/reject',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        params: topupParams,
        body: rejectTopupSchema,
        response: { 200: topupSchema },
      },
    },
    (request) => topups.reject(authOf(request), request.params.id, request.body),
  );

  app.post(
    '/topups/:id/confirm-payment',
    {
      config: { access: ['admin'] },
      schema: {
        tags,
        summary: 'Confirm a card top-up by hand with Stripe’s reference (credited once)',
        params: topupParams,
        body: confirmTopupPaymentSchema,
        response: { 200: topupSchema },
      },
    },
    (request) =>
      topups.confirmPayment(authOf(request), request.params.id, request.body.providerRef),
  );

  app.post(
    '/topups/:id/cancel',
    {
      config: { access: [...requesters] },
      schema: { tags, params: topupParams, response: { 200: topupSchema } },
    },
    (request) => topups.cancel(authOf(request), request.params.id),
  );
};
