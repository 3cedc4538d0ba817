import { ADMIN, expectOk, newAccount } from './support/api';
import {
  areaUrl,
  expect,
  openLogoutDialog,
  signInAs,
  signInThroughForm,
  test,
} from './support/fixtures';
import { sidewaysOverflow } from './support/layout';
import { text } from './support/locales';
import { chooseSizedLook, lookName, shoot, sweep } from './support/looks';

test.describe('sign-in, invitation and sign-up', () => {
  test('admin invites a manager who signs up with the copied code', async ({
    page,
    browser,
    origin,
  }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin });

    // The admin signs in through the form and lands in its own area.
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await signInThroughForm(page, ADMIN.username, ADMIN.password);
    await expect(page).toHaveURL(areaUrl('admin'));

    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    await navigation.getByRole('link', { name: 'Generate code' }).click();
    await expect(page).toHaveURL(/\/admin\/generate-code$/);
    await expect(page.getByRole('heading', { name: 'Generate signup code' })).toBeVisible();

    // A manager code, valid three days.
    await page.getByLabel('Role granted').selectOption('manager');
    await page.getByLabel('Expires after (days)').fill('3');
    await page.getByRole('button', { name: 'Generate code' }).click();

    const latest = page.getByRole('status').filter({ hasText: 'Your new code' });
    const code = (await latest.locator('code').textContent())?.trim() ?? '';
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);

    await latest.getByRole('button', { name: `Copy code ${code}` }).click();
    await expect(page.getByText(`Code ${code} copied to the clipboard`)).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(code);

    const codes = page.getByRole('table');
    const row = codes.getByRole('row').filter({ hasText: code });
    await expect(row).toContainText('Manager');
    await expect(row).toContainText('Unused');
    await expect(row).toContainText('Not used');

    // Someone else, in another browser, signs up with it.
    const newcomerContext = await browser.newContext();
    const newcomer = await newcomerContext.newPage();
    const account = newAccount('manager');
    try {
      await newcomer.goto('/login');
      await newcomer.getByRole('link', { name: 'Create an account' }).click();
      await expect(newcomer).toHaveURL(/\/signup$/);
      await expect(newcomer.getByRole('heading', { name: 'Create your account' })).toBeVisible();
      await newcomer.getByLabel('Username').fill(account.username);
      await newcomer.getByLabel('First name').fill(account.firstName);
      await newcomer.getByLabel('Last name').fill(account.lastName);
      await newcomer.getByLabel('Email').fill(account.email);
      await newcomer.getByLabel('Phone').fill(account.phone);
      await newcomer.getByLabel('Password', { exact: true }).fill(account.password);
      await newcomer.getByLabel('Confirm password').fill(account.password);
      await newcomer.getByLabel('Invite code').fill(copied);
      await newcomer.getByRole('button', { name: 'Create account' }).click();

      await expect(newcomer).toHaveURL(areaUrl('manager'));
      await expect(newcomer.getByText(`Welcome to Keymarket, ${account.firstName}!`)).toBeVisible();
      expect(await newcomer.evaluate(() => localStorage.getItem('userRole'))).toBe('manager');
      // The new manager's profile says who it is.
      await newcomer.goto('/manager/profile');
      await expect(newcomer.getByRole('heading', { name: 'Profile' })).toBeVisible();
      await expect(newcomer.getByText(`@${account.username}`)).toBeVisible();
    } finally {
      await newcomerContext.close();
    }

    // Back in the admin's browser, the code is now used, by the new manager.
    await page.reload();
    const usedRow = page.getByRole('table').getByRole('row').filter({ hasText: code });
    await expect(usedRow).toContainText('Used');
    await expect(usedRow).toContainText(account.username);
    await expect(usedRow).not.toContainText('Unused');
  });

  test('an inner route remembers where the visitor was going', async ({ page }) => {
    await page.goto('/admin/profile');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Fprofile$/);

    await signInThroughForm(page, ADMIN.username, ADMIN.password);

    await expect(page).toHaveURL(/\/admin\/profile$/);
    await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
    await expect(page.getByText(`@${ADMIN.username}`)).toBeVisible();
  });

  test('a visitor without a remembered role is sent from / to /login', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a wrong password is refused with the specification message', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByLabel('Username or email')).toHaveAccessibleDescription(
      'Please enter your username or email',
    );
    await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
      'Please enter your password',
    );

    await signInThroughForm(page, ADMIN.username, 'Not-the-Passw0rd!');

    await expect(page.getByText('Login failed. Please check your credentials.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('signup shows the validation messages and sends nothing', async ({ page }) => {
    const registrations: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/register')) registrations.push(request.url());
    });
    await page.goto('/signup');

    await page.getByLabel('Username').fill('ab');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Phone').fill('12345');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password').fill('different');
    await page.getByLabel('Invite code').fill('ABCDEFG');
    await page.getByRole('button', { name: 'Create account' }).click();

    const described = async (label: string, message: string, exact = false) =>
      expect(page.getByLabel(label, { exact })).toHaveAccessibleDescription(message);
    // The password's rules, listed under it, describe it after its error.
    const describedPassword = (message: string) =>
      described('Password', `${message} Password rules`, true);
    await described('Username', 'Username must be at least 3 characters');
    await described('First name', 'First name is required');
    await described('Last name', 'Last name is required');
    await described('Email', 'Please enter a valid email address');
    await described(
      'Phone',
      'Please enter a valid phone number in international format, e.g. +33612345678',
    );
    await describedPassword('Password must be at least 8 characters');
    await described('Invite code', 'Invite code must be exactly 8 characters');

    // With everything else right, the two passwords must still match.
    const account = newAccount('mismatch');
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('First name').fill(account.firstName);
    await page.getByLabel('Last name').fill(account.lastName);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Phone').fill(account.phone);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm password').fill(`${account.password}x`);
    await page.getByLabel('Invite code').fill('ABCDEFGH');
    await page.getByRole('button', { name: 'Create account' }).click();
    await described('Confirm password', 'Passwords do not match');

    // Each password rule has its own message.
    await page.getByLabel('Confirm password').fill('alllowercase1!');
    await page.getByLabel('Password', { exact: true }).fill('alllowercase1!');
    await page.getByRole('button', { name: 'Create account' }).click();
    await describedPassword('Password must contain an uppercase letter');
    await page.getByLabel('Password', { exact: true }).fill('NoDigits-here');
    await page.getByRole('button', { name: 'Create account' }).click();
    await describedPassword('Password must contain a number');
    await page.getByLabel('Password', { exact: true }).fill('NoSpecial123');
    await page.getByRole('button', { name: 'Create account' }).click();
    await describedPassword('Password must contain a special character');

    expect(registrations).toEqual([]);
  });

  test('the phone takes a country searched by name, in every look of the sweep', async ({
    page,
  }) => {
    const france = { en: 'France', fr: 'France', ar: 'فرنسا' } as const;
    for (const look of sweep) {
      await chooseSizedLook(page, look);
      await page.goto('/signup');
      await expect(page.locator('html')).toHaveAttribute('lang', look.language);
      const number = page.getByLabel(text(look.language, 'auth.signup.phone'), { exact: true });
      const country = page.getByRole('combobox', {
        name: text(look.language, 'auth.signup.country'),
      });
      await country.fill(france[look.language].slice(0, 3));
      await page.getByRole('option', { name: `${france[look.language]} +33` }).click();
      await expect(country).toHaveValue(france[look.language]);
      await number.fill('06 12 34 56 78');

      // The code sits left of the number in every language, Arabic too.
      const prefix = page.getByText('+33', { exact: true });
      const [prefixBox, numberBox] = [await prefix.boundingBox(), await number.boundingBox()];
      expect(prefixBox!.x).toBeLessThan(numberBox!.x);
      expect(await sidewaysOverflow(page)).toBe(0);
      await shoot(page, `signup-phone-chosen-${lookName(look)}`);

      await country.fill(france[look.language].slice(0, 1));
      await expect(page.getByRole('listbox')).toBeVisible();
      await shoot(page, `signup-phone-list-${lookName(look)}`);
      await page.keyboard.press('Escape');
    }
  });

  test('signup with an unknown code says the code was refused', async ({ page }) => {
    const account = newAccount('badcode');
    await page.goto('/signup?code=ZZZZZZZZ');
    await expect(page.getByLabel('Invite code')).toHaveValue('ZZZZZZZZ');
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('First name').fill(account.firstName);
    await page.getByLabel('Last name').fill(account.lastName);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Phone').fill(account.phone);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm password').fill(account.password);
    await page.getByRole('button', { name: 'Create account' }).click();

    const alert = page.getByRole('alert').filter({ hasText: 'Registration failed' });
    await expect(alert).toContainText(
      'This invite code is invalid, expired or already used. Ask for a new one.',
    );
    await expect(page).toHaveURL(/\/signup/);
  });
});

