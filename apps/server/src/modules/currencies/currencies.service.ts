import type { z } from 'zod';
import {
  BASE_CURRENCY,
  type createCurrencySchema,
  type Currency,
  type updateCurrencySchema,
} from '@keymarket/contracts/settings';
import type { Database } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/pg-errors';
import type { AuthContext } from '../access/auth-context';
import { requireAdmin } from '../access/policy';
import { writeAudit } from '../ledger/ledger.repository';
import {
  deleteCurrency,
  ensureCurrency,
  findCurrency,
  insertCurrency,
  listCurrencies,
  updateCurrencyRate,
  type CurrencyRow,
} from './currencies.repository';

export class CurrenciesService {
  constructor(private readonly db: Database) {}

  /**
   * USD with rate 1 is the fallback every client relies on. Schema migrations are generated, so
   * the row is ensured at start rather than seeded there; it can never be deleted afterwards.
   */
  async ensureBaseCurrency() {
    await ensureCurrency(this.db, {
      code: BASE_CURRENCY.code,
      symbol: BASE_CURRENCY.symbol,
      rateToUsd: BASE_CURRENCY.rateToUSD,
    });
  }

  async list(): Promise<{ currencies: Currency[] }> {
    return { currencies: (await listCurrencies(this.db)).map(currencyView) };
  }

  async create(caller: AuthContext, input: z.output<typeof createCurrencySchema>) {
    requireAdmin(caller);
    try {
      return await this.db.transaction(async (tx) => {
        const row = await insertCurrency(tx, {
          code: input.code,
          symbol: input.symbol,
          rateToUsd: input.rateToUSD,
        });
        await writeAudit(tx, {
          actorId: caller.userId,
          action: 'currency.create',
          targetType: 'currency',
          targetId: row.id,
          after: currencyView(row),
        });
        return currencyView(row);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(`The currency ${input.code} already exists`);
      throw error;
    }
  }

  /** A new exchange rate; USD stays at 1, the base every amount is kept in. */
  async updateRate(caller: AuthContext, id: string, input: z.output<typeof updateCurrencySchema>) {
    requireAdmin(caller);
    const before = await findCurrency(this.db, id);
    if (!before) throw notFound('Currency');
    if (before.code === BASE_CURRENCY.code) {
      throw conflict('USD is the base currency: its rate is always 1');
    }
    return this.db.transaction(async (tx) => {
      const row = await updateCurrencyRate(tx, id, input.rateToUSD);
      if (!row) throw notFound('Currency');
      await writeAudit(tx, {
        actorId: caller.userId,
        action: 'currency.update',
        targetType: 'currency',
        targetId: id,
        before: currencyView(before),
        after: currencyView(row),
      });
      return currencyView(row);
    });
  }

  async remove(caller: AuthContext, id: string) {
    requireAdmin(caller);
    const row = await findCurrency(this.db, id);
    if (!row) throw notFound('Currency');
    if (row.code === BASE_CURRENCY.code) {
      throw conflict('USD is the base currency and cannot be deleted');
    }
    await this.db.transaction(async (tx) => {
      await deleteCurrency(tx, id);
      await writeAudit(tx, {
        actorId: caller.userId,
        action: 'currency.delete',
        targetType: 'currency',
        targetId: id,
        before: currencyView(row),
      });
    });
    return { ok: true as const };
  }
}

const currencyView = (row: CurrencyRow): Currency => ({
  id: row.id,
  code: row.code,
  symbol: row.symbol,
  rateToUSD: Number(row.rateToUsd),
});
