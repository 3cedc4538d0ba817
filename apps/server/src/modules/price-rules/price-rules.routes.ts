import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  priceRuleListSchema,
  priceRuleParams,
  priceRuleSchema,
  setPriceRuleSchema,
} from '@keymarket/contracts/price-rules';
import { authOf } from '../access/auth-context';
import { productParams } from '../products/products.routes';
import type { PriceRulesService } from './price-rules.service';

// Administrators price the platform through the products' own prices, and have no rules.
const sellers = { access: ['manager', 'reseller'] } as const;

/** Standing price rules and the clearing of a hand-set price (docs/adr/0071-standing-price-rules.md). */
export const priceRulesRoutes: FastifyPluginAsyncZod<{ priceRules: PriceRulesService }> = async (
  app,
  { priceRules },
) => {
  app.get(
    '/price-rules',
    {
      config: sellers,
      schema: {
        tags: ['catalogue'],
        summary: "The caller's standing price rules",
        response: { 200: priceRuleListSchema },
      },
    },
    (request) => priceRules.list(authOf(request)),
  );

  app.put(
    '/price-rules',
    {
      config: sellers,
      schema: {
        tags: ['catalogue'],
        summary: "Set the caller's standing rule for a category, or for every product",
        description:
          "The caller's invitees pay its own cost plus markupPercent (0 to 1000, at most 2 decimals), rounded to the nearest cent (a half cent up), unless a manager package or a hand-set selling price prices the product; a category's rule beats the everything rule (categoryId null). Never below the caller's cost. Audited as user.price_rule_set.",
        body: setPriceRuleSchema,
        response: { 200: priceRuleSchema },
      },
    },
    (request) => priceRules.set(authOf(request), request.body),
  );

  app.delete(
    '/price-rules/:id',
    {
      config: sellers,
      schema: {
        tags: ['catalogue'],
        summary: "Delete one of the caller's standing price rules",
        params: priceRuleParams,
      },
    },
    async (request, reply) => {
      await priceRules.delete(authOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/products/:id/seller-price',
    {
      config: sellers,
      schema: {
        tags: ['catalogue'],
        summary: "Clear the caller's hand-set selling price of a product",
        description:
          "The caller's invitees then pay by its standing rule, else the product's reseller price. Audited as product.seller_price_cleared.",
        params: productParams,
      },
    },
    async (request, reply) => {
      await priceRules.clearSellerPrice(authOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
};
