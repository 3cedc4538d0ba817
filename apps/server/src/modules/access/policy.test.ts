import { describe, expect, it, vi } from 'vitest';
import { messages } from '@keymarket/contracts/messages';
import type { Role } from '@keymarket/contracts/users';
import { AppError } from '../../lib/app-error';
import {
  assertMayActOnUser,
  assertMayAssignManagerPackageTo,
  assertMayChangeBalanceOf,
  assertMayConvertProfit,
  assertMayEditCatalogue,
  assertMayHoldPackage,
  assertMayInvite,
  assertMayManageApiKey,
  assertMayManageWebhook,
  assertMayManagePackages,
  assertMayOwnManagerPackages,
  assertMayPlaceOrder,
  assertMayReadManagerPackage,
  assertMayReadManagerPackages,
  assertMayReadOrder,
  assertMayReadOwnOrder,
  assertMayReadTicket,
  assertMayRemoveBalance,
  assertMayRespondToOrder,
  assertMaySeeDeletedProducts,
  assertMaySeeProduct,
  assertMaySeeUser,
  assertMaySetPrices,
  assertMayUseManagerPackage,
  isAdmin,
  managerPackageOwnerFilter,
  mayReadOrderKeys,
  requireAdmin,
  requireRole,
  statementOwnerOf,
} from './policy';

/**
 * The access policy as a table: every role against every decision and, where the object belongs
 * to someone, every place that someone can sit relative to the caller. A cell is either `ok` or
 * the exact refusal (status, type and text) the API answers with.
 */

type Outcome = 'ok' | true | false | { status: number; type: string; text: string };

const ok = 'ok' as const;
const refusal = (type: AppError['type'], text: string): Outcome => {
  const error = new AppError(type, text);
  return { status: error.statusCode, type, text };
};
const forbidden = (text = 'You do not have permission to do this') => refusal('forbidden', text);
const userGone = refusal('not_found', messages.userNotFound);
const orderGone = refusal('not_found', messages.orderNotFound);
const packageGone = refusal('not_found', messages.packageNotFound);
const ticketGone = refusal('not_found', messages.ticketNotFound);
const productGone = refusal('not_found', messages.productNotFound);
const apiKeyGone = refusal('not_found', messages.apiKeyNotFound);
const webhookGone = refusal('not_found', messages.webhookNotFound);

async function outcomeOf(decide: () => unknown): Promise<Outcome> {
  try {
    const answer = await decide();
    return typeof answer === 'boolean' ? answer : ok;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { status: error.statusCode, type: error.type, text: error.text };
  }
}

const roles = ['admin', 'manager', 'reseller'] as const;
const callerOf = (role: Role) => ({ userId: `${role}-1`, role });
type Caller = ReturnType<typeof callerOf>;

// Role-only decisions.

