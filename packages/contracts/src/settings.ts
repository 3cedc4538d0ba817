import { z } from './zod';
import { freeText, nameText } from './text';

/*
 * Platform settings (DESIGN.md §6): currencies, alerts, FAQs, social links, background music,
 * banned countries. System settings are in system-settings.ts.
 */

const idParam = (what: string) => z.object({ id: z.uuid(`${what} not found`) });
const localised = (label: string, max: number) =>
  freeText({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} cannot exceed ${max} characters`);

// ---------------------------------------------------------------- Currencies

/** The base currency: always present with rate 1, never deletable. */
export const BASE_CURRENCY = { code: 'USD', symbol: '$', rateToUSD: 1 } as const;
export const CURRENCY_RATE_MAX = 1_000_000;
export const CURRENCY_RATE_DECIMALS = 6;

export const currencyParamsSchema = idParam('Currency');

const rateToUsdSchema = z
  .number({ error: 'Rate must be a number' })
  .gt(0, 'Rate must be greater than 0')
  .max(CURRENCY_RATE_MAX, 'Rate cannot exceed 1000000')
  // Stored as numeric(…, 6): more decimals would be silently rounded.
  .refine(
    (rate) => Number.isFinite(rate) && Number(rate.toFixed(CURRENCY_RATE_DECIMALS)) === rate,
    `Rate can have at most ${CURRENCY_RATE_DECIMALS} decimals`,
  );

export const createCurrencySchema = z.strictObject({
  code: z
    .string({ error: 'Currency code must be 3 uppercase letters, e.g. EUR' })
    .trim()
    .regex(/^[A-Z]{3}$/, 'Currency code must be 3 uppercase letters, e.g. EUR'),
  // Shown beside every amount: a direction control in it would turn the amount around.
  symbol: nameText({ error: 'Symbol is required' })
    .trim()
    .min(1, 'Symbol is required')
    .max(5, 'Symbol cannot exceed 5 characters'),
  rateToUSD: rateToUsdSchema,
});
export type CreateCurrencyInput = z.input<typeof createCurrencySchema>;

/** `PATCH /currencies/{id}`: a new exchange rate, edited in place in the currencies table. */
export const updateCurrencySchema = z.strictObject({ rateToUSD: rateToUsdSchema });
export type UpdateCurrencyInput = z.input<typeof updateCurrencySchema>;

export const currencySchema = z.object({
  id: z.uuid(),
  code: z.string(),
  symbol: z.string(),
  /** Display amount = USD amount × rateToUSD. */
  rateToUSD: z.number(),
});
export type Currency = z.infer<typeof currencySchema>;

export const currencyListSchema = z.object({ currencies: z.array(currencySchema) });

/** An amount in USD shown in `currency` (the navbar selector): at most 2 decimals, no grouping. */
export const toDisplayAmount = (usd: number, currency: Pick<Currency, 'rateToUSD'>) =>
  Math.round(usd * currency.rateToUSD * 100) / 100;

// ---------------------------------------------------------------- Alerts

export const alertSeverities = ['info', 'warning', 'critical'] as const;
export const ALERT_MESSAGE_MAX = 500;

export const alertParamsSchema = idParam('Alert');

export const createAlertSchema = z.strictObject({
  messageEn: localised('English message', ALERT_MESSAGE_MAX),
  messageFr: localised('French message', ALERT_MESSAGE_MAX),
  messageAr: localised('Arabic message', ALERT_MESSAGE_MAX),
  severity: z.enum(alertSeverities, { error: 'Severity must be info, warning or critical' }),
  active: z.boolean().default(true),
});
export type CreateAlertInput = z.input<typeof createAlertSchema>;

export const alertSchema = z.object({
  id: z.uuid(),
  messageEn: z.string(),
  messageFr: z.string(),
  messageAr: z.string(),
  severity: z.enum(alertSeverities),
  active: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Alert = z.infer<typeof alertSchema>;

export const alertListSchema = z.object({ alerts: z.array(alertSchema) });

// ---------------------------------------------------------------- FAQs

export const FAQ_QUESTION_MAX = 300;
export const FAQ_ANSWER_MAX = 5000;
export const FAQ_POSITION_MAX = 10_000;

export const faqParamsSchema = idParam('FAQ');

/** POST and PUT /faqs. Without `position`, a new FAQ goes last and an edited one stays put. */
export const faqInputSchema = z.strictObject({
  questionEn: localised('English question', FAQ_QUESTION_MAX),
  questionFr: localised('French question', FAQ_QUESTION_MAX),
  questionAr: localised('Arabic question', FAQ_QUESTION_MAX),
  answerEn: localised('English answer', FAQ_ANSWER_MAX),
  answerFr: localised('French answer', FAQ_ANSWER_MAX),
  answerAr: localised('Arabic answer', FAQ_ANSWER_MAX),
  position: z
    .number({ error: 'Position must be a whole number' })
    .int('Position must be a whole number')
    .min(0, 'Position cannot be negative')
    .max(FAQ_POSITION_MAX, `Position cannot exceed ${FAQ_POSITION_MAX}`)
    .optional(),
});
export type FaqInput = z.input<typeof faqInputSchema>;

export const faqSchema = z.object({
  id: z.uuid(),
  questionEn: z.string(),
  questionFr: z.string(),
  questionAr: z.string(),
  answerEn: z.string(),
  answerFr: z.string(),
  answerAr: z.string(),
  position: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Faq = z.infer<typeof faqSchema>;

export const faqListSchema = z.object({ faqs: z.array(faqSchema) });

// ---------------------------------------------------------------- Social links

export const socialNetworks = [
  'facebook',
  'instagram',
  'x',
  'telegram',
  'whatsapp',
  'youtube',
  'tiktok',
  'discord',
  'website',
] as const;
export type SocialNetwork = (typeof socialNetworks)[number];

const SOCIAL_URL_TEXT = 'Enter a full http:// or https:// address';
// Only web addresses: a `javascript:` or `data:` link in the footer would run script on click.
const socialUrlSchema = z
  .url({ protocol: /^https?$/, hostname: z.regexes.domain, error: SOCIAL_URL_TEXT })
  .max(500, 'The address cannot exceed 500 characters');

/** Network → URL. A network left out (or sent as null) has no link; any other key is refused. */
export const socialLinksSchema = z.strictObject(
  Object.fromEntries(
    socialNetworks.map((network) => [network, socialUrlSchema.nullish()]),
  ) as Record<SocialNetwork, z.ZodOptional<z.ZodNullable<typeof socialUrlSchema>>>,
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'Unknown social network' : undefined) },
);

export const updateSocialLinksSchema = z.strictObject({ links: socialLinksSchema });
export type UpdateSocialLinksInput = z.input<typeof updateSocialLinksSchema>;

export const socialLinksResponseSchema = z.object({
  links: z.partialRecord(z.enum(socialNetworks), z.string()),
});
export type SocialLinks = z.infer<typeof socialLinksResponseSchema>['links'];

// ---------------------------------------------------------------- Music

/** 20 MB: the specification's limit, enforced while the upload streams. */
export const MUSIC_MAX_BYTES = 20_971_520;
export const AUDIO_TYPES = ['audio/mpeg', 'audio/ogg', 'audio/wav', 'audio/mp4'] as const;
export type AudioType = (typeof AUDIO_TYPES)[number];
export const MUSIC_UNSUPPORTED_TEXT = 'The music file must be an MP3, OGG, WAV or M4A file';

export const musicSchema = z.union([
  z.object({
    url: z.string(),
    contentType: z.enum(AUDIO_TYPES),
    sizeBytes: z.number().int(),
    updatedAt: z.iso.datetime(),
  }),
  z.object({ url: z.null() }),
]);
export type Music = z.infer<typeof musicSchema>;

// ---------------------------------------------------------------- Banned countries

/** ISO 3166-1 alpha-2: the 249 officially assigned codes. */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR ' +
  'BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ ' +
  'EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW ' +
  'GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY ' +
  'KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV ' +
  'MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY ' +
  'QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG ' +
  'TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');
const countryCodeSet = new Set(COUNTRY_CODES);

export const countryCodeSchema = z
  .string({ error: 'Enter a two-letter ISO country code, e.g. FR' })
  .trim()
  .toUpperCase()
  .refine((code) => countryCodeSet.has(code), 'Enter a two-letter ISO country code, e.g. FR');

export const banCountrySchema = z.strictObject({ countryCode: countryCodeSchema });
export type BanCountryInput = z.input<typeof banCountrySchema>;

export const bannedCountryParamsSchema = idParam('Banned country');

export const bannedCountrySchema = z.object({
  id: z.uuid(),
  countryCode: z.string(),
  createdAt: z.iso.datetime(),
});
export type BannedCountry = z.infer<typeof bannedCountrySchema>;

export const bannedCountryListSchema = z.object({ countries: z.array(bannedCountrySchema) });

export const COUNTRY_BLOCKED_TEXT = 'Access from your country is not available';
