import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  productFieldsSchema,
  productListQuerySchema,
  productListSchema,
  productPatchSchema,
  productSchema,
  subcategoryProductsQuerySchema,
  type ProductListQuery,
} from '@keymarket/contracts/catalogue';
import { imageUpload, uploadSchema } from '../../lib/uploads';
import { authOf } from '../access/auth-context';
import { inflate, type RenderedList } from '../catalogue-list/product-list-render';
import type { ProductsService } from './products.service';
import { messages } from '@keymarket/contracts/messages';

export const productParams = z.object({ id: z.uuid(messages.productNotFound) });
const subcategoryParams = z.object({ id: z.uuid(messages.subcategoryNotFound) });
const productForm = productFieldsSchema.extend({ image: uploadSchema().optional() });
const adminUpload = { access: ['admin'], upload: imageUpload() } as const;
const admin = { access: ['admin'] } as const;

/**
 * The product lists skip re-parsing their answer with zod before sending it: for 10,000 products
 * that pass costs more than the query. What they send is built field by field in productView
 * (typed as the contract's Product), and a test checks the answer against the schema.
 */
const trustedJson = () => (data: unknown) => JSON.stringify(data);

/** Accepts gzip unless it says `gzip;q=0` (every browser sends gzip). */
function acceptsGzip(header: string | undefined) {
  return (header ?? '').split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/**
 * A cached list: 304 when the browser already holds this version (If-None-Match), else the gzip
 * bytes as they are. The browser revalidates every time (no-cache), so a change shows at once.
 */
async function sendRendered(request: FastifyRequest, reply: FastifyReply, list: RenderedList) {
  reply
    .header('ETag', list.etag)
    .header('Cache-Control', 'private, no-cache')
    .header('Vary', 'Accept-Encoding, Cookie');
  const known = request.headers['if-none-match'];
  if (known?.split(',').some((tag) => tag.trim() === list.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  if (!acceptsGzip(request.headers['accept-encoding'])) return reply.send(await inflate(list));
  return reply.header('Content-Encoding', 'gzip').send(list.gzip);
}

export const productsRoutes: FastifyPluginAsyncZod<{ products: ProductsService }> = async (
  app,
  { products },
) => {
  const answerList = async (
    request: FastifyRequest,
    reply: FastifyReply,
    query: ProductListQuery,
  ) => {
    const caller = authOf(request);
    if (!products.isCachedList(query)) return products.list(caller, query);
    return sendRendered(request, reply, await products.renderedList(caller, query));
  };

  app.get(
    '/products',
    {
      config: { access: 'authenticated' },
      schema: { querystring: productListQuerySchema, response: { 200: productListSchema } },
      serializerCompiler: trustedJson,
    },
    (request, reply) => answerList(request, reply, request.query),
  );

  app.get(
    '/products/subcategory/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        params: subcategoryParams,
        querystring: subcategoryProductsQuerySchema,
        response: { 200: productListSchema },
      },
      serializerCompiler: trustedJson,
    },
    async (request, reply) =>
      answerList(request, reply, await products.subcategoryQuery(request.params.id, request.query)),
  );

  app.post(
    '/products',
    {
      config: adminUpload,
      schema: { body: productForm, response: { 201: productSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await products.create(authOf(request), request.body)),
  );

  app.put(
    '/products/:id',
    {
      config: adminUpload,
      schema: {
        params: productParams,
        body: productForm,
        response: { 200: productSchema },
      },
    },
    (request) => products.replace(authOf(request), request.params.id, request.body),
  );

  app.patch(
    '/products/:id',
    {
      config: admin,
      schema: { params: productParams, body: productPatchSchema, response: { 200: productSchema } },
    },
    (request) => products.patch(authOf(request), request.params.id, request.body),
  );

  app.delete(
    '/products/:id',
    { config: admin, schema: { params: productParams, response: { 200: productSchema } } },
    (request) => products.softDelete(authOf(request), request.params.id),
  );

  app.post(
    '/products/:id/restore',
    { config: admin, schema: { params: productParams, response: { 200: productSchema } } },
    (request) => products.restore(authOf(request), request.params.id),
  );
};