const byRole: [string, (caller: Caller) => unknown, Record<Role, Outcome>][] = [
  ['requireAdmin', requireAdmin, { admin: ok, manager: forbidden(), reseller: forbidden() }],
  [
    'requireRole(manager, reseller)',
    (c) => requireRole(c, ['manager', 'reseller']),
    { admin: forbidden(), manager: ok, reseller: ok },
  ],
  ['isAdmin', isAdmin, { admin: true, manager: false, reseller: false }],
  [
    'assertMayEditCatalogue',
    assertMayEditCatalogue,
    {
      admin: ok,
      manager: forbidden('Only an administrator can change the catalogue'),
      reseller: forbidden('Only an administrator can change the catalogue'),
    },
  ],
  [
    'assertMaySeeDeletedProducts',
    assertMaySeeDeletedProducts,
    {
      admin: ok,
      manager: forbidden('Only an administrator can see deleted products'),
      reseller: forbidden('Only an administrator can see deleted products'),
    },
  ],
  [
    'assertMaySetPrices with a manager price',
    (c) => assertMaySetPrices(c, [{ managerPrice: undefined }, { managerPrice: 12 }]),
    {
      admin: ok,
      manager: forbidden('Only an administrator can change the manager price'),
      reseller: forbidden('Only an administrator can change the manager price'),
    },
  ],
  [
    'assertMaySetPrices with selling prices only',
    (c) => assertMaySetPrices(c, [{ managerPrice: undefined }, {}]),
    { admin: ok, manager: ok, reseller: ok },
  ],
  [
    'assertMayManagePackages',
    assertMayManagePackages,
    {
      admin: ok,
      manager: forbidden('Only an administrator can manage packages'),
      reseller: forbidden('Only an administrator can manage packages'),
    },
  ],
  [
    'assertMayReadManagerPackages',
    assertMayReadManagerPackages,
    { admin: ok, manager: ok, reseller: forbidden() },
  ],
  [
    'assertMayOwnManagerPackages',
    assertMayOwnManagerPackages,
    {
      admin: forbidden('Only managers have their own packages'),
      manager: ok,
      reseller: forbidden('Only managers have their own packages'),
    },
  ],
  [
    'assertMayPlaceOrder',
    assertMayPlaceOrder,
    { admin: forbidden('Administrators cannot place orders'), manager: ok, reseller: ok },
  ],
  [
    'assertMayRemoveBalance',
    assertMayRemoveBalance,
    {
      admin: ok,
      manager: forbidden('Only an administrator can remove balance'),
      reseller: forbidden('Only an administrator can remove balance'),
    },
  ],
  [
    'assertMayConvertProfit',
    assertMayConvertProfit,
    { admin: forbidden('Administrators have no profit to convert'), manager: ok, reseller: ok },
  ],
  [
    'statementOwnerOf without a userId',
    (c) => statementOwnerOf(c, undefined),
    { admin: ok, manager: ok, reseller: ok },
  ],
  [
    'statementOwnerOf naming the caller itself',
    (c) => statementOwnerOf(c, c.userId),
    { admin: ok, manager: ok, reseller: ok },
  ],
  [
    'statementOwnerOf naming another user',
    (c) => statementOwnerOf(c, 'someone-else'),
    {
      admin: ok,
      manager: forbidden('Only an administrator can read another user’s statement'),
      reseller: forbidden('Only an administrator can read another user’s statement'),
    },
  ],
  [
    'assertMayInvite a manager',
    (c) => assertMayInvite(c, 'manager'),
    {
      admin: ok,
      manager: forbidden(messages.onlyAdminInvitesManagers),
      reseller: forbidden(messages.onlyAdminInvitesManagers),
    },
  ],
  [
    'assertMayInvite a reseller',
    (c) => assertMayInvite(c, 'reseller'),
    { admin: ok, manager: ok, reseller: ok },
  ],
];

describe('role decisions', () => {
  it.each(
    byRole.flatMap(([name, decide, row]) =>
      roles.map((role) => [name, role, decide, row[role]] as const),
    ),
  )('%s: %s', async (_name, role, decide, expected) => {
    expect(await outcomeOf(() => decide(callerOf(role)))).toEqual(expected);
  });

  it('lists every manager package for an admin and only its own for a manager', () => {
    expect(managerPackageOwnerFilter(callerOf('admin'))).toBeUndefined();
    expect(managerPackageOwnerFilter(callerOf('manager'))).toBe('manager-1');
  });

  it('reads the caller’s own statement, or for an admin the user it names', () => {
    expect(statementOwnerOf(callerOf('reseller'), undefined)).toBe('reseller-1');
    expect(statementOwnerOf(callerOf('admin'), undefined)).toBe('admin-1');
    expect(statementOwnerOf(callerOf('admin'), 'reseller-7')).toBe('reseller-7');
  });

  it('counts nobody signed in as an administrator', () => {
    expect(isAdmin(null)).toBe(false);
    expect(isAdmin(undefined)).toBe(false);
  });
});

// Decisions about something that belongs to a user: where that user sits relative to the caller.

const relations = ['self', 'invitee', 'deeper downline', 'stranger', 'missing'] as const;
type Relation = (typeof relations)[number];

interface Subject {
  id: string;
  invitedById: string | null;
  role: Role;
}

/** The owner of the object in question; `undefined` when the object does not exist. */
function subjectOf(caller: Caller, relation: Relation): Subject | undefined {
  switch (relation) {
    case 'self':
      return { id: caller.userId, invitedById: 'upline', role: caller.role };
    case 'invitee':
      return { id: `${caller.userId}-invitee`, invitedById: caller.userId, role: 'reseller' };
    case 'deeper downline':
      return {
        id: `${caller.userId}-deeper`,
        invitedById: `${caller.userId}-invitee`,
        role: 'reseller',
      };
    case 'stranger':
      return { id: 'stranger', invitedById: 'someone-else', role: 'reseller' };
    case 'missing':
      return undefined;
  }
}

/** The invitation tree: the caller's invitee and that invitee's own invitee sit below it. */
const inDownlineOf = (caller: Caller) => async (userId: string) =>
  userId === `${caller.userId}-invitee` || userId === `${caller.userId}-deeper`;

type Row = readonly [Outcome, Outcome, Outcome, Outcome, Outcome];
type Decide = (caller: Caller, subject: Subject | undefined) => unknown;

