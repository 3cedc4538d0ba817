import { Banknote } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '@/components/ui/select';
import { useCurrencies } from '@/entities/currencies/api/get-currencies';
import {
  chooseDisplayCurrency,
  reconcileDisplayCurrency,
  useDisplayCurrency,
} from '@/lib/display-currency';

/** The navbar currency: every amount on screen is shown in it; prices are still typed in USD. */
export function CurrencySelector() {
  const { t, ready } = useTranslation('shell');
  const id = useId();
  const chosen = useDisplayCurrency();
  const currenciesQuery = useCurrencies();
  const available = currenciesQuery.data?.currencies;

  useEffect(() => {
    if (available) reconcileDisplayCurrency(available);
  }, [available]);

  if (!ready) return null;
  // Until the list arrives (or when it cannot), the current choice is the only option.
  const options = available ?? [chosen];

  return (
    <div className="flex items-center gap-1.5">
      <label htmlFor={id} className="text-muted">
        <Banknote aria-hidden className="size-4" />
        <span className="sr-only">{t('currency.label')}</span>
      </label>
      <Select
        id={id}
        value={chosen.code}
        // As wide as its longest option (code and symbol): a fixed width clipped "XAF FCFA" and
        // Arabic symbols. Said here, not in Select: the login page's budget carries Select.
        className="inline-block shrink-0 [&>select]:w-auto!"
        onChange={(event) => {
          const currency = options.find(({ code }) => code === event.target.value);
          if (currency) chooseDisplayCurrency(currency);
        }}
      >
        {options.map((currency) => (
          <option key={currency.code} value={currency.code}>
            {/* Isolated left to right, so Arabic pages do not swap the code and the symbol. */}
            {`\u2066${currency.code} ${currency.symbol}\u2069`}
          </option>
        ))}
      </Select>
    </div>
  );
}
