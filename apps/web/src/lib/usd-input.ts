import { formatUsdAmount } from './format-price';

/**
 * A USD amount typed in a form field, as the number the API takes. A blank field is `undefined`
 * (left out of the request); anything that is not a number is `NaN`, which the contract's amount
 * schemas refuse with their own message.
 */
export function parseUsdInput(text: string): number | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return undefined;
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** A price as a form field's starting text: "12.5" rather than "12.50" or "$12.5". */
export function usdInputText(usd: number | undefined): string {
  return usd === undefined ? '' : String(usd);
}

/**
 * A price in USD whatever the navbar's display currency. The screens that set prices (Price
 * Control, packages) show them in the unit they are typed in: a table in euros above a field in
 * dollars would invite a seller to type the wrong figure.
 */
export function formatUsd(usd: number): string {
  return formatUsdAmount(usd);
}

/**
 * A USD price to put inside a translated sentence, isolated as left-to-right text: in Arabic,
 * "($10)" would otherwise be reordered to "(10$)".
 */
export function formatUsdInText(usd: number): string {
  return `\u2066${formatUsd(usd)}\u2069`;
}