const notDeliverable = forbidden('Only an administrator can deliver an order');
const notOwnInvitee = forbidden('You can assign packages only to users you invited yourself');
const ownAccount = forbidden('You cannot do this to your own account');
const ownBalance = refusal('bad_request', 'You cannot change your own balance');

const same = (outcome: Outcome): Row => [outcome, outcome, outcome, outcome, outcome];

// Each row: the outcome for the object's owner being the caller itself, its direct invitee, deeper
// in its downline, a stranger, and no such object.
const byRelation: [string, Decide, Record<Role, Row>][] = [
  [
    'assertMayReadOrder',
    (c, s) => assertMayReadOrder(c, s && { order: { buyerId: s.id } }, inDownlineOf(c)),
    {
      admin: [ok, ok, ok, ok, orderGone],
      manager: [ok, ok, ok, orderGone, orderGone],
      reseller: [ok, ok, ok, orderGone, orderGone],
    },
  ],
  [
    'mayReadOrderKeys',
    (c, s) => mayReadOrderKeys(c, { buyerId: s?.id ?? 'nobody' }),
    {
      admin: same(true),
      manager: [true, false, false, false, false],
      reseller: [true, false, false, false, false],
    },
  ],
  [
    'assertMayRespondToOrder rejecting',
    (c, s) => assertMayRespondToOrder(c, s && { buyerId: s.id }, 'rejected'),
    {
      admin: [ok, ok, ok, ok, orderGone],
      manager: [ok, orderGone, orderGone, orderGone, orderGone],
      reseller: [ok, orderGone, orderGone, orderGone, orderGone],
    },
  ],
  [
    'assertMayRespondToOrder completing',
    (c, s) => assertMayRespondToOrder(c, s && { buyerId: s.id }, 'completed'),
    {
      admin: [ok, ok, ok, ok, orderGone],
      manager: [notDeliverable, orderGone, orderGone, orderGone, orderGone],
      reseller: [notDeliverable, orderGone, orderGone, orderGone, orderGone],
    },
  ],
  [
    'assertMayChangeBalanceOf',
    assertMayChangeBalanceOf,
    {
      admin: [ownBalance, ok, ok, ok, userGone],
      manager: [userGone, ok, userGone, userGone, userGone],
      reseller: [userGone, ok, userGone, userGone, userGone],
    },
  ],
  [
    'assertMaySeeUser',
    (c, s) => assertMaySeeUser(c, s, inDownlineOf(c)),
    {
      admin: [ok, ok, ok, ok, userGone],
      manager: [ok, ok, ok, userGone, userGone],
      reseller: [ok, ok, ok, userGone, userGone],
    },
  ],
  [
    'assertMayActOnUser',
    (c, s) => assertMayActOnUser(c, s),
    {
      admin: [ownAccount, ok, ok, ok, userGone],
      manager: same(forbidden()),
      reseller: same(forbidden()),
    },
  ],
  [
    'assertMayAssignManagerPackageTo',
    (c, s) => assertMayAssignManagerPackageTo(c, s, inDownlineOf(c)),
    {
      // Only a manager gets this far (assertMayOwnManagerPackages); the rule is the same for all.
      admin: [userGone, ok, notOwnInvitee, userGone, userGone],
      manager: [userGone, ok, notOwnInvitee, userGone, userGone],
      reseller: [userGone, ok, notOwnInvitee, userGone, userGone],
    },
  ],
  [
    'assertMayReadManagerPackage',
    (c, s) => assertMayReadManagerPackage(c, s && { ownerId: s.id }),
    {
      admin: [ok, ok, ok, ok, packageGone],
      manager: [ok, packageGone, packageGone, packageGone, packageGone],
      reseller: [ok, packageGone, packageGone, packageGone, packageGone],
    },
  ],
  [
    'assertMayUseManagerPackage',
    (c, s) => assertMayUseManagerPackage(c, s && { ownerId: s.id }),
    {
      // Administrators read every manager's packages but change none.
      admin: [ok, packageGone, packageGone, packageGone, packageGone],
      manager: [ok, packageGone, packageGone, packageGone, packageGone],
      reseller: [ok, packageGone, packageGone, packageGone, packageGone],
    },
  ],
  [
    'assertMayReadTicket',
    (c, s) => assertMayReadTicket(c, s && { userId: s.id }),
    {
      admin: [ok, ok, ok, ok, ticketGone],
      manager: [ok, ticketGone, ticketGone, ticketGone, ticketGone],
      reseller: [ok, ticketGone, ticketGone, ticketGone, ticketGone],
    },
  ],
  [
    'assertMayReadOwnOrder (/api/v1)',
    (c, s) => assertMayReadOwnOrder(c, s && { order: { buyerId: s.id } }),
    {
      admin: [ok, orderGone, orderGone, orderGone, orderGone],
      manager: [ok, orderGone, orderGone, orderGone, orderGone],
      reseller: [ok, orderGone, orderGone, orderGone, orderGone],
    },
  ],
  [
    'assertMayManageApiKey',
    (c, s) => assertMayManageApiKey(c, s && { userId: s.id }),
    {
      admin: [ok, apiKeyGone, apiKeyGone, apiKeyGone, apiKeyGone],
      manager: [ok, apiKeyGone, apiKeyGone, apiKeyGone, apiKeyGone],
      reseller: [ok, apiKeyGone, apiKeyGone, apiKeyGone, apiKeyGone],
    },
  ],
  [
    'assertMayManageWebhook',
    (c, s) => assertMayManageWebhook(c, s && { userId: s.id }),
    {
      admin: [ok, webhookGone, webhookGone, webhookGone, webhookGone],
      manager: [ok, webhookGone, webhookGone, webhookGone, webhookGone],
      reseller: [ok, webhookGone, webhookGone, webhookGone, webhookGone],
    },
  ],
];

