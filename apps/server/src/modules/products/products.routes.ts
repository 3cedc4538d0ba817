import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  productFieldsSchema,
  productListQuerySchema,
  productListSchema,
  productPatchSchema,
  productSchema,
  subcategoryProductsQuerySchema,
} from '@keymarket/contracts/catalogue';
import { imageUpload, uploadSchema } from '../../lib/uploads';
import { authOf } from '../../plugins/access';
import type { ProductsService } from './products.service';

export const productParams = z.object({ id: z.uuid('Product not found') });
const subcategoryParams = z.object({ id: z.uuid('Subcategory not found') });
const productForm = productFieldsSchema.extend({ image: uploadSchema().optional() });
const adminUpload = { access: ['admin'], upload: imageUpload() } as const;
const admin = { access: ['admin'] } as const;
const multipart = ['multipart/form-data'];

/**
 * The product lists skip re-parsing their answer with zod before sending it: for 10,000 products
 * that pass costs more than the query. What they send is built field by field in productView
 * (typed as the contract's Product), and a test checks the answer against the schema.
 */
const trustedJson = () => (data: unknown) => JSON.stringify(data);

export const productsRoutes: FastifyPluginAsyncZod<{ products: ProductsService }> = async (
  app,
  { products },
) => {
  app.get(
    '/products',
    {
      config: { access: 'authenticated' },
      schema: { querystring: productListQuerySchema, response: { 200: productListSchema } },
      serializerCompiler: trustedJson,
    },
    (request) => products.list(authOf(request), request.query),
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
    (request) => products.listBySubcategory(authOf(request), request.params.id, request.query),
  );

  app.post(
    '/products',
    {
      config: adminUpload,
      schema: { consumes: multipart, body: productForm, response: { 201: productSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await products.create(authOf(request), request.body)),
  );

  app.put(
    '/products/:id',
    {
      config: adminUpload,
      schema: {
        consumes: multipart,
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
