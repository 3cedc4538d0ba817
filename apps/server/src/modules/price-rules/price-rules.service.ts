import { messages } from '@keymarket/contracts/messages';
import {
  markupBasisPointsOf,
  type PriceRule,
  type PriceRuleList,
  type SetPriceRuleInput,
} from '@keymarket/contracts/price-rules';
import { fromCents } from '@keymarket/contracts/money';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../access/auth-context';
import { assertMayHavePriceRules } from '../access/policy';
import { findCategory } from '../categories/categories.repository';
import { writeAudit } from '../ledger/ledger.repository';
import { lockSellerPrices } from '../price-control/price-control.repository';
import { findLiveProducts } from '../products/products.repository';
import { productNotFound } from '../products/product-rules';
import {
  deletePriceRule,
  deleteSellerPrice,
  findPriceRule,
  listPriceRules,
  upsertPriceRule,
  type PriceRuleRow,
} from './price-rules.repository';

const ruleNotFound = () => new AppError('not_found', 'Price rule not found');

/** A rule as the API shows it: the markup back in percent. */
function ruleView(row: PriceRuleRow): PriceRule {
  return {
    id: row.id,
    categoryId: row.categoryId,
    markupPercent: row.markupBasisPoints / 100,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What an audit entry records of a rule (null: there was none). */
const auditedRule = (row: PriceRuleRow | undefined) =>
  row ? { categoryId: row.categoryId, markupPercent: row.markupBasisPoints / 100 } : null;

/**
 * Standing price rules (docs/adr/0071-standing-price-rules.md): a manager's or reseller's markup
 * on its own cost for what its invitees pay, and the clearing of a hand-set price so the rule
 * applies again. Pricing (pricing.service.ts `quoteProducts`) reads the rules; this writes them.
 * Each change takes the seller's price lock (`lockSellerPrices`): a bulk change of its selling
 * prices starts from the prices the rules give, and must not interleave with a rule's change.
 */
export class PriceRulesService {
  constructor(private readonly db: Database) {}

  async list(caller: AuthContext): Promise<PriceRuleList> {
    assertMayHavePriceRules(caller);
    return { data: (await listPriceRules(this.db, caller.userId)).map(ruleView) };
  }

  /** Creates the caller's rule for the category (null: every product), or replaces its markup. */
  async set(caller: AuthContext, input: SetPriceRuleInput): Promise<PriceRule> {
    assertMayHavePriceRules(caller);
    const { categoryId } = input;
    const markupBasisPoints = markupBasisPointsOf(input.markupPercent);
    return this.db.transaction(async (tx) => {
      if (categoryId !== null && !(await findCategory(tx, categoryId))) {
        throw new AppError('not_found', messages.categoryNotFound);
      }
      await lockSellerPrices(tx, caller.userId);
      const before = await findPriceRule(tx, caller.userId, categoryId);
      const row = await upsertPriceRule(tx, {
        sellerId: caller.userId,
        categoryId,
        markupBasisPoints,
      });
      await writeAudit(tx, {
        actorId: caller.userId,
        action: 'user.price_rule_set',
        targetType: 'user',
        targetId: caller.userId,
        before: auditedRule(before),
        after: auditedRule(row),
      });
      return ruleView(row);
    });
  }

  /** Deletes one of the caller's rules; another seller's rule answers as one that does not exist. */
  async delete(caller: AuthContext, id: string): Promise<void> {
    assertMayHavePriceRules(caller);
    await this.db.transaction(async (tx) => {
      await lockSellerPrices(tx, caller.userId);
      const row = await deletePriceRule(tx, caller.userId, id);
      if (!row) throw ruleNotFound();
      await writeAudit(tx, {
        actorId: caller.userId,
        action: 'user.price_rule_deleted',
        targetType: 'user',
        targetId: caller.userId,
        before: auditedRule(row),
        after: null,
      });
    });
  }

  /**
   * Clears the caller's hand-set selling price of a product: its invitees pay by its rule again
   * (or the product's reseller price). Clearing a price that is not set changes nothing.
   */
  async clearSellerPrice(caller: AuthContext, productId: string): Promise<void> {
    assertMayHavePriceRules(caller);
    await this.db.transaction(async (tx) => {
      const [product] = await findLiveProducts(tx, [productId], { forUpdate: false });
      if (!product) throw productNotFound();
      await lockSellerPrices(tx, caller.userId);
      const cleared = await deleteSellerPrice(tx, caller.userId, product.id);
      if (cleared === undefined) return;
      await writeAudit(tx, {
        actorId: caller.userId,
        action: 'product.seller_price_cleared',
        targetType: 'product',
        targetId: product.id,
        before: { sellingPrice: fromCents(cleared) },
        after: null,
      });
    });
  }
}
