/**
 * npm run seed:demo: a demo catalogue with images, users of every role in a three-level tree
 * across many countries, balances, profit conversions and orders of every status spread over the
 * current year, so every screen, dashboard and chart has something to show. Money moves through
 * the real services, so the ledger and its invariants hold. It refuses to run twice.
 * With PGlite, run it while the server is stopped (one process per data directory).
 */
import { eq, sql } from 'drizzle-orm';
import type { Role } from '@keymarket/contracts/users';
import { loadEnv } from '../env';
import { AppError } from '../lib/app-error';
import { KeyVault } from '../lib/key-vault';
import { hashPassword } from '../lib/passwords';
import { oneRow } from '../lib/rows';
import { secretFromEnvOrDataDir } from '../lib/secrets';
import { resetDailySales } from '../modules/analytics/daily-sales.repository';
import { BalanceService } from '../modules/balance/balance.service';
import { ensureCurrency } from '../modules/currencies/currencies.repository';
import { storeFile } from '../modules/files/files.repository';
import { OrdersService } from '../modules/orders/orders.service';
import { addKeysToStock } from '../modules/stock/stock';
import { ThresholdsService } from '../modules/thresholds/thresholds.service';
import { TopupMethodsService } from '../modules/topups/topup-methods.service';
import { TopupsService } from '../modules/topups/topups.service';
import { ensureFirstAdmin } from '../modules/users/bootstrap-admin';
import { insertUser, type UserRow } from '../modules/users/users.repository';
import type { AuthContext } from '../modules/access/auth-context';
import { openDatabase, type Database } from '../db/client';
import {
  COUNTRIES,
  DEMO_CATALOGUE,
  FIRST_NAMES,
  LAST_NAMES,
  REGIONS,
  demoImage,
  descriptions,
  randomSequence,
} from './demo-data';
import {
  categories,
  orders,
  productKeys,
  products,
  sellerPrices,
  subcategories,
  users,
} from '../db/schema/index';
import { foldAllProfit, profitOf } from '../modules/ledger/profit-accruals';

const DEMO_PASSWORD = 'Demo-Passw0rd!';
const ORDERS = 900;
/** The last request orders placed stay pending, for the Orders screen to answer. */
const PENDING = 14;

const random = randomSequence(20_250_319);
/** items[i], wrapping around: the demo cycles through its lists of names and countries. */
function cycled<T>(items: readonly T[], i: number): T {
  const item = items[i % items.length];
  if (item === undefined) throw new Error('Cycled through an empty list');
  return item;
}
const pick = <T>(items: readonly T[]) => cycled(items, Math.floor(random() * items.length));
const cents = (usd: number) => BigInt(Math.round(usd * 100));

// Progress: the seed takes a minute or two, each step says when it is done.
const startedAt = Date.now();
const progress = (line: string) =>
  console.log(`${line} (${((Date.now() - startedAt) / 1000).toFixed(0)} s)`);

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
  .select({ id: users.id })
  .from(users)
  .where(eq(users.username, 'demo_manager1'))
  .limit(1);
if (existing) {
  console.log('Demo data is already there (user demo_manager1 exists): nothing was changed.');
  await database.close();
  process.exit(0);
}
// ensureFirstAdmin above made one if there was none.
const admin = oneRow(await db.select().from(users).where(eq(users.role, 'admin')).limit(1));
const asAdmin: AuthContext = { userId: admin.id, role: 'admin', sessionId: 'seed' };

