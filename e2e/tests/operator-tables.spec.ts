import { ADMIN, apiSignedInAs, deposit } from './support/api';
import { placeOrder, seedProduct } from './support/catalogue';
import { managerWithInvitee } from './support/downline';
import { downloadCsv } from './support/csv';
import { expect, signInAs, test } from './support/fixtures';

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test('an admin filters orders by dates and seller, keeps them on reload, sorts, exports and pages', async ({
  page,
  origin,
  admin,
  makeUser,
}) => {
  test.setTimeout(120_000);
  // A manager's reseller buys 23 times (the manager is the seller of each order); a reseller of
  // the admin's own buys once, which the seller filter leaves out.
  const { manager, reseller } = await managerWithInvitee(origin, makeUser, 'tbl');
  const outsider = await makeUser('reseller', 'tblout');
  const product = await seedProduct(admin, { deliveryType: 'request', stockQuantity: 500 });
  await deposit(admin, reseller.id, 5000);
  await deposit(admin, outsider.id, 100);
  const buyer = await apiSignedInAs(origin, reseller.username, reseller.password);
  const other = await apiSignedInAs(origin, outsider.username, outsider.password);
  const placed = 23;
  try {
    for (let i = 0; i < placed; i++) await placeOrder(buyer, product.id, (i % 5) + 1);
    await placeOrder(other, product.id, 1);
  } finally {
    await buyer.dispose();
    await other.dispose();
  }

  await signInAs(page, ADMIN);
  await page.goto('/admin/orders');
  await page.getByLabel('From', { exact: true }).fill(day(-1));
  await page.getByLabel('To', { exact: true }).fill(day(0));
  await page.getByRole('combobox', { name: 'Seller' }).fill(manager.username);
  await page.getByRole('option', { name: manager.username }).click();

  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pagination).toContainText('Page 1 of 3');
  await expect(page).toHaveURL(/seller=/);
  const stats = page.getByRole('region', { name: 'Order statistics' });
  await expect(stats).toContainText(String(placed));

  // A reload keeps every filter, and the seller is named, not shown as an id.
  await page.reload();
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(day(-1));
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(day(0));
  await expect(page.getByRole('button', { name: 'Clear Seller' })).toBeVisible();
  await expect(page.getByText(manager.username).first()).toBeVisible();
  await expect(pagination).toContainText('Page 1 of 3');

  // Sorted by total, largest first.
  await page.getByRole('columnheader', { name: 'Total' }).getByRole('button').click();
  await expect(page).toHaveURL(/sort=-total/);
  await expect(page.getByRole('columnheader', { name: 'Total' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  // The Total column found by its header: the selection and the seller come before it.
  const headers = await page.getByRole('columnheader').allTextContents();
  const totalColumn = headers.findIndex((header) => header.trim().startsWith('Total')) + 1;
  expect(totalColumn).toBeGreaterThan(0);
  const totalCells = page.locator(`tbody tr td:nth-child(${totalColumn})`);
  await expect(totalCells).toHaveCount(10);
  const totals = (await totalCells.allTextContents()).map((text) =>
    Number(text.replace(/[^0-9.]/g, '')),
  );
  expect(totals).toEqual([...totals].sort((a, b) => b - a));
  expect(totals[0]).toBeGreaterThan(totals[totals.length - 1] ?? 0);

  // The CSV holds exactly the filtered orders.
  const { header, rows } = await downloadCsv(page, 'orders');
  expect(header).toMatch(/^Order,Date \(UTC\),Status,Backordered,Product,/);
  expect(rows).toHaveLength(placed);
  for (const row of rows) expect(row).toContain(`,${manager.username},`);

  // Jump to the last page, then show 25 rows a page.
  await pagination.getByLabel('Go to page').fill('3');
  await pagination.getByRole('button', { name: 'Go' }).click();
  await expect(pagination).toContainText('Page 3 of 3');
  await expect(page.locator('tbody tr')).toHaveCount(placed - 20);
  await expect(page).toHaveURL(/page=3/);

  await pagination.getByLabel('Rows per page').selectOption('25');
  await expect(page.locator('tbody tr')).toHaveCount(placed);
  await expect(page).toHaveURL(/size=25/);
  await expect(page).not.toHaveURL(/page=/);
});
