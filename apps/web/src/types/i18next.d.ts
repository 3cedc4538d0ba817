import type en from '@/locales/en.json';

// Typed keys: a misspelt or missing English key fails the type check, and so does an
// `errors.<type>` or `messages.<key>` template whose union is not fully translated.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
