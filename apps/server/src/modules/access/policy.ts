import { messages } from '@keymarket/contracts/messages';
import { topupMessages } from '@keymarket/contracts/topups';
import type { Role } from '@keymarket/contracts/users';
import { AppError, forbidden } from '../../lib/app-error';
import { isPricedByPlatform } from '../pricing/cost';
import type { AuthContext } from './auth-context';

/**
 * Every "may this caller …" of the server, in one place (as immich's `utils/access.ts`). A service
 * method asks here first, or right after loading the one object the answer depends on, so a route
 * wired with the wrong `access` still lets nobody through.
 *
 * Two kinds of refusal, never mixed up: `forbidden` (403) where the caller may know the thing
 * exists, `not_found` (404) where it may not: an object out of reach answers exactly like one that
 * does not exist, so ids cannot be probed. The object-level checks take the loaded object (or
 * `undefined`) and hand it back, narrowed, when allowed.
 *
 * The policy runs no query. The one fact that costs one, whether a user sits below the caller in
 * the invitation tree, comes as a loader (`InDownline`) that is called only when the cheaper facts
 * do not decide, so an admin or the caller itself costs nothing more.
 */

type Caller = Pick<AuthContext, 'userId' | 'role'>;

/** Whether `userId` is anywhere below the caller in the invitation tree. */
export type InDownline = (userId: string) => Promise<boolean>;

export const isAdmin = (caller: Pick<AuthContext, 'role'> | null | undefined) =>
  caller?.role === 'admin';

/** The route's role rule, repeated by the service (and what a route refuses with, word for word). */
export function requireRole(caller: Caller, roles: readonly Role[], text?: string) {
  if (!roles.includes(caller.role)) throw forbidden(text);
}

export const requireAdmin = (caller: Caller) => requireRole(caller, ['admin']);

// Supply from upstream (DESIGN.md §14): the platform's own accounts elsewhere.

export const assertMayManageUpstreams = (caller: Caller) =>
  requireRole(caller, ['admin'], 'Only an administrator can manage suppliers');

// Catalogue and packages

export const assertMayEditCatalogue = (caller: Caller) =>
  requireRole(caller, ['admin'], 'Only an administrator can change the catalogue');

export const assertMaySeeDeletedProducts = (caller: Caller) =>
  requireRole(caller, ['admin'], 'Only an administrator can see deleted products');

/** The platform's prices are the administrators' alone: so is the order they put products in. */
export const assertMaySortByPlatformPrices = (caller: Caller) =>
  requireRole(caller, ['admin'], "Only an administrator can sort by the platform's prices");

/** A soft-deleted product exists for administrators only. */
export function assertMaySeeProduct<T extends { product: { deletedAt: Date | null } }>(
  caller: Caller,
  row: T | undefined,
): T {
  if (!row || (row.product.deletedAt && !isAdmin(caller))) {
    throw new AppError('not_found', messages.productNotFound);
  }
  return row;
}

/** The platform's manager price is the administrators'; a seller sets only its own selling price. */
export function assertMaySetPrices(
  caller: Caller,
  changes: readonly { managerPrice?: number | undefined }[],
) {
  if (!isAdmin(caller) && changes.some((change) => change.managerPrice !== undefined)) {
    throw new AppError('forbidden', 'Only an administrator can change the manager price');
  }
}

/** Standing price rules are a seller's: administrators price through the products' own prices. */
export const assertMayHavePriceRules = (caller: Caller) =>
  requireRole(
    caller,
    ['manager', 'reseller'],
    'Only managers and resellers set prices for their invitees',
  );

export const assertMayManagePackages = (caller: Caller) =>
  requireRole(caller, ['admin'], 'Only an administrator can manage packages');

/**
 * An admin package prices a member the platform prices directly: a manager, or a reseller an
 * administrator invited.
 */
export function assertMayHoldPackage(holder: { role: Role }, inviterRole: Role | null) {
  if (holder.role === 'admin' || !isPricedByPlatform(holder.role, inviterRole)) {
    throw new AppError(
      'conflict',
      'Packages can be assigned to managers and to resellers invited by an administrator only',
    );
  }
}

// Manager packages: administrators read every manager's, a manager reads and changes its own.

export const assertMayReadManagerPackages = (caller: Caller) =>
  requireRole(caller, ['admin', 'manager']);

