import { createHash } from 'node:crypto';
import { encodePng, type Rgb } from '../lib/png';
import type { Upload } from '../lib/uploads';

/**
 * The demo's data (npm run seed:demo): six categories of four brands each, with localised names,
 * descriptions and generated images (a gradient in the category's hue), and people's names and
 * countries.
 */

interface DemoBrand {
  name: string;
  nameAr: string;
  /** 'instant': keys delivered at once; 'request': an account the admin sends. */
  delivery: 'instant' | 'request';
  /** Face values (USD) or months, each sold in two regions. */
  values: readonly number[];
  unit: (value: number) => string;
  /** Platform's initial price (USD) of one unit of `value`. */
  cost: (value: number) => number;
}

interface DemoCategory {
  en: string;
  fr: string;
  ar: string;
  hue: number;
  brands: readonly DemoBrand[];
}

const wallet = (name: string, nameAr: string): DemoBrand => ({
  name,
  nameAr,
  delivery: 'instant',
  values: [5, 10, 20, 50, 100],
  unit: (v) => `${v} USD`,
  cost: (v) => v * 0.92,
});

const subscription = (name: string, nameAr: string, monthly: number): DemoBrand => ({
  name,
  nameAr,
  delivery: 'request',
  values: [1, 3, 6, 12, 24],
  unit: (v) => `${v} ${v === 1 ? 'month' : 'months'}`,
  cost: (v) => v * monthly,
});

const currency = (name: string, nameAr: string, coin: string, perUsd: number): DemoBrand => ({
  name,
  nameAr,
  delivery: 'instant',
  values: [1, 5, 10, 25, 50],
  unit: (v) => `${Math.round(v * perUsd)} ${coin}`,
  cost: (v) => v * 0.95,
});

export const DEMO_CATALOGUE: readonly DemoCategory[] = [
  {
    en: 'Game keys',
    fr: 'Clés de jeux',
    ar: 'مفاتيح الألعاب',
    hue: 265,
    brands: [
      wallet('Steam Wallet', 'محفظة ستيم'),
      wallet('Xbox Gift Card', 'بطاقة إكس بوكس'),
      wallet('PlayStation Store', 'متجر بلايستيشن'),
      wallet('Nintendo eShop', 'متجر نينتندو'),
    ],
  },
  {
    en: 'Gift cards',
    fr: 'Cartes cadeaux',
    ar: 'بطاقات الهدايا',
    hue: 145,
    brands: [
      wallet('Google Play', 'جوجل بلاي'),
      wallet('iTunes', 'آيتونز'),
      wallet('Amazon', 'أمازون'),
      wallet('Razer Gold', 'ريزر جولد'),
    ],
  },
  {
    en: 'Streaming',
    fr: 'Streaming',
    ar: 'البث',
    hue: 0,
    brands: [
      subscription('Netflix Premium', 'نتفليكس بريميوم', 9),
      subscription('Spotify Premium', 'سبوتيفاي بريميوم', 5),
      subscription('Disney+', 'ديزني بلس', 6),
      subscription('YouTube Premium', 'يوتيوب بريميوم', 7),
    ],
  },
  {
    en: 'Software',
    fr: 'Logiciels',
    ar: 'البرمجيات',
    hue: 205,
    brands: [
      subscription('Kaspersky', 'كاسبرسكي', 2),
      subscription('Microsoft 365', 'مايكروسوفت 365', 4),
      subscription('NordVPN', 'نورد في بي إن', 3),
      subscription('Adobe Creative Cloud', 'أدوبي كريتيف كلاود', 20),
    ],
  },
  {
    en: 'Mobile top-up',
    fr: 'Recharge mobile',
    ar: 'شحن الهاتف',
    hue: 30,
    brands: [
      wallet('Orange', 'أورانج'),
      wallet('Vodafone', 'فودافون'),
      wallet('Ooredoo', 'أوريدو'),
      wallet('Mobilis', 'موبيليس'),
    ],
  },
  {
    en: 'In-game currency',
    fr: 'Monnaie de jeu',
    ar: 'عملات الألعاب',
    hue: 320,
    brands: [
      currency('PUBG Mobile', 'ببجي موبايل', 'UC', 60),
      currency('Free Fire', 'فري فاير', 'Diamonds', 100),
      currency('Fortnite', 'فورتنايت', 'V-Bucks', 100),
      currency('Roblox', 'روبلوكس', 'Robux', 80),
    ],
  },
];

