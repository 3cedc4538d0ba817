import {
  topupMessages,
  topupMessageTemplates,
  type TopupMethod,
  type TopupMethodList,
  type topupMethodInputSchema,
  type topupMethodPatchSchema,
} from '@keymarket/contracts/topups';
import { fromCents, toCents } from '@keymarket/contracts/money';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError, validationError } from '../../lib/app-error';
import type { AuthContext } from '../access/auth-context';
import {
  assertMayManageTopupMethod,
  assertMayOfferTopupMethod,
  funderOf,
  topupMethodOwnerOf,
} from '../access/policy';
import { writeAudit } from '../ledger/ledger.repository';
import { findCurrencyByCode, findFundingUser } from './topups.repository';
import {
  deleteOrDisableTopupMethod,
  findTopupMethod,
  insertTopupMethod,
  listTopupMethods,
  updateTopupMethod,
  type TopupMethodValues,
  type TopupMethodWithRate,
} from './topup-methods.repository';

type MethodInput = z.output<typeof topupMethodInputSchema>;
type MethodPatch = z.output<typeof topupMethodPatchSchema>;

export function topupMethodOf({ method, rateToUsd }: TopupMethodWithRate): TopupMethod {
  return {
    id: method.id,
    nameEn: method.nameEn,
    nameFr: method.nameFr,
    nameAr: method.nameAr,
    instructionsEn: method.instructionsEn,
    instructionsFr: method.instructionsFr,
    instructionsAr: method.instructionsAr,
    kind: method.kind,
    currencyCode: method.currencyCode,
    minAmount: fromCents(method.minAmountCents),
    maxAmount: fromCents(method.maxAmountCents),
    feePercent: method.feePercent,
    feeFixed: fromCents(method.feeFixedCents),
    proofRequired: method.proofRequired,
    enabled: method.enabled,
    rateToUSD: rateToUsd,
    createdAt: method.createdAt.toISOString(),
  };
}

function valuesOf(input: Partial<MethodInput>): Partial<TopupMethodValues> {
  const { minAmount, maxAmount, feeFixed, ...rest } = input;
  return {
    ...rest,
    ...(minAmount !== undefined ? { minAmountCents: toCents(minAmount) } : {}),
    ...(maxAmount !== undefined ? { maxAmountCents: toCents(maxAmount) } : {}),
    ...(feeFixed !== undefined ? { feeFixedCents: toCents(feeFixed) } : {}),
  };
}

const unknownCurrency = (currency: string) =>
  validationError(
    'body.currencyCode',
    topupMessageTemplates.topupUnknownCurrency.text({ currency }),
  );

/** The methods funders offer (DESIGN.md §13): the platform's by administrators, a seller's own. */
export class TopupMethodsService {
  constructor(
    private readonly db: Database,
    private readonly stripeEnabled: () => boolean,
  ) {}

  /** The enabled methods the caller may pay its funder with. */
  async payable(caller: AuthContext): Promise<TopupMethodList> {
    const user = await findFundingUser(this.db, caller.userId);
    if (!user) throw new AppError('unauthorized', 'Please sign in');
    const funderId = funderOf(user, user.inviterRole);
    const rows = await listTopupMethods(this.db, funderId, { enabledOnly: true });
    // A card method is offered only while the server can take cards.
    const usable = rows.filter((row) => row.method.kind !== 'stripe' || this.stripeEnabled());
    return { data: usable.map(topupMethodOf) };
  }

  /** The methods the caller offers (administrators: the platform's). */
  async managed(caller: AuthContext): Promise<TopupMethodList> {
    const rows = await listTopupMethods(this.db, topupMethodOwnerOf(caller), {
      enabledOnly: false,
    });
    return { data: rows.map(topupMethodOf) };
  }

  async create(caller: AuthContext, input: MethodInput): Promise<TopupMethod> {
    assertMayOfferTopupMethod(caller, input.kind);
    if (input.kind === 'stripe' && !this.stripeEnabled()) {
      throw new AppError('bad_request', topupMessages.topupStripeNotSetUp);
    }
    const currency = await findCurrencyByCode(this.db, input.currencyCode);
    if (!currency) throw unknownCurrency(input.currencyCode);
    const method = await this.db.transaction(async (tx) => {
      const row = await insertTopupMethod(tx, {
        ...(valuesOf(input) as TopupMethodValues),
        ownerId: topupMethodOwnerOf(caller),
      });
      await writeAudit(tx, {
        actorId: caller.userId,
        action: 'topup_method.created',
        targetType: 'topup_method',
        targetId: row.id,
        after: row,
      });
      return row;
    });
    return topupMethodOf({ method, rateToUsd: currency.rateToUsd });
  }

  async update(caller: AuthContext, id: string, patch: MethodPatch): Promise<TopupMethod> {
    const before = assertMayManageTopupMethod(caller, (await findTopupMethod(this.db, id))?.method);
    const min = patch.minAmount !== undefined ? toCents(patch.minAmount) : before.minAmountCents;
    const max = patch.maxAmount !== undefined ? toCents(patch.maxAmount) : before.maxAmountCents;
    if (max < min) {
      throw validationError('body.maxAmount', topupMessages.topupRangeOrder);
    }
    if (
      patch.currencyCode !== undefined &&
      !(await findCurrencyByCode(this.db, patch.currencyCode))
    ) {
      throw unknownCurrency(patch.currencyCode);
    }
    await this.db.transaction(async (tx) => {
      const after = await updateTopupMethod(tx, id, valuesOf(patch));
      if (!after) throw new AppError('not_found', topupMessages.topupMethodNotFound);
      await writeAudit(tx, {
        actorId: caller.userId,
        action: 'topup_method.updated',
        targetType: 'topup_method',
        targetId: id,
        before,
        after,
      });
    });
    const saved = await findTopupMethod(this.db, id);
    if (!saved) throw new AppError('not_found', topupMessages.topupMethodNotFound);
    return topupMethodOf(saved);
  }

  async remove(caller: AuthContext, id: string): Promise<{ outcome: 'deleted' | 'disabled' }> {
    assertMayManageTopupMethod(caller, (await findTopupMethod(this.db, id))?.method);
    const outcome = await this.db.transaction(async (tx) => {
      const result = await deleteOrDisableTopupMethod(tx, id);
      await writeAudit(tx, {
        actorId: caller.userId,
        action: result === 'deleted' ? 'topup_method.deleted' : 'topup_method.disabled',
        targetType: 'topup_method',
        targetId: id,
      });
      return result;
    });
    return { outcome };
  }
}