/** The owner whose packages the caller lists; `undefined` for every owner. */
export const managerPackageOwnerFilter = (caller: Caller) =>
  isAdmin(caller) ? undefined : caller.userId;

const packageNotFound = () => new AppError('not_found', messages.packageNotFound);

export function assertMayReadManagerPackage<T extends { ownerId: string }>(
  caller: Caller,
  pkg: T | undefined,
): T {
  if (!pkg || (!isAdmin(caller) && pkg.ownerId !== caller.userId)) throw packageNotFound();
  return pkg;
}

export const assertMayOwnManagerPackages = (caller: Caller) =>
  requireRole(caller, ['manager'], 'Only managers have their own packages');

/** Change, price or hand out a manager package: its owner only; another's does not exist. */
export function assertMayUseManagerPackage<T extends { ownerId: string }>(
  caller: Caller,
  pkg: T | undefined,
): T {
  if (!pkg || pkg.ownerId !== caller.userId) throw packageNotFound();
  return pkg;
}

/**
 * A manager assigns its packages to the users it invited itself. Deeper in its own tree it is
 * told why; anywhere else the user does not exist for it.
 */
export async function assertMayAssignManagerPackageTo<
  T extends { id: string; invitedById: string | null },
>(caller: Caller, user: T | undefined, inDownline: InDownline): Promise<T> {
  if (user && user.invitedById === caller.userId) return user;
  if (user && (await inDownline(user.id))) {
    throw new AppError('forbidden', 'You can assign packages only to users you invited yourself');
  }
  throw new AppError('not_found', messages.userNotFound);
}

// Orders

export function assertMayPlaceOrder(caller: Caller) {
  if (isAdmin(caller)) throw new AppError('forbidden', 'Administrators cannot place orders');
}

const orderNotFound = () => new AppError('not_found', messages.orderNotFound);

/** Admins read every order; others their own and their downline's. */
export async function assertMayReadOrder<T extends { order: { buyerId: string } }>(
  caller: Caller,
  row: T | undefined,
  inDownline: InDownline,
): Promise<T> {
  if (!row) throw orderNotFound();
  if (isAdmin(caller) || row.order.buyerId === caller.userId) return row;
  if (await inDownline(row.order.buyerId)) return row;
  throw orderNotFound();
}

/**
 * /api/v1 reads the orders the caller bought, whatever its role: an integration tracks its own
 * purchases, and a seller's view of its downline stays in the web app.
 */
export function assertMayReadOwnOrder<T extends { order: { buyerId: string } }>(
  caller: Caller,
  row: T | undefined,
): T {
  if (!row || row.order.buyerId !== caller.userId) throw orderNotFound();
  return row;
}

/** The delivered keys: the buyer's and the administrators' only, never the sellers' above. */
export const mayReadOrderKeys = (caller: Caller, order: { buyerId: string }) =>
  isAdmin(caller) || order.buyerId === caller.userId;

/** An admin completes or rejects a pending order; its buyer may only cancel (reject) it. */
export function assertMayRespondToOrder<T extends { buyerId: string }>(
  caller: Caller,
  order: T | undefined,
  status: 'completed' | 'rejected',
): T {
  if (!order || (!isAdmin(caller) && order.buyerId !== caller.userId)) throw orderNotFound();
  if (!isAdmin(caller) && status === 'completed') {
    throw new AppError('forbidden', 'Only an administrator can deliver an order');
  }
  return order;
}

/**
 * A faulty key is reported by the order's buyer only (an upline reads the order, not its keys);
 * anyone else is told the order does not exist, as for an order it cannot read.
 */
export function assertMayReportKey<T extends { buyerId: string }>(
  caller: Caller,
  order: T | undefined,
): T {
  if (!order || order.buyerId !== caller.userId) throw orderNotFound();
  return order;
}

/** Replacing a key or refunding a unit: administrators only. */
export function assertMayActOnOrderKey<T>(caller: Caller, order: T | undefined): T {
  if (!isAdmin(caller)) {
    throw new AppError('forbidden', 'Only an administrator can replace a key or refund a unit');
  }
  if (!order) throw orderNotFound();
  return order;
}

// Money

/**
 * Admins deposit to and withdraw from any user; a manager or reseller gives (transfers) only to a
 * user it invited itself. Nobody changes its own balance.
 */
