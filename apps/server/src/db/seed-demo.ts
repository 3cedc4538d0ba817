/**
 * npm run seed:demo: a demo catalogue, users of every role in a three-level tree across
 * countries, balances and orders of every status, so every screen has something to show.
 * Money moves through the real services, so the ledger and its invariants hold.
 * Run it while the server is stopped (PGlite allows one process per data directory).
 */
import { eq, sql } from 'drizzle-orm';
import { loadEnv } from '../env';
import { secretFromEnvOrDataDir } from '../lib/secrets';
import { KeyVault } from '../lib/key-vault';
import { hashPassword } from '../lib/passwords';
import { BalanceService } from '../modules/balance/balance.service';
import { OrdersService } from '../modules/orders/orders.service';
import { ensureFirstAdmin } from '../modules/users/bootstrap-admin';
import { insertUser } from '../modules/users/users.repository';
import type { AuthContext } from '../plugins/access';
import type { Role } from '@keymarket/contracts/users';
import { openDatabase } from './client';
import {
  categories,
  productKeys,
  products,
  sellerPrices,
  subcategories,
  users,
} from './schema/index';

const DEMO_PASSWORD = 'Demo-Passw0rd!';
const COUNTRIES = ['FR', 'MA', 'DZ', 'TN', 'US', 'DE', 'SA', 'AE', 'EG', 'GB', 'CA', 'BE'];

const CATALOGUE = [
  {
    en: 'Game keys',
    fr: 'Clés de jeux',
    ar: 'مفاتيح الألعاب',
    subs: [
      ['Steam', 'Steam', 'ستيم'],
      ['Xbox', 'Xbox', 'إكس بوكس'],
      ['PlayStation', 'PlayStation', 'بلايستيشن'],
    ],
  },
  {
    en: 'Gift cards',
    fr: 'Cartes cadeaux',
    ar: 'بطاقات الهدايا',
    subs: [
      ['Google Play', 'Google Play', 'جوجل بلاي'],
      ['iTunes', 'iTunes', 'آيتونز'],
      ['Amazon', 'Amazon', 'أمازون'],
    ],
  },
  {
    en: 'Streaming',
    fr: 'Streaming',
    ar: 'البث',
    subs: [
      ['Netflix', 'Netflix', 'نتفليكس'],
      ['Spotify', 'Spotify', 'سبوتيفاي'],
    ],
  },
  {
    en: 'Software',
    fr: 'Logiciels',
    ar: 'البرمجيات',
    subs: [
      ['Antivirus', 'Antivirus', 'مضاد الفيروسات'],
      ['Office', 'Bureautique', 'المكتب'],
    ],
  },
] as const;

const env = loadEnv();
const database = await openDatabase(
  env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL, poolMax: 5 }
    : { kind: 'pglite', dataDir: env.DATA_DIR },
);
const db = database.db;
const vault = new KeyVault(secretFromEnvOrDataDir(env.KEYS_SECRET, env.DATA_DIR, 'keys-secret'));
await ensureFirstAdmin(db, env, (text) => process.stdout.write(text));

const [existing] = await db
  .select()
  .from(users)
  .where(eq(users.username, 'demo_manager1'))
  .limit(1);
if (existing) {
  console.log('Demo data is already there (user demo_manager1 exists). Nothing to do.');
  await database.close();
  process.exit(0);
}

const [admin] = await db.select().from(users).where(eq(users.role, 'admin')).limit(1);
const passwordHash = await hashPassword(DEMO_PASSWORD);
let userCount = 0;
async function demoUser(role: Role, username: string, invitedById: string) {
  const country = COUNTRIES[userCount++ % COUNTRIES.length]!;
  return insertUser(db, {
    username,
    firstName: username.split('_')[1]!.replace(/\d+/, '') || 'Demo',
    lastName: `Demo${userCount}`,
    email: `${username}@demo.keymarket.local`,
    phone: `+3361234${String(5000 + userCount).padStart(4, '0')}`,
    passwordHash,
    role,
    invitedById,
    signupCountry: country,
    lastLoginCountry: country,
  });
}