/** Categories, one subcategory per brand, ten products per brand, keys for instant ones. */
async function seedCatalogue(db: Database) {
  const rows: (typeof products.$inferSelect)[] = [];
  let variant = 0;
  for (const entry of DEMO_CATALOGUE) {
    const category = oneRow(
      await db
        .insert(categories)
        .values({
          nameEn: entry.en,
          nameFr: entry.fr,
          nameAr: entry.ar,
          ...descriptions(entry.en, entry.ar),
          imageFileId: await storeFile(db, demoImage(entry.hue, 0, 160), {
            purpose: 'category',
            ownerId: admin.id,
          }),
        })
        .returning(),
    );
    for (const brand of entry.brands) {
      const sub = oneRow(
        await db
          .insert(subcategories)
          .values({
            categoryId: category.id,
            nameEn: brand.name,
            nameFr: brand.name,
            nameAr: brand.nameAr,
            ...descriptions(brand.name, brand.nameAr),
            imageFileId: await storeFile(db, demoImage(entry.hue, ++variant, 120), {
              purpose: 'subcategory',
              ownerId: admin.id,
            }),
          })
          .returning(),
      );
      for (const value of brand.values) {
        for (const region of REGIONS) {
          const initial = cents(brand.cost(value) * (region === 'MENA' ? 0.97 : 1));
          const product = oneRow(
            await db
              .insert(products)
              .values({
                name: `${brand.name} ${brand.unit(value)} (${region})`,
                description: `${brand.name}, ${brand.unit(value)}, ${region}`,
                categoryId: category.id,
                subcategoryId: sub.id,
                deliveryType: brand.delivery,
                isNew: random() < 0.1,
                initialPriceCents: initial,
                managerPriceCents: (initial * 108n) / 100n,
                resellerPriceCents: (initial * 115n) / 100n,
                stock: brand.delivery === 'request' ? 20 + Math.floor(random() * 60) : 0,
                imageFileId: await storeFile(db, demoImage(entry.hue, ++variant), {
                  purpose: 'product',
                  ownerId: admin.id,
                }),
              })
              .returning(),
          );
          rows.push(product);
        }
      }
    }
    progress(`Catalogue: ${entry.en}, ${rows.length} products so far`);
  }
  let keys = 0;
  for (const product of rows.filter((p) => p.deliveryType === 'instant')) {
    // Some products sold out, some low, most well stocked.
    const count = pick([0, 3, 8, 15, 15, 20, 20, 25]);
    if (count === 0) continue;
    const texts = Array.from(
      { length: count },
      (_, i) =>
        `${product.id.slice(0, 8).toUpperCase()}-${i}-${random().toString(36).slice(2, 10).toUpperCase()}`,
    );
    await db.insert(productKeys).values(
      texts.map((key) => ({
        productId: product.id,
        ciphertext: vault.encrypt(key),
        hmac: vault.fingerprint(key),
        hint: key.slice(-4),
      })),
    );
    await addKeysToStock(db, product.id, count);
    keys += count;
  }
  return { rows, keys };
}

/** 4 managers, 5 resellers each, 2 sub-resellers under three of those: 48 users. */
async function seedUsers(db: Database) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const created: { row: UserRow; deposit: number }[] = [];
  const add = async (role: Role, username: string, inviter: UserRow, deposit: number) => {
    const n = created.length;
    const country = cycled(COUNTRIES, n);
    const row = await insertUser(db, {
      username,
      firstName: cycled(FIRST_NAMES, n),
      lastName: cycled(LAST_NAMES, n * 7),
      email: `${username}@demo.keymarket.local`,
      phone: `+3361234${String(5000 + n).padStart(4, '0')}`,
      passwordHash,
      role,
      invitedById: inviter.id,
      signupCountry: country,
      // A few were last seen somewhere else; the map shows where users are now.
      lastLoginCountry: n % 5 === 0 ? cycled(COUNTRIES, n + 3) : country,
    });
    created.push({ row, deposit });
    return row;
  };
  for (let m = 1; m <= 4; m++) {
    const manager = await add('manager', `demo_manager${m}`, admin, 6000);
    for (let r = 1; r <= 5; r++) {
      const reseller = await add('reseller', `demo_reseller${m}${r}`, manager, 2500);
      if (r <= 3) {
        for (let s = 1; s <= 2; s++) await add('reseller', `demo_sub${m}${r}${s}`, reseller, 900);
      }
    }
  }
  return created;
}

console.log('Seeding the demo: catalogue, users, balances, orders, top-ups…');
const catalogue = await seedCatalogue(db);
progress(`Catalogue: ${catalogue.rows.length} products with images, ${catalogue.keys} keys`);
const people = await seedUsers(db);
progress(`Users: ${people.length} managers, resellers and sub-resellers`);
const balance = new BalanceService(db);
const orderService = new OrdersService(db, vault);
for (const { row, deposit } of people) {
  await balance.add(asAdmin, row.id, { amount: deposit, note: 'Demo opening balance' });
}
// Sellers charge their invitees 6 % over their own cost on some products (Price Control).
const sellers = people.filter(
  (p) =>
    p.row.username.startsWith('demo_manager') || p.row.username.match(/^demo_reseller\d[123]$/),
);
for (const seller of sellers) {
  for (const product of catalogue.rows.filter(() => random() < 0.35)) {
    await db
      .insert(sellerPrices)
      .values({
        sellerId: seller.row.id,
        productId: product.id,
        priceCents: (product.resellerPriceCents * 106n) / 100n,
      })
      .onConflictDoNothing();
  }
}

