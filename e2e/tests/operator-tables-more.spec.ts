import type { Page } from '@playwright/test';
import { ADMIN, apiSignedInAs, deposit, expectOk, uniqueSuffix } from './support/api';
import { seedProduct } from './support/catalogue';
import { downloadCsv } from './support/csv';
import { expect, signInAs, test } from './support/fixtures';
import { sidewaysOverflow } from './support/layout';

/**
 * The operator tables beside orders (operator-tables.spec.ts): users, the admin's catalogue and
 * tickets sort and filter, keep that state in the URL across a reload, and, on a 390 px phone,
 * become cards with nothing scrolling sideways.
 */

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

/** A short tag shared by the rows one test creates, so its search shows them alone. */
const runTag = () => `t${uniqueSuffix().slice(-6)}`;

/** The visible body rows of the page's table (cards on a phone). */
const bodyRows = (page: Page) => page.locator('tbody tr');

async function expectPhoneCards(page: Page, name: string) {
  await page.setViewportSize(PHONE);
  await expect(bodyRows(page).first()).toBeVisible();
  // Cards: each row a column of labelled lines, the headers only for screen readers, and the
  // phone's sort choice in their place.
  await expect(bodyRows(page).first()).toHaveCSS('display', 'flex');
  await expect(bodyRows(page).first()).toHaveCSS('flex-direction', 'column');
  await expect(page.getByRole('main').getByLabel('Sort by')).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath(`${name}-390.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
}

test.use({ viewport: DESKTOP });

test('users: search, sort by balance, status filter, page size, reload, CSV, phone cards', async ({
  page,
  admin,
  makeUser,
}) => {
  test.setTimeout(120_000);
  const tag = runTag();
  const poor = await makeUser('reseller', `${tag}a`);
  const rich = await makeUser('reseller', `${tag}b`);
  const middle = await makeUser('reseller', `${tag}c`);
  await deposit(admin, poor.id, 10);
  await deposit(admin, rich.id, 30);
  await deposit(admin, middle.id, 20);
  await expectOk(await admin.put(`/api/users/suspend/${middle.id}`), 'Suspending a user');
  // Nine more with nothing on their balance, so the list has more than one page.
  await Promise.all(Array.from({ length: 9 }, (_, i) => makeUser('reseller', `${tag}z${i}`)));

  await signInAs(page, ADMIN);
  await page.goto('/admin/users');
  await page
    .getByRole('main')
    .getByRole('searchbox', { name: 'Search users', exact: true })
    .fill(tag);
  await expect(page).toHaveURL(new RegExp(`search=${tag}`));
  // Twelve users: two pages of 10, then one of 25.
  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pagination).toContainText('Page 1 of 2');
  await expect(bodyRows(page)).toHaveCount(10);
  await pagination.getByLabel('Rows per page').selectOption('25');
  await expect(page).toHaveURL(/size=25/);
  await expect(bodyRows(page)).toHaveCount(12);

  // Richest first.
  await page.getByRole('columnheader', { name: 'Balance' }).getByRole('button').click();
  await expect(page).toHaveURL(/sort=-balance/);
  await expect(page.getByRole('columnheader', { name: 'Balance' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(bodyRows(page).nth(0)).toContainText(rich.username);
  await expect(bodyRows(page).nth(1)).toContainText(middle.username);
  await expect(bodyRows(page).nth(2)).toContainText(poor.username);

  // Only the suspended one.
  await page.getByLabel('Status', { exact: true }).selectOption('inactive');
  await expect(page).toHaveURL(/status=inactive/);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText(middle.username);

  // A reload keeps the search, the filter, the sort and the page size.
  await page.reload();
  await expect(
    page.getByRole('main').getByRole('searchbox', { name: 'Search users', exact: true }),
  ).toHaveValue(tag);
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('inactive');
  await expect(page).toHaveURL(/size=25/);
  await expect(page.getByRole('columnheader', { name: 'Balance' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(bodyRows(page)).toHaveCount(1);

  // The CSV holds what the filters select: the one suspended user.
  const { rows } = await downloadCsv(page, 'users');
  expect(rows).toHaveLength(1);
  expect(rows[0]).toContain(middle.username);

  // Back to every status: the twelve on one page, as cards on a phone.
  await page.getByLabel('Status', { exact: true }).selectOption('');
  await expect(bodyRows(page)).toHaveCount(12);
  await expectPhoneCards(page, 'users');
});

test('products: the admin catalogue searches, pages, sorts by name and filters by category', async ({
  page,
  admin,
}) => {
  test.setTimeout(120_000);
  const tag = runTag();
  const beta = await seedProduct(admin, { name: `${tag} Beta` });
  const alpha = await seedProduct(admin, { name: `${tag} Alpha` });
  const gamma = await seedProduct(admin, { name: `${tag} Gamma` });
  // Nine more in Gamma's category, so the search matches twelve: more than a page of 10.
  for (let i = 1; i <= 9; i += 1) {
    await expectOk(
      await admin.post('/api/products', {
        multipart: {
          name: `${tag} Item ${i}`,
          categoryId: gamma.categoryId,
          deliveryType: 'request',
          initialPrice: '5',
          managerPrice: '8',
          resellerPrice: '10',
          stockQuantity: '1',
        },
      }),
      'Creating a product',
    );
  }

  await signInAs(page, ADMIN);
  await page.goto('/admin/products');
  await page
    .getByRole('main')
    .getByRole('searchbox', { name: 'Search products', exact: true })
    .fill(tag);
  await expect(page).toHaveURL(new RegExp(`search=${tag}`));
  // The server pages the catalogue: ten rows, then the two left on page 2.
  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pagination).toContainText('Page 1 of 2');
  await expect(bodyRows(page)).toHaveCount(10);
  await pagination.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(pagination).toContainText('Page 2 of 2');
  await expect(bodyRows(page)).toHaveCount(2);
  // A reload opens the same page of the same search.
  await page.reload();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(
    page.getByRole('main').getByRole('searchbox', { name: 'Search products', exact: true }),
  ).toHaveValue(tag);
  await expect(bodyRows(page)).toHaveCount(2);
  // A page of 25 holds all twelve, from the first page again.
  await pagination.getByLabel('Rows per page').selectOption('25');
  await expect(page).toHaveURL(/size=25/);
  await expect(page).not.toHaveURL(/[?&]page=/);
  await expect(bodyRows(page)).toHaveCount(12);

  const nameHeader = page.getByRole('columnheader', { name: 'Product' });
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(bodyRows(page).nth(0)).toContainText(alpha.name);
  await expect(bodyRows(page).nth(2)).toContainText(gamma.name);
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(bodyRows(page).nth(0)).toContainText(`${tag} Item 9`);
  await expect(bodyRows(page).nth(11)).toContainText(alpha.name);
  await expect(page).toHaveURL(/sort=-name/);

  // Each seeded product has its own category: the filter keeps one.
  await page.getByLabel('Filter by category').selectOption(beta.categoryId);
  await expect(page).toHaveURL(/category=/);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText(beta.name);

  await page.reload();
  await expect(
    page.getByRole('main').getByRole('searchbox', { name: 'Search products', exact: true }),
  ).toHaveValue(tag);
  await expect(page.getByLabel('Filter by category')).toHaveValue(beta.categoryId);
  await expect(page).toHaveURL(/size=25/);
  await expect(bodyRows(page)).toHaveCount(1);

  await page.getByLabel('Filter by category').selectOption('');
  await expect(bodyRows(page)).toHaveCount(12);
  await expectPhoneCards(page, 'products');
});

test('tickets: the admin searches, sorts by subject and filters by status', async ({
  page,
  origin,
  admin,
  makeUser,
}) => {
  test.setTimeout(120_000);
  const tag = runTag();
  const subjects = [`${tag} Refund asked`, `${tag} Key refused`, `${tag} Wrong region`];
  const ids: string[] = [];
  // One open ticket per user at a time: each subject has its own author.
  for (const [i, subject] of subjects.entries()) {
    const reseller = await makeUser('reseller', `${tag}r${i}`);
    const author = await apiSignedInAs(origin, reseller.username, reseller.password);
    try {
      const response = await author.post('/api/tickets/create', {
        data: { subject, message: 'Please look at this, the key does not work for me.' },
      });
      await expectOk(response, 'Opening a ticket');
      ids.push(((await response.json()) as { id: string }).id);
    } finally {
      await author.dispose();
    }
  }
  // The first one is answered and closed.
  await expectOk(
    await admin.patch(`/api/tickets/${ids[0]}/respond`, {
      data: { response: 'Refunded, sorry for the trouble.' },
    }),
    'Answering a ticket',
  );

  await signInAs(page, ADMIN);
  await page.goto('/admin/tickets');
  await page
    .getByRole('main')
    .getByRole('searchbox', { name: 'Search tickets', exact: true })
    .fill(tag);
  await expect(page).toHaveURL(new RegExp(`search=${tag}`));
  await expect(bodyRows(page)).toHaveCount(3);

  const subjectHeader = page.getByRole('columnheader', { name: 'Subject' });
  await subjectHeader.getByRole('button').click();
  await expect(subjectHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/sort=subject/);
  await expect(bodyRows(page).nth(0)).toContainText(subjects[1]!);
  await expect(bodyRows(page).nth(1)).toContainText(subjects[0]!);
  await expect(bodyRows(page).nth(2)).toContainText(subjects[2]!);

  await page.getByLabel('Status', { exact: true }).selectOption('open');
  await expect(page).toHaveURL(/status=open/);
  await expect(bodyRows(page)).toHaveCount(2);
  await expect(page.getByRole('table')).not.toContainText(subjects[0]!);

  await page.reload();
  await expect(
    page.getByRole('main').getByRole('searchbox', { name: 'Search tickets', exact: true }),
  ).toHaveValue(tag);
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('open');
  await expect(subjectHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(bodyRows(page)).toHaveCount(2);
  await expect(bodyRows(page).nth(0)).toContainText(subjects[1]!);

  await expectPhoneCards(page, 'tickets');
});