export function assertMayChangeBalanceOf<T extends { id: string; invitedById: string | null }>(
  caller: Caller,
  target: T | undefined,
): T {
  if (!target || (!isAdmin(caller) && target.invitedById !== caller.userId)) {
    throw new AppError('not_found', messages.userNotFound);
  }
  if (target.id === caller.userId) {
    throw new AppError('bad_request', 'You cannot change your own balance');
  }
  return target;
}

/**
 * Purchase limits: an administrator sets anyone's, a manager or reseller only those of a user it
 * invited itself (docs/adr/0062-purchase-limits.md). Nobody sets its own; an administrator has
 * none, as it buys nothing.
 */
export function assertMaySetLimitsOf<
  T extends { id: string; role: Role; invitedById: string | null },
>(caller: Caller, target: T | undefined): T {
  if (!target || (!isAdmin(caller) && target.invitedById !== caller.userId)) {
    throw new AppError('not_found', messages.userNotFound);
  }
  if (target.id === caller.userId) {
    throw new AppError('forbidden', 'You cannot set your own purchase limits');
  }
  if (target.role === 'admin') {
    throw new AppError('forbidden', 'An administrator has no purchase limits');
  }
  return target;
}

export const assertMayRemoveBalance = (caller: Caller) =>
  requireRole(caller, ['admin'], 'Only an administrator can remove balance');

export function assertMayConvertProfit(caller: Caller) {
  if (isAdmin(caller)) throw new AppError('forbidden', 'Administrators have no profit to convert');
}

/**
 * Whose ledger rows a statement lists: the caller's own; an administrator's any user's it names
 * (`userId`). A manager or reseller naming anyone else, its own downline included, is refused, not
 * quietly shown its own rows: a statement says what a user was given, paid and earned, and from
 * whom, which is nobody else's to read (docs/adr/0025-ledger-statements-and-csv-exports.md).
 */
export function statementOwnerOf(caller: Caller, userId: string | undefined): string {
  if (userId === undefined || userId === caller.userId) return caller.userId;
  if (!isAdmin(caller)) {
    throw new AppError('forbidden', 'Only an administrator can read another user’s statement');
  }
  return userId;
}

// Users

/** Admins see everyone; managers and resellers themselves and their downline. */
export async function assertMaySeeUser<T extends { id: string }>(
  caller: Caller,
  user: T | undefined,
  inDownline: InDownline,
): Promise<T> {
  if (!user) throw new AppError('not_found', messages.userNotFound);
  if (isAdmin(caller) || user.id === caller.userId) return user;
  if (await inDownline(user.id)) return user;
  throw new AppError('not_found', messages.userNotFound);
}

/** Admin user actions never target the admin itself, nor (except edits) another admin. */
export function assertMayActOnUser<T extends { id: string; role: Role }>(
  caller: Caller,
  target: T | undefined,
  { allowAdmins = false } = {},
): T {
  requireAdmin(caller);
  if (!target) throw new AppError('not_found', messages.userNotFound);
  if (target.id === caller.userId) {
    throw new AppError('forbidden', 'You cannot do this to your own account');
  }
  if (target.role === 'admin' && !allowAdmins) {
    throw new AppError('forbidden', 'This action cannot be applied to an administrator');
  }
  return target;
}

/** Only an admin brings a manager in; everyone grows its tree with resellers. */
export function assertMayInvite(caller: Caller, role: Role) {
  if (role === 'manager' && !isAdmin(caller)) {
    throw new AppError('forbidden', messages.onlyAdminInvitesManagers);
  }
}

// Tickets

/** A ticket is its author's and the administrators'; to anyone else it does not exist. */
export function assertMayReadTicket<T extends { userId: string }>(
  caller: Caller,
  ticket: T | undefined,
): T {
  if (!ticket || (!isAdmin(caller) && ticket.userId !== caller.userId)) {
    throw new AppError('not_found', messages.ticketNotFound);
  }
  return ticket;
}

/**
 * Which side of a ticket's conversation the caller writes and reads on: its author, or the
 * administrators (an administrator's own ticket is read as its author). Only the administrators'
 * side sets a status; the author's message (re)opens the ticket by itself.
 */
