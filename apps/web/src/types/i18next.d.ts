import type en from '@/locales/en.json';
import type area from '@/locales/namespaces/area/en.json';
import type catalogue from '@/locales/namespaces/catalogue/en.json';
import type dashboard from '@/locales/namespaces/dashboard/en.json';
import type fulfilment from '@/locales/namespaces/fulfilment/en.json';
import type pricing from '@/locales/namespaces/pricing/en.json';
import type priceRules from '@/locales/namespaces/priceRules/en.json';
import type publicPages from '@/locales/namespaces/public/en.json';
import type sales from '@/locales/namespaces/sales/en.json';
import type search from '@/locales/namespaces/search/en.json';
import type security from '@/locales/namespaces/security/en.json';
import type integration from '@/locales/namespaces/integration/en.json';
import type limits from '@/locales/namespaces/limits/en.json';
import type money from '@/locales/namespaces/money/en.json';
import type settings from '@/locales/namespaces/settings/en.json';
import type shell from '@/locales/namespaces/shell/en.json';
import type suppliers from '@/locales/namespaces/suppliers/en.json';
import type tickets from '@/locales/namespaces/tickets/en.json';
import type topups from '@/locales/namespaces/topups/en.json';
import type users from '@/locales/namespaces/users/en.json';
import type webhooks from '@/locales/namespaces/webhooks/en.json';

// Typed keys: a misspelt or missing English key fails the type check, and so does an
// `errors.<type>` or `messages.<key>` template whose union is not fully translated.
// `translation` ships with the first page; the others load with their screens (lib/i18n.ts).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // What every area shares (balance, orders, shop, profile…): looked up after the screen's own
    // namespaces, so its keys read like core ones (`orders.title`).
    fallbackNS: 'area';
    resources: {
      translation: typeof en;
      area: typeof area;
      catalogue: typeof catalogue;
      dashboard: typeof dashboard;
      fulfilment: typeof fulfilment;
      pricing: typeof pricing;
      priceRules: typeof priceRules;
      public: typeof publicPages;
      sales: typeof sales;
      search: typeof search;
      security: typeof security;
      settings: typeof settings;
      shell: typeof shell;
      suppliers: typeof suppliers;
      tickets: typeof tickets;
      topups: typeof topups;
      integration: typeof integration;
      limits: typeof limits;
      money: typeof money;
      users: typeof users;
      webhooks: typeof webhooks;
    };
  }
}