export const REGIONS = ['Global', 'MENA'] as const;

/** Localised descriptions for a category or a brand. */
export function descriptions(en: string, ar: string) {
  return {
    descriptionEn: `${en}: codes and accounts delivered by your supplier, ready to resell.`,
    descriptionFr: `${en} : codes et comptes livrés par votre fournisseur, prêts à revendre.`,
    descriptionAr: `${ar}: رموز وحسابات يسلمها مزودك، جاهزة لإعادة البيع.`,
  };
}

function hsl(hue: number, saturation: number, lightness: number): Rgb {
  const s = saturation / 100;
  const l = lightness / 100;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) =>
    Math.round(255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))));
  return [channel(0), channel(8), channel(4)];
}

/**
 * A square PNG: a diagonal gradient from `hue` to its neighbour with a soft light disc whose place
 * depends on `variant`, so products of one brand look related but not identical.
 */
export function demoImage(hue: number, variant: number, size = 96): Upload {
  const from = hsl(hue, 70, 58);
  const to = hsl((hue + 40) % 360, 65, 32);
  const cx = size * (0.25 + (0.5 * ((variant * 37) % 100)) / 100);
  const cy = size * (0.25 + (0.5 * ((variant * 61) % 100)) / 100);
  const radius = size * 0.28;
  const data = encodePng(size, size, (x, y) => {
    const t = (x + y) / (2 * size);
    const glow = Math.max(0, 1 - Math.hypot(x - cx, y - cy) / radius) * 0.45;
    const mix = (i: 0 | 1 | 2) => Math.round(from[i] * (1 - t) + to[i] * t);
    const light = (c: number) => Math.min(255, Math.round(c + (255 - c) * glow));
    return [light(mix(0)), light(mix(1)), light(mix(2))];
  });
  return {
    data,
    contentType: 'image/png',
    sizeBytes: data.length,
    sha256: createHash('sha256').update(data).digest('hex'),
    filename: `demo-${hue}-${variant}.png`,
  };
}

export const COUNTRIES = [
  'FR',
  'MA',
  'DZ',
  'TN',
  'EG',
  'SA',
  'AE',
  'QA',
  'KW',
  'JO',
  'LB',
  'US',
  'CA',
  'GB',
  'DE',
  'BE',
  'CH',
  'ES',
  'IT',
  'NL',
  'SN',
  'CI',
  'TR',
  'BR',
];
export const FIRST_NAMES = [
  'Yasmine',
  'Karim',
  'Camille',
  'Omar',
  'Léa',
  'Mehdi',
  'Sofia',
  'Hugo',
  'Nadia',
  'Adam',
  'Inès',
  'Youssef',
  'Emma',
  'Rania',
  'Lucas',
  'Amina',
  'Thomas',
  'Salma',
  'Noah',
  'Fatima',
];
export const LAST_NAMES = [
  'Benali',
  'Martin',
  'Haddad',
  'Dubois',
  'Mansour',
  'Leroy',
  'Cherif',
  'Moreau',
  'Bouzid',
  'Garcia',
  'Amrani',
  'Laurent',
  'Saidi',
  'Simon',
  'Rahmani',
  'Michel',
  'Nasser',
  'Fontaine',
];

/** A fixed pseudo-random sequence (mulberry32): every run builds the same demo. */
export function randomSequence(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