const buyers: AuthContext[] = people.map(({ row }) => ({
  userId: row.id,
  role: row.role,
  sessionId: 'seed',
}));
const requestProducts = catalogue.rows.filter((p) => p.deliveryType === 'request');
let placed = 0;
async function placeOne(pending: boolean) {
  const buyer = pick(buyers);
  // Mostly instant keys; every third order an account to deliver.
  const product = pending || random() < 0.33 ? pick(requestProducts) : pick(catalogue.rows);
  try {
    const { body } = await orderService.place(buyer, {
      productId: product.id,
      quantity: random() < 0.8 ? 1 : 2 + Math.floor(random() * 3),
    });
    placed++;
    if (body.status !== 'pending' || pending) return;
    if (random() < 0.22) {
      await orderService.respond(asAdmin, body.id, {
        status: 'rejected',
        reason: 'Supplier out of stock',
      });
    } else {
      const lines = Array.from(
        { length: body.quantity },
        (_, k) => `user${placed}-${k}@demo.mail / Pass-${placed}-${k}`,
      );
      await orderService.respond(asAdmin, body.id, { status: 'completed', keys: lines.join('\n') });
    }
  } catch (error) {
    // Sold out or short of balance: part of a realistic history. Anything else is a bug.
    const expected = ['out_of_stock', 'insufficient_balance'];
    if (!(error instanceof AppError && expected.includes(error.type))) throw error;
  }
}
progress("Opening balances and the sellers' own prices");
for (let i = 0; i < ORDERS - PENDING; i++) {
  await placeOne(false);
  if ((i + 1) % 100 === 0) progress(`Orders: ${i + 1} of ${ORDERS}`);
}

// Two managers turn part of their profit into balance (before any order is left pending).
const thresholds = new ThresholdsService(db);
for (const manager of people.filter((p) => /^demo_manager[12]$/.test(p.row.username))) {
  const [row] = await db
    .select({ profit: profitOf() })
    .from(users)
    .where(eq(users.id, manager.row.id));
  if (!row || row.profit < 2000n) continue;
  const caller: AuthContext = { userId: manager.row.id, role: 'manager', sessionId: 'seed' };
  await thresholds
    .convert(caller, { amount: Number(row.profit / 2n) / 100 })
    .catch((error: unknown) =>
      console.warn(`No profit conversion for ${manager.row.username}:`, error),
    );
}
for (let i = 0; i < PENDING; i++) await placeOne(true);
// No server runs the background fold here: the sales' margins enter the ledgers now.
await foldAllProfit(db);

// Statuses for the Users screen: one suspended, one banned.
await db.update(users).set({ status: 'inactive' }).where(eq(users.username, 'demo_sub412'));
await db
  .update(users)
  .set({ status: 'banned', banReason: 'Chargeback fraud' })
  .where(eq(users.username, 'demo_reseller45'));

progress(`Orders: ${ORDERS} of ${ORDERS}, profit folded into the ledgers`);
await spreadOverTheYear(db);
// The history just moved into the past: analytics must sum those days again.
await resetDailySales(db);
progress('History spread over the year');
const topups = await seedTopups(db);

console.log(
  `Demo data: ${DEMO_CATALOGUE.length} categories, ${catalogue.rows.length} products with images, ` +
    `${catalogue.keys} keys, ${people.length} users, ${placed} orders, ${topups} top-up requests.`,
);
console.log(
  `Demo users (password ${DEMO_PASSWORD}): demo_manager1..4, demo_reseller11..45, demo_sub111..432`,
);
await database.close();

/**
 * Money in (DESIGN.md §13): the platform's bank transfer in EUR and a manager's own cash method,
 * a request approved (credited) and requests waiting, one with a proof, so the Top up, Top-up
 * requests and Payment methods screens have something to show. Through the real services.
 */
