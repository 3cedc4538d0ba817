// Its own module, apart from the sidebar's entries and their icons (navigation.ts): the router
// needs the paths on the login page, the icons only inside an area.

/** Inner paths of an area, relative to `/admin`, `/manager` or `/reseller`. */
export const areaPaths = {
  /** Each area's index: figures, revenue chart, users by country. */
  dashboard: 'dashboard',
  generateCode: 'generate-code',
  profile: 'profile',
  /** Two-factor sign-in. */
  security: 'security',
  orders: 'orders',
  /** The buyers' catalogue (managers, resellers). */
  shop: 'products',
  /** The admin's categories and subcategories. */
  categories: 'categories',
  /** The admin's products (create, price, keys, restore): the shop's path in the other areas. */
  products: 'products',
  /** Support tickets: open and follow (managers, resellers), answer (admins). */
  tickets: 'tickets',
  faq: 'faq',
  /** The admin's Users screen; a manager's or reseller's downline. */
  users: 'users',
  /** Platform settings (admins): system, currencies, alerts, FAQs, music… */
  settings: 'settings',
  /** Every role's prices: the platform's (admin), its own selling prices (others). */
  priceControl: 'price-control',
  /** Admin packages; a manager's own packages. */
  packages: 'packages',
  /** Every role's own statement: the ledger of its balance and profit. */
  statement: 'statement',
  /** The admin's audit log. */
  auditLog: 'audit-log',
  /** API keys and webhooks: every role's integrations. */
  integrations: 'api',
  /** Managers' and resellers' own top-up requests: ask their funder for balance. */
  topup: 'topup',
  /** The top-up requests a funder decides (admins: the platform's). */
  topupRequests: 'topup-requests',
  /** The top-up methods a funder offers. */
  paymentMethods: 'payment-methods',
  /** The admin's suppliers: other platforms products are docked from (DESIGN.md §14). */
  suppliers: 'suppliers',
  /** What sells: top products and sellers over a period, platform-wide (admins) or downline. */
  sales: 'sales',
  /** Every role's notifications (the top bar's bell leads there). */
  notifications: 'notifications',
} as const;

// Which addresses open which first screen. Shared by the route table (what to fetch early) and
// the build's route preloads (vite.config.ts: what the server sends as modulepreload links), so
// both always agree. The areas are the `roles` of @keymarket/contracts/users.

/** Any address of an area. */
export const AREA_PATH = /^\/(admin|manager|reseller)(\/|$)/;

/** An area's home or its dashboard: the addresses whose first screen is the dashboard. */
export const AREA_DASHBOARD_PATH = /^\/(admin|manager|reseller)(\/|\/dashboard\/?)?$/;
