import type en from '@/locales/en.json';
import type catalogue from '@/locales/namespaces/catalogue/en.json';
import type dashboard from '@/locales/namespaces/dashboard/en.json';
import type security from '@/locales/namespaces/security/en.json';
import type settings from '@/locales/namespaces/settings/en.json';
import type tickets from '@/locales/namespaces/tickets/en.json';
import type users from '@/locales/namespaces/users/en.json';

// Typed keys: a misspelt or missing English key fails the type check, and so does an
// `errors.<type>` or `messages.<key>` template whose union is not fully translated.
// `translation` ships with the first page; the others load with their screens (lib/i18n.ts).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof en;
      catalogue: typeof catalogue;
      dashboard: typeof dashboard;
      security: typeof security;
      settings: typeof settings;
      tickets: typeof tickets;
      users: typeof users;
    };
  }
}