export function ticketSideOf(
  caller: Caller,
  ticket: { userId: string },
  status?: string,
): 'author' | 'admin' {
  if (ticket.userId === caller.userId) {
    if (status !== undefined) throw forbidden("Only an administrator sets a ticket's status");
    return 'author';
  }
  requireAdmin(caller);
  return 'admin';
}

// API keys

/** A key is its owner's alone, administrators' included: to anyone else it does not exist. */
export function assertMayManageApiKey<T extends { userId: string }>(
  caller: Caller,
  key: T | undefined,
): T {
  if (!key || key.userId !== caller.userId) {
    throw new AppError('not_found', messages.apiKeyNotFound);
  }
  return key;
}

// Webhooks

/** An endpoint is its owner's alone, administrators' included: to anyone else it does not exist. */
export function assertMayManageWebhook<T extends { userId: string }>(
  caller: Caller,
  endpoint: T | undefined,
): T {
  if (!endpoint || endpoint.userId !== caller.userId) {
    throw new AppError('not_found', messages.webhookNotFound);
  }
  return endpoint;
}

// Notifications

/** A notification is its recipient's alone, administrators' included: to anyone else it does not exist. */
export function assertMayReadNotification<T extends { userId: string }>(
  caller: Caller,
  notification: T | undefined,
): T {
  if (!notification || notification.userId !== caller.userId) {
    throw new AppError('not_found', messages.notificationNotFound);
  }
  return notification;
}

// Top-ups (DESIGN.md §13): a user's funder is whoever prices it (§4).

/**
 * Who funds `user`: null for the platform (its administrators), else its inviter. Administrators
 * have no funder and ask nobody for money.
 */
export function funderOf(
  user: { role: Role; invitedById: string | null },
  inviterRole: Role | null,
): string | null {
  if (user.role === 'admin') throw new AppError('forbidden', topupMessages.topupAdminsHaveNoFunder);
  return isPricedByPlatform(user.role, inviterRole) ? null : user.invitedById;
}

/** The owner a caller's methods are saved under: null (the platform's) for administrators. */
export const topupMethodOwnerOf = (caller: Caller): string | null =>
  isAdmin(caller) ? null : caller.userId;

/** Card payments go to the platform's Stripe account: an administrator's method only. */
export function assertMayOfferTopupMethod(caller: Caller, kind: 'manual' | 'stripe') {
  if (kind === 'stripe' && !isAdmin(caller)) {
    throw new AppError('forbidden', topupMessages.topupStripePlatformOnly);
  }
}

/** A method is changed by its owner (any administrator for the platform's); to others it does not exist. */
export function assertMayManageTopupMethod<T extends { ownerId: string | null }>(
  caller: Caller,
  method: T | undefined,
): T {
  if (!method || method.ownerId !== topupMethodOwnerOf(caller)) {
    throw new AppError('not_found', topupMessages.topupMethodNotFound);
  }
  return method;
}

const topupNotFound = () => new AppError('not_found', topupMessages.topupNotFound);
const decidesTopup = (caller: Caller, topup: { funderId: string | null }) =>
  topup.funderId === null ? isAdmin(caller) : topup.funderId === caller.userId;

/** A request is read by its requester and by whoever decides it. */
export function assertMayReadTopup<T extends { userId: string; funderId: string | null }>(
  caller: Caller,
  topup: T | undefined,
): T {
  if (!topup || (topup.userId !== caller.userId && !decidesTopup(caller, topup))) {
    throw topupNotFound();
  }
  return topup;
}

/** Approve or reject: the funder only (any administrator for the platform's). */
export function assertMayDecideTopup<T extends { userId: string; funderId: string | null }>(
  caller: Caller,
  topup: T | undefined,
): T {
  const readable = assertMayReadTopup(caller, topup);
  if (!decidesTopup(caller, readable)) {
    throw new AppError('forbidden', topupMessages.topupOnlyFunderDecides);
  }
  return readable;
}

/** Cancel: the requester only. */
export function assertMayCancelTopup<T extends { userId: string; funderId: string | null }>(
  caller: Caller,
  topup: T | undefined,
): T {
  const readable = assertMayReadTopup(caller, topup);
  if (readable.userId !== caller.userId) {
    throw new AppError('forbidden', topupMessages.topupOnlyRequesterCancels);
  }
  return readable;
}