async function seedTopups(db: Database): Promise<number> {
  const as = async (username: string): Promise<AuthContext> => {
    const row = oneRow(await db.select().from(users).where(eq(users.username, username)));
    return { userId: row.id, role: row.role, sessionId: 'seed' };
  };
  // USD is made by the server at its start, which may not have run on this database yet.
  await ensureCurrency(db, { code: 'USD', symbol: '$', rateToUsd: 1 });
  await ensureCurrency(db, { code: 'EUR', symbol: '€', rateToUsd: 0.92 });
  const methods = new TopupMethodsService(db, () => false);
  const requests = new TopupsService(db, { expiryDays: env.TOPUP_EXPIRY_DAYS });
  const instructions = 'IBAN FR76 3000 6000 0112 3456 7890 189 · BIC AGRIFRPP';
  const bank = await methods.create(asAdmin, {
    nameEn: 'Bank transfer (EUR)',
    nameFr: 'Virement bancaire (EUR)',
    nameAr: 'تحويل بنكي (يورو)',
    instructionsEn: `${instructions}\nPut your username in the transfer's reference.`,
    instructionsFr: `${instructions}\nIndiquez votre identifiant dans la référence du virement.`,
    instructionsAr: `${instructions}\nاكتب اسم المستخدم في مرجع التحويل.`,
    kind: 'manual',
    currencyCode: 'EUR',
    minAmount: 20,
    maxAmount: 10_000,
    feePercent: 1.5,
    feeFixed: 0,
    proofRequired: true,
    enabled: true,
  });
  const manager = await as('demo_manager1');
  const cash = await methods.create(manager, {
    nameEn: 'Cash at the shop',
    nameFr: 'Espèces à la boutique',
    nameAr: 'نقدًا في المتجر',
    instructionsEn: 'Bring cash to the shop, Monday to Friday, 9:00 to 18:00.',
    instructionsFr: 'Apportez les espèces à la boutique, du lundi au vendredi, de 9 h à 18 h.',
    instructionsAr: 'أحضر المبلغ نقدًا إلى المتجر من الاثنين إلى الجمعة، من 9:00 إلى 18:00.',
    kind: 'manual',
    currencyCode: 'USD',
    minAmount: 10,
    maxAmount: 500,
    feePercent: 0,
    feeFixed: 0,
    proofRequired: false,
    enabled: true,
  });
  const proof = { ...demoImage(140, 3, 240), filename: 'transfer-receipt.png' };
  const approved = await requests.request(await as('demo_manager3'), {
    methodId: bank.id,
    amount: 500,
    reference: 'SEPA 88412',
    proof,
  });
  await requests.approve(asAdmin, approved.id, {});
  await requests.request(await as('demo_manager2'), {
    methodId: bank.id,
    amount: 1200,
    reference: 'SEPA 90177',
    proof,
  });
  await requests.request(await as('demo_reseller11'), {
    methodId: cash.id,
    amount: 150,
    reference: 'Receipt 0042',
  });
  return 3;
}

/**
 * The orders were placed a moment ago; spread them from January (or the last 90 days, early in
 * the year) to now, more of them recently, in the order they were placed. Pending ones are from
 * the last day and a half; keys are delivered at once, accounts and rejections minutes to hours
 * after placement.
 * Their ledger rows, sold keys and the users' sign-up dates move with them; the opening deposits
 * go before them all.
 */
async function spreadOverTheYear(db: Database) {
  const now = Date.now();
  const yearStart = Date.UTC(new Date(now).getUTCFullYear(), 0, 1);
  const start = Math.min(yearStart, now - 90 * 86_400_000);
  const rows = await db
    .select({ id: orders.id, status: orders.status, deliveryType: orders.deliveryType })
    .from(orders)
    .orderBy(orders.createdAt, orders.id);
  const settled = rows.filter((r) => r.status !== 'pending');
  const times = settled
    .map(() => start + (now - 3_600_000 - start) * (1 - (1 - random()) ** 1.8))
    .sort((a, b) => a - b);
  const values = rows.map((row) => {
    const created =
      row.status === 'pending' ? now - random() * 36 * 3_600_000 : oneRow(times.splice(0, 1));
    // Keys are delivered at once; an account takes the admin minutes to hours.
    const delay = row.deliveryType === 'instant' ? 1_000 : 60_000 + random() * 6 * 3_600_000;
    const answered = Math.min(now, created + delay);
    return sql`(${row.id}::uuid, ${new Date(created).toISOString()}::timestamptz, ${new Date(answered).toISOString()}::timestamptz)`;
  });
  const moved = sql`(values ${sql.join(values, sql`, `)}) as moved(id, created, answered)`;
  await db.execute(sql`
    update orders o set created_at = moved.created,
      delivered_at = case when o.delivered_at is not null then moved.answered end,
      responded_at = case when o.responded_at is not null then moved.answered end
    from ${moved} where o.id = moved.id`);
  // A ledger row moves to its order's time (a purchase when placed, a refund or profit when
  // answered), the opening deposits before everything; a row without either (a conversion) keeps
  // its place after the one before it. Each user's rows keep the order they were written in
  // (ledger order, ledger.repository.ts): a row is never dated before the one it follows, or
  // its balance after would not read on from that row's.
  await db.execute(sql`
    update ledger_entries l set created_at = moved.at
    from (select l.id, max(case
                 when l.kind = 'deposit' then ${new Date(start).toISOString()}::timestamptz - interval '1 day'
                 when l.kind = 'purchase' then o.created_at
                 when o.id is not null then coalesce(o.responded_at, o.delivered_at, o.created_at)
               end) over (partition by l.user_id order by l.id) as at
          from ledger_entries l left join orders o on o.id = l.order_id) moved
    where moved.id = l.id and moved.at is not null`);
  await db.execute(
    sql`update product_keys k set sold_at = o.delivered_at from orders o where k.order_id = o.id`,
  );
  await db.execute(sql`
    update users u set created_at = ${new Date(start).toISOString()}::timestamptz - (random() * interval '60 days')
    where u.username like 'demo\\_%'`);
}
