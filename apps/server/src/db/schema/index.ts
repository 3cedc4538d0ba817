// The whole schema, for Drizzle's relational queries and drizzle-kit.
export * from './users';
export * from './files';
export * from './settings';
export * from './ledger';
export * from './catalogue';
export * from './orders';
export * from './tickets';
export * from './platform';
export * from './analytics';
export * from './integration';
export * from './outbox';
export * from './notifications';
export * from './topups';
export * from './upstreams';
export * from './upstream-reports';
