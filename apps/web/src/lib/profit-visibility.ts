import { createStoredValue } from './stored-value';
import { storageKeys } from './storage';

/** Resellers often work in front of customers; hiding the profit figure keeps margins private. */
const storedProfitVisibility = createStoredValue<boolean>({
  key: storageKeys.profitVisibility,
  // Visible unless explicitly hidden: the specification's default.
  parse: (raw) => raw !== 'false',
  serialize: (visible) => String(visible),
});

export const useProfitVisibility = storedProfitVisibility.useValue;
