/**
 * The shape of the scale benchmark's platform, shared by its seeding steps: ids,
 * levels of the invitation tree and who invited whom, and each product's columns, all as SQL
 * expressions of a row's number so that set-wise inserts and the orders that name a row agree.
 *
 * Whatever the sizes, level-three resellers 1–64 sit below level-two and level-one resellers of
 * the same numbers, under managers 1–4: they place the load's orders (so its lock contention does
 * not change with the sizes), and number 1 reads the product list.
 */

/** Buyers of the order load: one per connection (level-three resellers 1–64). */
export const LOAD_BUYERS = 64;

/** Id groups of benchUserId's form (`00000000-0000-4000-800<group>-<n>`). */
export const G = {
  managers: 1,
  levelOne: 2,
  levelTwo: 3,
  categories: 4,
  products: 5,
  levelThree: 6,
  subcategories: 7,
  packages: 8,
  load: 9,
};

/** benchUserId's form computed by the SQL from a number. */
export const idSql = (group: number, n: string) =>
  `('00000000-0000-4000-800${group}-' || lpad((${n})::text, 12, '0'))::uuid`;

export interface Levels {
  managers: number;
  levelOne: number;
  levelTwo: number;
  levelThree: number;
}

/** admin → managers (1 %) → level one (9 %) → level two (30 %) → level three (the rest). */
export function levelsOf(users: number): Levels {
  const managers = Math.max(4, Math.round(users / 100));
  const levelOne = Math.max(LOAD_BUYERS, Math.round(users * 0.09));
  const levelTwo = Math.max(LOAD_BUYERS, Math.round(users * 0.3));
  const levelThree = users - 1 - managers - levelOne - levelTwo;
  if (levelThree < LOAD_BUYERS) throw new Error(`${users} users are too few (at least 500)`);
  return { managers, levelOne, levelTwo, levelThree };
}

/** The number of the inviter of member n of each level: round robin over the level above. */
export function parentsOf(levels: Levels) {
  return {
    // The load's level-one resellers (1–64) go to managers 1–4 only.
    managerOf: (k: string) =>
      `case when ${k} <= ${LOAD_BUYERS} then 1 + (${k} - 1) % 4 else 1 + (${k} - 1) % ${levels.managers} end`,
    levelOneOf: (h: string) => `1 + (${h} - 1) % ${levels.levelOne}`,
    levelTwoOf: (g: string) => `1 + (${g} - 1) % ${levels.levelTwo}`,
  };
}

const BRANDS = ['Steam', 'PlayStation', 'Xbox', 'Nintendo', 'Google Play', 'iTunes', 'Netflix'];

/** Categories of a catalogue: one per 200 products, 5 to 50, four subcategories each. */
export const categoriesOf = (products: number) =>
  Math.max(5, Math.min(50, Math.round(products / 200)));

/** Product p's columns: the same expressions for its row and for the orders that name it. */
export const product = {
  name: (p: string) =>
    `(array['${BRANDS.join("','")}'])[1 + (${p}) % ${BRANDS.length}] || ' ' ||
     (array[5, 10, 20, 25, 50, 100])[1 + (${p}) % 6] || ' #' || lpad((${p})::text, 6, '0') ||
     case when (${p}) % 10 between 4 and 6 then ' key' else ' account' end`,
  /** 30 % of the products. */
  instant: (p: string) => `(${p}) % 10 between 4 and 6`,
  category: (p: string, categories: number) => `1 + (${p}) % ${categories}`,
  initial: (p: string) => `(100 + ((${p})::bigint * 7919) % 900)`,
  manager: (p: string) => `round(${product.initial(p)} * 1.2)::bigint`,
  reseller: (p: string) => `round(${product.initial(p)} * 1.5)::bigint`,
};
