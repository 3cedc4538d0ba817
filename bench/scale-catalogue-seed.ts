import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { KeyVault } from '../apps/server/src/lib/key-vault';
import { categoriesOf, G, idSql, LOAD_BUYERS, product, type Levels } from './scale-shape';

/**
 * The scale benchmark's catalogue, set-wise: categories and four subcategories each, products
 * (30 % instant, half of those with two encrypted keys, the rest sold out; request products with
 * a stock), Price Control rows at every level (all managers, every 10th level-one, every 50th
 * level-two and every 100th level-three reseller price a quarter of the catalogue each) and the
 * manager packages of managers 1–4 (a quarter of the catalogue), assigned to their odd level-one
 * resellers below 65, so the list's buyer has a package on its chain. Answers the seconds the
 * keys took (encrypted here, not in SQL).
 */
export async function seedScaleCatalogue(
  pool: pg.Pool,
  vault: KeyVault,
  products: number,
  levels: Levels,
  step: (name: string, query: string) => Promise<void>,
  log: (line: string) => void,
) {
  if (products % 10 !== 0) throw new Error('--sizes of products must be multiples of 10');
  const categories = categoriesOf(products);
  await step(
    `catalogue: ${categories} categories`,
    `insert into categories (id, name_en, name_fr, name_ar, description_en)
     select ${idSql(G.categories, 'c')}, 'Category ' || c, 'Catégorie ' || c, 'فئة ' || c,
       'Digital goods, family ' || c
     from generate_series(1, ${categories}) c`,
  );
  await step(
    `catalogue: ${categories * 4} subcategories`,
    `insert into subcategories (id, category_id, name_en, name_fr, name_ar)
     select ${idSql(G.subcategories, '(c - 1) * 4 + s')}, ${idSql(G.categories, 'c')},
       'Subcategory ' || c || '.' || s, 'Sous-catégorie ' || c || '.' || s, 'فرعية ' || c || '.' || s
     from generate_series(1, ${categories}) c, generate_series(1, 4) s`,
  );
  const category = product.category('p', categories);
  await step(
    `catalogue: ${products.toLocaleString('en-US')} products`,
    `insert into products (id, name, description, category_id, subcategory_id, delivery_type,
       is_new, initial_price_cents, manager_price_cents, reseller_price_cents, stock, created_at)
     select ${idSql(G.products, 'p')}, ${product.name('p')},
       'Region-free digital item number ' || p || '. See the activation guide.',
       ${idSql(G.categories, category)},
       case when p % 10 <> 9 then ${idSql(G.subcategories, `(${category} - 1) * 4 + 1 + (p / ${categories}) % 4`)} end,
       case when ${product.instant('p')} then 'instant' else 'request' end::delivery_type,
       p % 11 = 0, ${product.initial('p')}, ${product.manager('p')}, ${product.reseller('p')},
       case when ${product.instant('p')} then 0 else (p * 13) % 500 end,
       now() - interval '450 days' + p * interval '1 second'
     from generate_series(1, ${products}) p`,
  );
  const t0 = performance.now();
  const keyed = await instantProductKeys(pool, vault, products);
  const keysSeconds = Math.round((performance.now() - t0) / 100) / 10;
  log(`  catalogue: ${keyed.toLocaleString('en-US')} keys: ${keysSeconds} s`);

  // Price Control: level `r` prices the products p with (p + n) % 4 = r, n its own number.
  const sellers = [
    { group: G.managers, count: levels.managers, every: 1, r: 0, margin: 50 },
    { group: G.levelOne, count: levels.levelOne, every: 10, r: 1, margin: 100 },
    { group: G.levelTwo, count: levels.levelTwo, every: 50, r: 2, margin: 150 },
    { group: G.levelThree, count: levels.levelThree, every: 100, r: 3, margin: 200 },
  ];
  const sellerRows = sellers
    .map(
      (s) => `select ${idSql(s.group, 'n')} as id, n, ${s.r} as r, ${s.margin} as margin
              from generate_series(1, ${s.count}) n where n % ${s.every} = ${s.every === 1 ? 0 : 1}`,
    )
    .join(' union all ');
  await step(
    'seller prices (Price Control) at every level',
    `insert into seller_prices (seller_id, product_id, price_cents)
     select s.id, ${idSql(G.products, 'p')}, ${product.reseller('p')} + s.margin
     from (${sellerRows}) s,
       lateral generate_series(1 + ((s.r - s.n - 1) % 4 + 4) % 4, ${products}, 4) p`,
  );
  await step(
    'manager packages of managers 1–4 (a quarter of the catalogue each)',
    `insert into manager_packages (id, owner_id, name)
     select ${idSql(G.packages, 'm')}, ${idSql(G.managers, 'm')}, 'Partners ' || m
     from generate_series(1, 4) m`,
  );
  await step(
    'manager package prices',
    `insert into manager_package_products (package_id, product_id, reseller_price_cents)
     select ${idSql(G.packages, 'm')}, ${idSql(G.products, 'p')}, ${product.reseller('p')} + 20
     from generate_series(1, 4) m, generate_series(1, ${products}, 4) p`,
  );
  await step(
    'manager packages assigned to the odd level-one resellers below 65',
    `update users set manager_package_id = ${idSql(G.packages, '1 + (k - 1) % 4')}
     from generate_series(1, ${LOAD_BUYERS}, 2) k
     where users.id = ${idSql(G.levelOne, 'k')}`,
  );
  return { keysSeconds };
}

/**
 * Two encrypted keys for every other instant product (p % 20 in 4–6), in batches of 5,000 rows
 * across products, then each product's stock counter set to its keys. Answers the keys written.
 */
async function instantProductKeys(pool: pg.Pool, vault: KeyVault, products: number) {
  const keyed: number[] = [];
  for (let p = 1; p <= products; p++) if (p % 20 >= 4 && p % 20 <= 6) keyed.push(p, p);
  const run = randomBytes(4).toString('hex');
  for (let start = 0; start < keyed.length; start += 5_000) {
    const batch = keyed.slice(start, start + 5_000);
    const keys = batch.map(
      (p, i) => `SCALE-${run}-${p}-${start + i}-${randomBytes(6).toString('hex').toUpperCase()}`,
    );
    await pool.query(
      `insert into product_keys (product_id, ciphertext, hmac, hint)
       select ${idSql(G.products, 'p')}, c, h, t
       from unnest($1::int[], $2::bytea[], $3::text[], $4::text[]) as k(p, c, h, t)`,
      [
        batch,
        keys.map((k) => vault.encrypt(k)),
        keys.map((k) => vault.fingerprint(k)),
        keys.map((k) => k.slice(-4)),
      ],
    );
  }
  await pool.query(
    `update products p set stock = k.n
     from (select product_id, count(*)::int as n from product_keys group by product_id) k
     where p.id = k.product_id`,
  );
  return keyed.length;
}
