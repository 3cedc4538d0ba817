import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  convertProfitResponseSchema,
  convertProfitSchema,
  thresholdsSchema,
  updateThresholdsSchema,
} from '@keymarket/contracts/balance';
import { authOf } from '../access/auth-context';
import type { ThresholdsService } from './thresholds.service';

export const thresholdsRoutes: FastifyPluginAsyncZod<{ thresholds: ThresholdsService }> = async (
  app,
  { thresholds },
) => {
  app.get(
    '/thresholds',
    { config: { access: 'authenticated' }, schema: { response: { 200: thresholdsSchema } } },
    () => thresholds.read(),
  );

  app.post(
    '/thresholds/update',
    {
      config: { access: ['admin'] },
      schema: { body: updateThresholdsSchema, response: { 200: thresholdsSchema } },
    },
    (request) => thresholds.update(authOf(request), request.body.minProfitToConvert),
  );

  app.post(
    '/thresholds/convert',
    {
      config: { access: ['manager', 'reseller'] },
      schema: { body: convertProfitSchema, response: { 200: convertProfitResponseSchema } },
    },
    (request) => thresholds.convert(authOf(request), request.body),
  );
};
