import { BASE_CURRENCY, currencySchema, type Currency } from '@keymarket/contracts/settings';
import { createStoredValue } from './stored-value';
import { storageKeys } from './storage';

export type DisplayCurrency = Pick<Currency, 'code' | 'symbol' | 'rateToUSD'>;

const displayCurrencySchema = currencySchema.pick({ code: true, symbol: true, rateToUSD: true });

function parseStoredCurrency(raw: string | null): DisplayCurrency {
  if (raw === null) return BASE_CURRENCY;
  try {
    const parsed = displayCurrencySchema.safeParse(JSON.parse(raw));
    return parsed.success && parsed.data.rateToUSD > 0 ? parsed.data : BASE_CURRENCY;
  } catch {
    return BASE_CURRENCY;
  }
}

// formatPrice reads the choice for every amount on screen: parse each stored string once.
let lastRaw: string | null = null;
let lastParsed: DisplayCurrency = BASE_CURRENCY;

/**
 * The whole currency is kept, not only its code, so the first paint after a reload is already
 * in the chosen currency (at its last known rate) instead of flashing USD until GET /currencies
 * answers.
 */
const storedCurrency = createStoredValue<DisplayCurrency>({
  key: storageKeys.displayCurrency,
  parse: (raw) => {
    if (raw !== lastRaw) {
      lastRaw = raw;
      lastParsed = parseStoredCurrency(raw);
    }
    return lastParsed;
  },
  serialize: ({ code, symbol, rateToUSD }) => JSON.stringify({ code, symbol, rateToUSD }),
});

/** The currency amounts are shown in (the navbar selector); USD until one is chosen. */
export function displayCurrency(): DisplayCurrency {
  return storedCurrency.get();
}

export function chooseDisplayCurrency(currency: DisplayCurrency): void {
  storedCurrency.set(currency);
}

/** The chosen currency, re-rendering the caller whenever it changes (in this tab or another). */
export function useDisplayCurrency(): DisplayCurrency {
  return storedCurrency.useValue()[0];
}

/**
 * Follows the administrators' changes once the list of currencies is known: a new rate or
 * symbol applies, and a deleted currency falls back to USD.
 */
export function reconcileDisplayCurrency(available: readonly DisplayCurrency[]): void {
  const chosen = displayCurrency();
  const current = available.find((currency) => currency.code === chosen.code) ?? BASE_CURRENCY;
  if (
    current.code !== chosen.code ||
    current.symbol !== chosen.symbol ||
    current.rateToUSD !== chosen.rateToUSD
  ) {
    chooseDisplayCurrency(current);
  }
}