// Catalogue: categories, subcategories, ~200 products, keys for the instant ones.
const productRows: (typeof products.$inferSelect)[] = [];
let productIndex = 0;
for (const entry of CATALOGUE) {
  const [category] = await db
    .insert(categories)
    .values({
      nameEn: entry.en,
      nameFr: entry.fr,
      nameAr: entry.ar,
      descriptionEn: `${entry.en} delivered in seconds`,
    })
    .returning();
  for (const [en, fr, ar] of entry.subs) {
    const [sub] = await db
      .insert(subcategories)
      .values({ categoryId: category!.id, nameEn: en, nameFr: fr, nameAr: ar })
      .returning();
    for (let i = 1; i <= 22; i += 1) {
      productIndex += 1;
      const base = BigInt(200 + ((productIndex * 137) % 4800));
      const instant = productIndex % 4 !== 0;
      const [product] = await db
        .insert(products)
        .values({
          name: `${en} ${[5, 10, 20, 25, 50, 100][i % 6]} ${instant ? 'key' : 'account'} #${i}`,
          categoryId: category!.id,
          subcategoryId: sub!.id,
          deliveryType: instant ? 'instant' : 'request',
          isNew: i % 7 === 0,
          initialPriceCents: base,
          managerPriceCents: (base * 115n) / 100n,
          resellerPriceCents: (base * 130n) / 100n,
          stock: instant ? 0 : 25,
        })
        .returning();
      productRows.push(product!);
    }
  }
}
let keyCount = 0;
for (const product of productRows.filter((p) => p.deliveryType === 'instant')) {
  const count = product.name.endsWith('#3') ? 0 : 12; // some products out of stock
  if (count === 0) continue;
  const keys = Array.from(
    { length: count },
    (_, i) =>
      `${product.id.slice(0, 8).toUpperCase()}-${i}-${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
  );
  await db.insert(productKeys).values(
    keys.map((key) => ({
      productId: product.id,
      ciphertext: vault.encrypt(key),
      hmac: vault.fingerprint(key),
      hint: key.slice(-4),
    })),
  );
  await db.update(products).set({ stock: count }).where(eq(products.id, product.id));
  keyCount += count;
}

// Users: 3 managers, each with resellers, some of which have resellers of their own.
const asAdmin: AuthContext = { userId: admin!.id, role: 'admin', sessionId: 'seed' };
const balance = new BalanceService(db);
const orders = new OrdersService(db, vault);
const buyers: AuthContext[] = [];
for (let m = 1; m <= 3; m += 1) {
  const manager = await demoUser('manager', `demo_manager${m}`, admin!.id);
  await balance.add(asAdmin, manager.id, { amount: 2000 });
  buyers.push({ userId: manager.id, role: 'manager', sessionId: 'seed' });
  for (let r = 1; r <= 4; r += 1) {
    const reseller = await demoUser('reseller', `demo_reseller${m}${r}`, manager.id);
    await balance.add(asAdmin, reseller.id, { amount: 500 });
    buyers.push({ userId: reseller.id, role: 'reseller', sessionId: 'seed' });
    for (const product of productRows.slice(0, 40)) {
      await db
        .insert(sellerPrices)
        .values({
          sellerId: manager.id,
          productId: product.id,
          priceCents: (product.resellerPriceCents * 110n) / 100n,
        })
        .onConflictDoNothing();
    }
    if (r <= 2) {
      const sub = await demoUser('reseller', `demo_sub${m}${r}`, reseller.id);
      await balance.add(asAdmin, sub.id, { amount: 200 });
      buyers.push({ userId: sub.id, role: 'reseller', sessionId: 'seed' });
    }
  }
}

// Orders of every status, spread over the catalogue.
let placed = 0;
for (let i = 0; i < 120; i += 1) {
  const buyer = buyers[i % buyers.length]!;
  const product = productRows[(i * 7) % productRows.length]!;
  try {
    const { body } = await orders.place(buyer, { productId: product.id, quantity: 1 + (i % 2) });
    placed += 1;
    if (body.status === 'pending' && i % 3 === 0) {
      await orders.respond(asAdmin, body.id, {
        status: 'rejected',
        reason: 'Supplier out of stock',
      });
    } else if (body.status === 'pending' && i % 3 === 1) {
      await orders.respond(asAdmin, body.id, {
        status: 'completed',
        keys: Array.from({ length: body.quantity }, (_, k) => `ACCOUNT-${i}-${k} / pass-${k}`).join(
          '\n',
        ),
      });
    }
  } catch {
    // Out of stock or short of balance: part of a realistic history.
  }
}

// Spread the history over the past months so the revenue charts have a shape.
await db.execute(sql`update orders set created_at = now() - (random() * interval '300 days')`);
await db.execute(
  sql`update orders set delivered_at = created_at + interval '5 minutes' where delivered_at is not null`,
);

console.log(
  `Demo data: ${productRows.length} products, ${keyCount} keys, ${buyers.length} users, ${placed} orders.`,
);
console.log(
  `Demo users (password ${DEMO_PASSWORD}): demo_manager1..3, demo_reseller11..34, demo_sub11..32`,
);
await database.close();