describe('decisions about what belongs to a user', () => {
  it.each(
    byRelation.flatMap(([name, decide, table]) =>
      roles.flatMap((role) =>
        relations.map((relation, i) => [name, role, relation, decide, table[role][i]] as const),
      ),
    ),
  )('%s: %s → %s', async (_name, role, relation, decide, expected) => {
    const caller = callerOf(role);
    expect(await outcomeOf(() => decide(caller, subjectOf(caller, relation)))).toEqual(expected);
  });

  it('asks the downline only when the cheaper facts do not decide', async () => {
    const admin = callerOf('admin');
    const manager = callerOf('manager');
    const inDownline = vi.fn(async () => false);
    await assertMayReadOrder(admin, { order: { buyerId: 'stranger' } }, inDownline);
    await assertMaySeeUser(manager, { id: manager.userId }, inDownline);
    await assertMayAssignManagerPackageTo(
      manager,
      { id: 'x', invitedById: manager.userId },
      inDownline,
    );
    expect(inDownline).not.toHaveBeenCalled();
    await expect(assertMaySeeUser(manager, { id: 'stranger' }, inDownline)).rejects.toThrow();
    expect(inDownline).toHaveBeenCalledWith('stranger');
  });

  it('refuses admin actions on another administrator unless the action allows it', async () => {
    const admin = callerOf('admin');
    const other = { id: 'admin-2', role: 'admin' as const };
    expect(await outcomeOf(() => assertMayActOnUser(admin, other))).toEqual(
      forbidden('This action cannot be applied to an administrator'),
    );
    expect(await outcomeOf(() => assertMayActOnUser(admin, other, { allowAdmins: true }))).toBe(ok);
  });
});

describe('products and admin packages', () => {
  const live = { product: { deletedAt: null } };
  const deleted = { product: { deletedAt: new Date() } };

  it.each([
    ['admin', live, ok],
    ['admin', deleted, ok],
    ['admin', undefined, productGone],
    ['manager', live, ok],
    ['manager', deleted, productGone],
    ['manager', undefined, productGone],
    ['reseller', live, ok],
    ['reseller', deleted, productGone],
    ['reseller', undefined, productGone],
  ] as const)('assertMaySeeProduct: %s, %o', async (role, row, expected) => {
    expect(await outcomeOf(() => assertMaySeeProduct(callerOf(role), row))).toEqual(expected);
  });

  const notPricedByPlatform = refusal(
    'conflict',
    'Packages can be assigned to managers and to resellers invited by an administrator only',
  );
  it.each([
    ['an admin', 'admin', null, notPricedByPlatform],
    ['a manager', 'manager', 'admin', ok],
    ['a reseller invited by an admin', 'reseller', 'admin', ok],
    ['a reseller invited by nobody', 'reseller', null, ok],
    ['a reseller invited by a manager', 'reseller', 'manager', notPricedByPlatform],
    ['a reseller invited by a reseller', 'reseller', 'reseller', notPricedByPlatform],
  ] as const)('assertMayHoldPackage: %s', async (_name, role, inviterRole, expected) => {
    expect(await outcomeOf(() => assertMayHoldPackage({ role }, inviterRole))).toEqual(expected);
  });
});
