import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okResponseSchema } from '@keymarket/contracts/auth';
import {
  categoryFieldsSchema,
  categoryListSchema,
  categoryPatchSchema,
  categorySchema,
  subcategoriesByCategoriesSchema,
  subcategoryFieldsSchema,
  subcategoryListSchema,
  subcategoryPatchSchema,
  subcategorySchema,
} from '@keymarket/contracts/catalogue';
import { messages } from '@keymarket/contracts/messages';
import { imageUpload, uploadSchema } from '../../lib/uploads';
import { authOf } from '../access/auth-context';
import type { CategoriesService } from './categories.service';

const categoryParams = z.object({ id: z.uuid(messages.categoryNotFound) });
const subcategoryParams = z.object({ id: z.uuid(messages.subcategoryNotFound) });
const admin = { access: ['admin'] } as const;
const adminUpload = { access: ['admin'], upload: imageUpload() } as const;

export const categoriesRoutes: FastifyPluginAsyncZod<{ categories: CategoriesService }> = async (
  app,
  { categories },
) => {
  app.get(
    '/categories',
    { config: { access: 'authenticated' }, schema: { response: { 200: categoryListSchema } } },
    () => categories.list(),
  );

  app.post(
    '/categories/category',
    {
      config: adminUpload,
      schema: {
        body: categoryFieldsSchema.extend({ image: uploadSchema() }),
        response: { 201: categorySchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await categories.createCategory(authOf(request), request.body)),
  );

  app.put(
    '/categories/category/:id',
    {
      config: adminUpload,
      schema: {
        params: categoryParams,
        body: categoryFieldsSchema.extend({ image: uploadSchema().optional() }),
        response: { 200: categorySchema },
      },
    },
    (request) => categories.updateCategory(authOf(request), request.params.id, request.body),
  );

  app.patch(
    '/categories/:id',
    {
      config: admin,
      schema: {
        params: categoryParams,
        body: categoryPatchSchema,
        response: { 200: categorySchema },
      },
    },
    (request) => categories.updateCategory(authOf(request), request.params.id, request.body),
  );

  app.delete(
    '/categories/:id',
    { config: admin, schema: { params: categoryParams, response: { 200: okResponseSchema } } },
    (request) => categories.deleteCategory(authOf(request), request.params.id),
  );

  app.post(
    '/categories/subcategory',
    {
      config: adminUpload,
      schema: {
        body: subcategoryFieldsSchema.extend({ image: uploadSchema() }),
        response: { 201: subcategorySchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await categories.createSubcategory(authOf(request), request.body)),
  );

  app.put(
    '/categories/subcategory/:id',
    {
      config: adminUpload,
      schema: {
        params: subcategoryParams,
        body: subcategoryFieldsSchema.extend({ image: uploadSchema().optional() }),
        response: { 200: subcategorySchema },
      },
    },
    (request) => categories.updateSubcategory(authOf(request), request.params.id, request.body),
  );

  app.patch(
    '/categories/subcategory/:id',
    {
      config: admin,
      schema: {
        params: subcategoryParams,
        body: subcategoryPatchSchema,
        response: { 200: subcategorySchema },
      },
    },
    (request) => categories.updateSubcategory(authOf(request), request.params.id, request.body),
  );

  app.delete(
    '/categories/subcategory/:id',
    { config: admin, schema: { params: subcategoryParams, response: { 200: okResponseSchema } } },
    (request) => categories.deleteSubcategory(authOf(request), request.params.id),
  );

  app.post(
    '/categories/subcategories',
    {
      config: { access: 'authenticated' },
      schema: { body: subcategoriesByCategoriesSchema, response: { 200: subcategoryListSchema } },
    },
    (request) => categories.subcategoriesOf(request.body.ids),
  );
};