test.describe('guards', () => {
  test('a reseller visiting /admin is sent to its own area', async ({ page, makeUser }) => {
    const reseller = await makeUser('reseller');
    await signInAs(page, reseller);

    await page.goto('/admin');
    await expect(page).toHaveURL(areaUrl('reseller'));
    expect(await page.evaluate(() => localStorage.getItem('userRole'))).toBe('reseller');

    await page.goto('/admin/generate-code');
    await expect(page).toHaveURL(areaUrl('reseller'));

    // It still has its own screens: a reseller code, without the role choice.
    await page.goto('/reseller/generate-code');
    await expect(page.getByRole('heading', { name: 'Generate signup code' })).toBeVisible();
    await expect(page.getByLabel('Role granted')).toHaveCount(0);
  });

  test('a manager visiting /reseller is sent to /manager', async ({ page, makeUser }) => {
    const manager = await makeUser('manager');
    await signInAs(page, manager);

    await page.goto('/reseller/profile');
    await expect(page).toHaveURL(areaUrl('manager'));
  });

  test('an unknown path shows the not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('404')).toBeVisible();
    await page.getByRole('link', { name: 'Go to home page' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an unknown path inside an area shows the not-found page there', async ({ page }) => {
    await signInAs(page, ADMIN);
    await page.goto('/admin/no-such-screen');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  });

  test('an unknown API path answers a JSON 404', async ({ request }) => {
    const response = await request.get('/api/no-such-endpoint');
    expect(response.status()).toBe(404);
    const body = (await response.json()) as { message: { type: string } };
    expect(body.message.type).toBe('not_found');
  });
});

test.describe('logout and bans', () => {
  test('logout asks for confirmation, then ends the session', async ({ page, makeUser }) => {
    const reseller = await makeUser('reseller');
    await signInAs(page, reseller);
    await page.goto('/reseller/profile');
    await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();

    // Cancelling keeps everything as it was.
    let dialog = await openLogoutDialog(page);
    await expect(dialog).toContainText('You will need to sign in again to use your account.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/reseller\/profile$/);

    // Escape closes it too (keyboard-usable dialog).
    dialog = await openLogoutDialog(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    dialog = await openLogoutDialog(page);
    await dialog.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('userRole'))).toBeNull();

    // The session is really gone on the server: the area asks for a sign-in again.
    await page.goto('/reseller/profile');
    await expect(page).toHaveURL(/\/login\?redirect=%2Freseller%2Fprofile$/);
  });

  test("a banned reseller's next sign-in shows the reason", async ({ page, admin, makeUser }) => {
    const reseller = await makeUser('reseller');
    const reason = `Chargeback fraud ${Date.now()}`;
    await expectOk(
      await admin.post(`/api/users/ban-user/${reseller.id}`, { data: { reason } }),
      'Banning the reseller',
    );

    await page.goto('/login');
    await signInThroughForm(page, reseller.username, reseller.password);
    await expect(page.getByText(`Your account has been banned. Reason: ${reason}`)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});
