/**
 * Every query key's root, in one registry. Features never type a key as a literal: a mutation
 * invalidates by these names, so it cannot miss a cache another feature reads under a key of its
 * own spelling. An endpoint's key extends its root (`[...queryKeys.orders, 'list', query]`), and
 * invalidating the root refreshes every query under it.
 */
export const queryKeys = {
  /** The caller's profile (balance, profit, package): under users, so a users refresh covers it. */
  currentUser: ['users', 'me'],
  // Not under ['users', 'me']: invalidating the profile must not refetch the never-stale role.
  currentRole: ['session', 'role'],
  signedInProbe: ['session', 'probe'],
  users: ['users'],
  orders: ['orders'],
  /** The caller's own pending orders, which block a profit conversion: refreshed with any order. */
  ownPendingOrders: ['orders', 'own-pending'],
  /** The shop's and the admin's product lists: an admin's change refreshes both. */
  products: ['products'],
  priceList: ['products', 'price-list'],
  /** A seller's standing price rules (Price Control). */
  priceRules: ['price-rules'],
  productKeys: (productId: string) => ['products', productId, 'keys'] as const,
  categories: ['categories'],
  /** Admins' packages and a manager's own packages: `kind` is `admin` or `manager`. */
  packages: (kind: string) => ['packages', kind] as const,
  ledger: ['ledger'],
  tickets: ['tickets'],
  notifications: ['notifications'],
  notificationPreferences: ['notification-preferences'],
  /** Every dashboard figure: one invalidation refreshes the whole screen. */
  analytics: ['analytics'],
  reconciliation: ['reconciliation', 'last'],
  audit: ['audit'],
  invitations: ['invitations'],
  apiKeys: ['api-keys'],
  webhooks: ['webhooks'],
  webhookDeliveries: (webhookId: string) => ['webhooks', webhookId, 'deliveries'] as const,
  twoFactorStatus: ['two-factor-status'],
  topups: ['topups'],
  /** Suppliers, their catalogues and the purchases made there (DESIGN.md §14). */
  upstreams: ['upstreams'],
  alerts: ['alerts'],
  bannedCountries: ['banned-countries'],
  currencies: ['currencies'],
  faqs: ['faqs'],
  music: ['music'],
  socialLinks: ['social-links'],
  systemSettings: ['system-settings'],
  thresholds: ['thresholds'],
} as const;
